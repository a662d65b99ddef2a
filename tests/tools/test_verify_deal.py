"""tools/verify_deal.py: the published vectors, a replay it builds itself, and tampered replays.

No database: the verifier is a standalone program; these tests run it as players
would (a subprocess on a JSON file) and call its functions for exact values.
"""

from __future__ import annotations

import copy
import hashlib
import hmac
import json
import subprocess
import sys
from pathlib import Path

import pytest

from tools import verify_deal as vd

ROOT = Path(__file__).resolve().parents[2]
VERIFIER = ROOT / "tools" / "verify_deal.py"
VECTORS = ROOT / "docs" / "fair-deal-vectors.json"
EMPTY = ["........"] * 8
SERVER_SEED = bytes(range(32))
CLIENT_SEED = "browser-entropy-42"


DEALERS = [{"mode": "challenge", "dealer": 2, "from_game": 1}, {"mode": "classic", "dealer": 2, "from_game": 1}]
"""The dealer cut-overs the games built here are checked against: dealer 2 from the first game of each mode."""


STARTED = "2026-12-06T08:00:00-08:00"
"""When the games built here started, as a replay says it (``game.started``)."""
EARLIER = "2026-11-01T00:00:00+00:00"
"""When the ladders built here published their versions: before the games started."""


def run(
    tmp_path: Path, replay: dict, ladder: list[dict] | None = None, dealers: list[dict] | None = DEALERS
) -> tuple[int, str]:
    """Run the verifier on ``replay`` saved as a file (and ``ladder`` and ``dealers``, as ``--ladder FILE`` and
    ``--dealers FILE``): ``(exit status, stdout)``."""
    path, options = tmp_path / "replay.json", []
    path.write_text(json.dumps(replay), encoding="utf-8")
    for flag, published in (("--ladder", ladder), ("--dealers", dealers)):
        if published is not None:
            options += [flag, str(tmp_path / f"{flag[2:]}.json")]
            Path(options[-1]).write_text(json.dumps(published), encoding="utf-8")
    command = [sys.executable, str(VERIFIER), *options, str(path)]
    done = subprocess.run(command, capture_output=True, text=True, timeout=60)
    return done.returncode, done.stdout


def view(hand: list[vd.Piece], used: list[bool]) -> list[dict]:
    return [
        {"slot": slot, "piece": piece.id, "cells": [list(cell) for cell in piece.cells], "used": done}
        for slot, (piece, done) in enumerate(zip(hand, used))
    ]


def choose(board: int, hand: list[vd.Piece], used: list[bool], careful: bool):
    """``(slot, row, col)``: the first legal placement (careful: one that keeps the rest placeable), or None."""
    for slot, piece in enumerate(hand):
        rest = tuple(p for s, p in enumerate(hand) if not used[s] and s != slot)
        for (row, col), (mask, lines) in piece.at.items():
            if used[slot] or board & mask:
                continue
            if not careful or vd.placeable(vd.settle(board | mask, lines), rest):
                return slot, row, col
    return None


SCORING = vd.RULESETS["1"].scorings["classic"]


def _move_step(board: int, hand: list, used: list[bool], choice: tuple[int, int, int], tally: dict) -> tuple[int, dict]:
    """Play ``choice`` on ``board`` (marking its slot used, adding to ``tally``): the board after it and the step."""
    slot, row, col = choice
    mask, lines = hand[slot].at[row, col]
    before = view(hand, used)
    rows, cols = vd.full_lines(board | mask)
    board, used[slot] = vd.settle(board | mask, lines), True
    squares, cleared = len(hand[slot].cells), len(rows) + len(cols)
    scored = SCORING.move(squares, cleared, board == 0, tally["combo"])
    tally.update(score=tally["score"] + scored["points"], combo=(scored["combo"], scored["left"]))
    tally["moves"] += 1
    numbers = {key: scored[key] for key in ("combo", "line_points", "clear_bonus", "points")}
    result = {"squares": squares, "lines": cleared, "rows": rows, "cols": cols, **numbers}
    move = {"slot": slot, "row": row, "col": col}
    return board, {"hand": before, "move": move, "result": result, "board": vd.board_rows(board)}


def _stars(status: str, score: int) -> tuple[int | None, dict | None]:
    """The stars of a game that ends with ``status`` and ``score``: no earlier game, nothing capped."""
    if status != "over":
        return None, None
    earned = 1 + min(5, score // 2500)
    detail = {"base": 1, "score_bonus": earned - 1, "high_score": 0, "challenge": 0, "capped": 0}
    return earned, detail | {"earned": earned, "paid": earned}


def _game(status: str, challenge: int | None, tally: dict, continues: int, client_seed: str | None) -> dict:
    """The replay's ``game`` of a game built here (its board and hand added by the caller)."""
    fair = {
        "dealer": "2",
        "rules": "1",
        "commitment": hashlib.sha256(SERVER_SEED).hexdigest(),
        "client_seed": client_seed,
        "server_seed": SERVER_SEED.hex(),
    }
    return {
        "id": "7",
        "mode": "challenge" if challenge else "classic",
        "challenge": challenge,
        "challenge_version": 1 if challenge else None,
        "started": STARTED,
        "target": 10**6 if challenge else None,
        "status": status,
        "score": tally["score"],
        "moves": tally["moves"],
        "combo": tally["combo"][0],
        "combo_moves_left": tally["combo"][1],
        "continues_left": continues,
        "stars": _stars(status, tally["score"])[0],
        "fair": fair,
    }


def build_replay(
    *, moves: int, careful: bool, challenge: int | None = None, start=EMPTY, client_seed=CLIENT_SEED
) -> dict:
    """A finished game's replay, played by a simple bot and dealt and scored by the verifier's own functions."""
    pieces, board, steps, continues = vd.published_set(challenge), vd.parse_board(start), [], 1
    dealt, tally = 0, {"score": 0, "combo": (0, 0), "moves": 0}

    def deal(on: int) -> list[vd.Piece]:
        nonlocal dealt
        dealt += 1
        return vd.deal_hand(on, pieces, vd.Stream(SERVER_SEED, client_seed or "", dealt - 1))

    hand, used, status = deal(board), [False] * 3, "abandoned"
    while sum("move" in step for step in steps) < moves:
        choice = choose(board, hand, used, careful)
        if choice is None and continues:
            continues -= 1
            hand, used = deal(board), [False] * 3
            steps.append({"continue": True, "hand": view(hand, used), "board": vd.board_rows(board)})
            continue
        if choice is None:
            status = "over"
            break
        board, step = _move_step(board, hand, used, choice, tally)
        steps.append(step)
        if all(used):
            hand, used = deal(board), [False] * 3
    game = _game(status, challenge, tally, continues, client_seed) | {"board": vd.board_rows(board)}
    game["hand"] = view(hand, used)
    piece_set = [{"piece": p.id, "cells": [list(c) for c in p.cells]} for p in pieces]
    stars_detail = _stars(status, tally["score"])[1]
    return {"game": game, "piece_set": piece_set, "start_board": start, "steps": steps, "stars_detail": stars_detail}


@pytest.fixture(scope="module")
def careless() -> dict:
    """A game to its end: the bot runs out of room, uses its Continue, runs out again."""
    replay = build_replay(moves=500, careful=False)
    assert replay["game"]["status"] == "over"
    assert [i for i, step in enumerate(replay["steps"]) if step.get("continue")] == [32]
    return replay


def first_step_of_hand(replay: dict, hand: int) -> int:
    """Index of the step that first shows hand number ``hand`` (1-based) dealt after a move."""
    seen = 0
    for index, step in enumerate(replay["steps"]):
        if "move" in step and not any(entry["used"] for entry in step["hand"]):
            seen += 1
            if seen == hand:
                return index
    raise AssertionError(f"hand {hand} is not shown")


def test_vectors_file_matches_the_verifier():
    done = subprocess.run([sys.executable, str(VERIFIER), "--vectors", str(VECTORS)], capture_output=True, text=True)
    assert done.returncode == 0, done.stdout
    data = json.loads(VECTORS.read_text(encoding="utf-8"))
    kinds = ("streams", "eligible", "hands", "daily_boards")
    assert done.stdout.count(": OK\n") == sum(len(data[kind]) for kind in kinds)
    assert {v["board"] != EMPTY for v in data["daily_boards"]} == {True, False}  # a pattern day and an empty one


@pytest.mark.parametrize("flag", ["--help", "-h"])
def test_help_prints_the_usage_and_is_not_read_as_a_file(flag):
    done = subprocess.run([sys.executable, str(VERIFIER), flag], capture_output=True, text=True)
    assert (done.returncode, done.stderr) == (0, "")
    assert "python3 tools/verify_deal.py --vectors docs/fair-deal-vectors.json" in done.stdout
    assert "cannot read" not in done.stdout


def test_stream_vectors_are_hmac_sha256_blocks_of_client_seed_k_and_block_number():
    data = json.loads(VECTORS.read_text(encoding="utf-8"))
    for vector in data["streams"]:
        shared_start = vector.get("dealer") == "3" and vector["k"] == 0  # dealer 3's deal 0 reads no client seed
        client_seed = "" if shared_start else vector["client_seed"]
        if vector.get("dealer") == "4":  # dealer 4 reads the game's label first
            client_seed = f"{vector['label']}:{client_seed}"
        key, prefix = bytes.fromhex(vector["server_seed"]), f"{client_seed}:{vector['k']}:"
        blocks = b"".join(hmac.new(key, f"{prefix}{i}".encode(), hashlib.sha256).digest() for i in (0, 1))
        assert vector["first_64_bytes"] == blocks.hex()
    assert "" in [vector["client_seed"] for vector in data["streams"]]


def test_below_one_reads_nothing_and_rejects_values_at_or_over_n():
    stream = vd.Stream(SERVER_SEED, "", 0)
    first = stream.read(1)[0]
    stream = vd.Stream(SERVER_SEED, "", 0)
    assert stream.below(1) == 0
    assert stream.below(256) == first
    bits6 = vd.Stream(SERVER_SEED, "", 0).read(8)
    expected = next(b & 63 for b in bits6 if b & 63 < 35)
    assert vd.Stream(SERVER_SEED, "", 0).below(35) == expected


def test_a_piece_that_fits_only_after_a_clear_is_not_eligible():
    data = json.loads(VECTORS.read_text(encoding="utf-8"))
    vector = next(v for v in data["eligible"] if v["name"] == "fits-only-after-a-clear")
    pieces = {p.id: p for p in vd.published_set()}
    board = vd.parse_board(vector["board"])
    assert vector["drawn"] == ["I3-v"] and "O9" not in vector["eligible"]
    assert not vd.fits(board, pieces["O9"])
    assert vd.placeable(board, (pieces["I3-v"], pieces["O9"]))


def test_a_piece_that_fits_alone_but_not_with_the_drawn_piece_is_not_eligible():
    data = json.loads(VECTORS.read_text(encoding="utf-8"))
    alone, after = (
        next(v for v in data["eligible"] if v["name"] == name)
        for name in ("tight", "tight-fits-alone-but-not-with-I3-h")
    )
    assert alone["eligible"] == ["mono", "I2-h", "I2-v", "I3-h", "I3-v"]
    assert after["drawn"] == ["I3-h"] and after["eligible"] == ["mono", "I2-v", "I3-v"]


def test_a_replay_built_from_the_rule_verifies(tmp_path, careless):
    status, out = run(tmp_path, careless)
    assert status == 0, out
    assert out.splitlines()[0].startswith("hand 1 (deal 0): OK — 3 pieces fit as dealt, placeable in full (")
    score = careless["game"]["score"]
    assert out.splitlines()[-1].startswith("PASS: all ")
    assert out.splitlines()[-1].endswith(
        f"the final score {score}, status over (stuck: no moves, no Continue left) and stars follow rules 1"
    )


def test_a_challenge_15_game_with_a_start_board_verifies_against_the_ladder_file(tmp_path):
    start = ["#.#.#.#.", ".#.#.#.#", *EMPTY[2:]]
    replay = build_replay(moves=40, careful=True, challenge=15, start=start, client_seed=None)
    ladder = [
        {"number": 1, "version": 1, "target": 1500, "start_board": EMPTY, "piece_set": "base", "published": EARLIER},
        {"number": 15, "version": 1, "target": 10**6, "start_board": start, "piece_set": "challenge-15"},
    ]
    ladder[1]["published"] = EARLIER
    status, out = run(tmp_path, replay, ladder)
    assert status == 0, out
    assert out.count(": OK — ") == 14
    assert run(tmp_path, replay) == (
        2,
        "cannot verify: a challenge game is checked against the published ladder: pass --ladder FILE (or URL), "
        "the answer of GET /api/challenges/\n",
    )
    ladder[1]["start_board"] = EMPTY  # a ladder whose challenge 15 starts empty: the replay's board is refused
    status, out = run(tmp_path, replay, ladder)
    assert status == 1
    assert (
        "FAILED — start board row 0 is '#.#.#.#.' in the replay, '........' in the published ladder "
        "(challenge 15 version 1)" in out.splitlines()
    )


def test_a_ladder_url_is_the_replay_site_s_challenges():
    assert vd.ladder_url("https://bk.example/api/games/42/replay/") == "https://bk.example/api/challenges/"
    assert vd.ladder_url("saved/api/games/42/replay.json") is None  # a file: the ladder comes with --ladder


def test_a_300_move_game_verifies_hand_by_hand():
    reports, problems = vd.verify(build_replay(moves=300, careful=True))
    assert problems == []
    assert [r.line().split(" — ")[0] for r in reports] == [f"hand {n} (deal {n - 1}): OK" for n in range(1, 102)]


def test_a_continue_while_a_piece_still_fits_fails(tmp_path, careless):
    replay = copy.deepcopy(careless)
    board = vd.parse_board(replay["steps"][0]["board"])
    hand = vd.deal_hand(board, vd.published_set(), vd.Stream(SERVER_SEED, CLIENT_SEED, 1))
    replay["steps"].insert(1, {"continue": True, "hand": view(hand, [False] * 3), "board": replay["steps"][0]["board"]})
    status, out = run(tmp_path, replay)
    assert status == 1
    assert out.startswith("hand 1 (deal 0): FAILED — step 2: Continue while ")


def test_a_changed_hand_fails_and_names_it(tmp_path, careless):
    replay = copy.deepcopy(careless)
    index = first_step_of_hand(replay, 3)
    entry = replay["steps"][index]["hand"][1]
    forged = "mono" if entry["piece"] != "mono" else "I2-h"
    entry.update(piece=forged, cells=next(p["cells"] for p in replay["piece_set"] if p["piece"] == forged))
    status, out = run(tmp_path, replay)
    assert status == 1
    line = next(line for line in out.splitlines() if line.startswith("hand 3 "))
    assert line.startswith(f"hand 3 (deal 2): FAILED — step {index + 1}: the replay shows ")
    assert "; the rule deals " in line
    assert "hands 3)" in out.splitlines()[-1]


def test_a_changed_board_fails_and_names_the_hand(tmp_path, careless):
    replay = copy.deepcopy(careless)
    index = first_step_of_hand(replay, 2)
    board = replay["steps"][index]["board"]
    board[7] = ("#" if board[7][0] == "." else ".") + board[7][1:]
    status, out = run(tmp_path, replay)
    assert status == 1
    assert f"hand 2 (deal 1): FAILED — step {index + 1}: board row 7 is " in out


def test_a_changed_move_fails_and_names_the_hand(tmp_path, careless):
    replay = copy.deepcopy(careless)
    index = first_step_of_hand(replay, 4)
    move = replay["steps"][index]["move"]
    move["col"] = 0 if move["col"] else 1
    status, out = run(tmp_path, replay)
    assert status == 1
    assert f"hand 4 (deal 3): FAILED — step {index + 1}: " in out


def test_a_server_seed_that_does_not_match_the_commitment_fails(tmp_path, careless):
    replay = copy.deepcopy(careless)
    replay["game"]["fair"]["server_seed"] = bytes(range(1, 33)).hex()
    status, out = run(tmp_path, replay)
    assert status == 1
    assert "hand 1 (deal 0): FAILED — step 1: the replay shows " in out
    assert "FAILED — commitment " in out


def test_an_old_game_without_fair_cannot_be_verified(tmp_path, careless):
    replay = copy.deepcopy(careless)
    replay["game"]["fair"] = None
    dealers = [{"mode": "classic", "dealer": 1, "from_game": 1}, {"mode": "classic", "dealer": 2, "from_game": 8}]
    assert run(tmp_path, replay, dealers=dealers) == (
        2,
        'cannot verify: this game has "fair": null: it was dealt before '
        "verifiable deals (dealer 1) and cannot be verified\n",
    )


def test_input_that_is_not_a_replay_is_unusable(tmp_path):
    assert run(tmp_path, {"steps": []}) == (2, "cannot verify: malformed replay (KeyError: 'game')\n")


def test_a_saved_replay_without_the_dealer_cut_overs_cannot_be_verified(tmp_path, careless):
    assert run(tmp_path, careless, dealers=None) == (
        2,
        "cannot verify: the game's dealer is checked against the published dealer cut-overs: pass --dealers FILE "
        "(or URL), the answer of GET /api/dealers/\n",
    )


def test_a_game_of_an_older_dealer_after_its_mode_s_cut_over_is_refused(tmp_path, careless):
    dealers = [{"mode": "classic", "dealer": 2, "from_game": 1}, {"mode": "classic", "dealer": 4, "from_game": 7}]
    status, out = run(tmp_path, careless, dealers=dealers)
    assert status == 1
    assert out.splitlines()[-2:] == [
        "FAILED — game 7 is dealt by dealer 2, but every classic game from game 7 on is dealt by dealer 4 "
        "(the published cut-over, GET /api/dealers/)",
        f"FAIL: 0 of {out.count(': OK — ')} hands differ (no hand); 1 game-wide problem(s)",
    ]
    dealers[1]["from_game"] = 8  # dealer 4 from the next game on: this one is dealer 2's
    assert run(tmp_path, careless, dealers=dealers)[0] == 0


def test_a_game_without_fair_after_a_cut_over_is_refused_not_skipped(tmp_path, careless):
    replay = copy.deepcopy(careless)
    replay["game"]["fair"] = None
    assert run(tmp_path, replay) == (
        1,
        "FAILED — game 7 is dealt by dealer 1, but every classic game from game 1 on is dealt by dealer 2 "
        "(the published cut-over, GET /api/dealers/)\n"
        'FAIL: this game has "fair": null: it was dealt before verifiable deals (dealer 1) and cannot be verified\n',
    )


def test_a_challenge_against_an_empty_ladder_is_refused_in_words(tmp_path):
    replay = build_replay(moves=10, careful=True, challenge=3, client_seed=None)
    status, out = run(tmp_path, replay, ladder=[])
    assert status == 1
    assert "FAILED — challenge 3 is not in the published ladder: no challenge is published yet" in out.splitlines()


def test_a_challenge_version_is_held_to_the_ladder_s_history_at_the_game_s_start(tmp_path):
    replay = build_replay(moves=10, careful=True, challenge=15, client_seed=None)
    entry = {"number": 15, "version": 1, "target": 10**6, "start_board": EMPTY, "piece_set": "challenge-15"}
    later = "2026-12-06T09:00:00-08:00"  # the game started at 08:00 in Los Angeles
    status, out = run(tmp_path, replay, [{**entry, "published": later}])
    assert (
        status == 1
        and (f"FAILED — challenge 15 version 1 was published at {later}, after the game started at {STARTED}")
        in out.splitlines()
    )
    newer = {**entry, "version": 2, "target": 5000, "published": "2026-12-06T15:59:00Z"}
    status, out = run(tmp_path, replay, [{**entry, "published": EARLIER}, newer])
    assert (
        status == 1
        and (
            f"FAILED — challenge 15 version 1 was not the latest when the game started at {STARTED}: version 2 was "
            "published at 2026-12-06T15:59:00Z (GET /api/challenges/)"
        )
        in out.splitlines()
    )
    newer["published"] = "2026-12-06T16:00:01Z"  # a second after the start: version 1 was still the latest
    assert run(tmp_path, replay, [{**entry, "published": EARLIER}, newer])[0] == 0
    status, out = run(tmp_path, replay, [{**entry, "published": "2026-12-06 08:00"}])
    assert (status, out.split(": ")[0]) == (2, "cannot verify")  # no offset: not a published time


def test_a_challenge_game_without_its_start_time_is_refused(tmp_path):
    replay = build_replay(moves=10, careful=True, challenge=15, client_seed=None)
    del replay["game"]["started"]
    entry = {"number": 15, "version": 1, "target": 10**6, "start_board": EMPTY, "piece_set": "challenge-15"}
    status, out = run(tmp_path, replay, [{**entry, "published": EARLIER}])
    assert (
        status == 1
        and (
            "FAILED — started None is not an ISO 8601 time with an offset: the game cannot be placed in the history of "
            "challenge 15 version 1"
        )
        in out.splitlines()
    )


def test_the_daily_start_board_is_drawn_from_the_raw_seed_bytes_not_their_hex_text():
    boards = json.loads(VECTORS.read_text())["daily_boards"]
    assert all(vd.board_rows(vd.daily_start_board(bytes.fromhex(v["server_seed"]))) == v["board"] for v in boards)
    assert any(vd.board_rows(vd.daily_start_board(v["server_seed"].encode())) != v["board"] for v in boards)
