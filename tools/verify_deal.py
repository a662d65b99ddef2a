#!/usr/bin/env python3
"""Check a finished Block Knock! game from its replay: every hand against the published fair-deal rule,
and every published number (points, lines, combo, clear bonus, score, status, stars) against the rules.

An independent program: standard library only, sharing no code with the server.
The rules it implements (dealers "2", "3", the Daily's, and "4"; rules version "1") are docs/fair-deal.md
§ Checking a game and docs/rules.md § Scoring, § End of game, Continue, § Stars, levels.

    python3 tools/verify_deal.py https://example.org/api/games/ID/replay/
    python3 tools/verify_deal.py --dealers saved-dealers.json saved-replay.json
    python3 tools/verify_deal.py --dealers saved-dealers.json --ladder saved-ladder.json saved-challenge-replay.json
    python3 tools/verify_deal.py --dealers saved-dealers.json --dailies saved-dailies.json saved-daily-replay.json
    python3 tools/verify_deal.py blockknock-games-2026-12-06.json   (Settings → Download my games)
    python3 tools/verify_deal.py --vectors docs/fair-deal-vectors.json
    python3 tools/verify_deal.py --help

It checks the game's dealer against the published dealer cut-overs (``GET /api/dealers/``: fetched from
the replay's site, read from the file ``--dealers`` names, or a download's own copy): a game of an older
dealer at or after its mode's cut-over is refused. A Daily is held to its day's published entry
(``GET /api/dailies/{day}/``: fetched from the replay's site, read from the file ``--dailies`` names, a
single entry or the list of ``GET /api/dailies/``, or a download's own copies): the commitment and the revealed
seed must be the ones published for the replay's day. It checks the commitment and the start board (empty in
Classic and Practice, the day's
board in the Daily; a challenge's start board, target and piece set are those the published
ladder, ``GET /api/challenges/``, gives its number and version: fetched from the replay's site,
or read from the file ``--ladder`` names; that version must be the number's latest published one when the
game started), replays the moves with its own placement, line-clear and scoring
code, recomputes every hand from the revealed seeds and the board it was dealt on,
checks that each dealt piece fits that board and each hand can be placed in full,
that Continues come only where the mode allows them and only at "No moves left",
that No thanks comes only there too, with a Continue left, as the last step,
and that each step's points, lines, combo and clear bonus, the final score, status
and stars are the ones the rules give. Exit status: 0 all pass, 1 anything fails,
2 unusable input (unreadable, malformed, an unknown rules or deal version, no cut-overs to check the
dealer against, no published entry to hold a Daily to, or a game that cannot be verified).

Boards are ints: bit ``row * 8 + col`` set means cell ``(row, col)`` is filled.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import hmac
import json
import sys
import urllib.error
import urllib.request
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeAlias

#: a JSON object as read from a replay or the vectors file (checked as it is used)
Json: TypeAlias = dict[str, Any]

SIZE = 8
ROWS = tuple(0xFF << (SIZE * r) for r in range(SIZE))
COLS = tuple(0x0101_0101_0101_0101 << c for c in range(SIZE))

BASE_SHAPES = (
    ("mono", "#"),
    ("I2-h", "##"),
    ("I2-v", "#/#"),
    ("I3-h", "###"),
    ("I3-v", "#/#/#"),
    ("I4-h", "####"),
    ("I4-v", "#/#/#/#"),
    ("I5-h", "#####"),
    ("I5-v", "#/#/#/#/#"),
    ("V3-nw", ".#/##"),
    ("V3-ne", "#./##"),
    ("V3-sw", "##/.#"),
    ("V3-se", "##/#."),
    ("O4", "##/##"),
    ("L4-0", "#./#./##"),
    ("L4-90", "###/#.."),
    ("L4-180", "##/.#/.#"),
    ("L4-270", "..#/###"),
    ("J4-0", ".#/.#/##"),
    ("J4-90", "#../###"),
    ("J4-180", "##/#./#."),
    ("J4-270", "###/..#"),
    ("T4-down", "###/.#."),
    ("T4-up", ".#./###"),
    ("T4-right", "#./##/#."),
    ("T4-left", ".#/##/.#"),
    ("S4-h", ".##/##."),
    ("S4-v", "#./##/.#"),
    ("Z4-h", "##./.##"),
    ("Z4-v", ".#/##/#."),
    ("V5-nw", "###/#../#.."),
    ("V5-ne", "###/..#/..#"),
    ("V5-sw", "#../#../###"),
    ("V5-se", "..#/..#/###"),
    ("O9", "###/###/###"),
)
"""The base set (Classic, Daily, Practice, challenges 1–5) in deal order: ``(id, shape)``,
shape rows top to bottom, ``/`` between rows, ``#`` a cell."""

ADDITIONS = (
    (6, (("R6-h", "###/###"), ("R6-v", "##/##/##"))),
    (10, (("D2-a", "#./.#"), ("D2-b", ".#/#."), ("D3-a", "#../.#./..#"), ("D3-b", "..#/.#./#.."))),
    (
        15,
        (
            ("X5", ".#./###/.#."),
            ("T5-down", "###/.#./.#."),
            ("T5-up", ".#./.#./###"),
            ("T5-right", "#../###/#.."),
            ("T5-left", "..#/###/..#"),
            ("U5-up", "#.#/###"),
            ("U5-down", "###/#.#"),
            ("U5-right", "##/#./##"),
            ("U5-left", "##/.#/##"),
        ),
    ),
)
"""``(from challenge, shapes)``: appended, in this order, to the sets of challenges from that number on."""

SET_NAMES = {"base": None, "challenge-6": 6, "challenge-10": 10, "challenge-15": 15}
"""Piece set names used in docs/fair-deal-vectors.json → the challenge number they start at."""


class Unusable(Exception):
    """The input cannot be verified at all (exit status 2)."""


class Piece:
    """A fixed shape: ``cells`` are ``(row, col)`` offsets from the top-left of its bounding box.

    ``placements`` lists ``(mask, lines)`` for every anchor keeping it on the board
    (``lines``: the rows and columns it touches, the only ones it can complete);
    ``at`` maps an anchor ``(row, col)`` to the same pair.
    """

    __slots__ = ("at", "cells", "id", "placements")

    def __init__(self, pid: str, cells: Iterable[Sequence[Any]]) -> None:
        cells = sorted({(int(r), int(c)) for r, c in cells})
        rows, cols = [r for r, _ in cells], [c for _, c in cells]
        if not cells or min(rows) or min(cols) or max(rows + cols) >= SIZE:
            raise Unusable(f"piece {pid!r} has bad cells {cells!r}")
        height, width = max(rows) + 1, max(cols) + 1
        self.id, self.cells, self.at = pid, cells, {}
        for row in range(SIZE - height + 1):
            for col in range(SIZE - width + 1):
                mask = sum(1 << ((row + r) * SIZE + col + c) for r, c in cells)
                self.at[row, col] = (mask, ROWS[row : row + height] + COLS[col : col + width])
        self.placements = tuple(self.at.values())

    @classmethod
    def from_shape(cls, pid: str, shape: str) -> Piece:
        return cls(pid, [(r, c) for r, line in enumerate(shape.split("/")) for c, ch in enumerate(line) if ch == "#"])


def published_set(challenge: int | None = None) -> list[Piece]:
    """The piece set of a game in deal order: the base set plus the additions up to ``challenge``."""
    shapes = list(BASE_SHAPES)
    for start, added in ADDITIONS:
        if challenge is not None and challenge >= start:
            shapes += added
    return [Piece.from_shape(pid, shape) for pid, shape in shapes]


def parse_board(rows: Any) -> int:
    """8 strings of 8 characters, ``#`` filled, ``.`` empty, row 0 first → bitboard."""
    if not isinstance(rows, list) or len(rows) != SIZE or any(not isinstance(r, str) or len(r) != SIZE for r in rows):
        raise Unusable(f"not a board: {rows!r}")
    if set("".join(rows)) - {"#", "."}:
        raise Unusable(f"board has characters other than '#' and '.': {rows!r}")
    return sum(1 << (r * SIZE + c) for r, line in enumerate(rows) for c, ch in enumerate(line) if ch == "#")


def board_rows(board: int) -> list[str]:
    return ["".join("#" if board >> (r * SIZE + c) & 1 else "." for c in range(SIZE)) for r in range(SIZE)]


def settle(board: int, lines: Iterable[int]) -> int:
    """Clear every full line among ``lines`` at once (a crossing cell is removed once)."""
    full = 0
    for line in lines:
        if board & line == line:
            full |= line
    return board & ~full


def full_lines(board: int) -> tuple[list[int], list[int]]:
    """Indices of the full rows and full columns of ``board``."""
    return ([r for r, m in enumerate(ROWS) if board & m == m], [c for c, m in enumerate(COLS) if board & m == m])


def fits(board: int, piece: Piece) -> bool:
    """The piece has at least one legal anchor on ``board``."""
    return any(not board & mask for mask, _ in piece.placements)


_placeable_memo: dict[tuple[int, tuple[str, ...]], bool] = {}


def placeable(board: int, pieces: tuple[Piece, ...]) -> bool:
    """All ``pieces`` can be placed on ``board`` in some order, line clears applied after each."""
    if len(pieces) < 2:
        return not pieces or fits(board, pieces[0])
    key = (board, tuple(sorted(p.id for p in pieces)))
    known = _placeable_memo.get(key)
    if known is None:
        known = _search(board, pieces)
        _placeable_memo[key] = known
    return known


def _search(board: int, pieces: tuple[Piece, ...]) -> bool:
    tried = set()
    for i, piece in enumerate(pieces):
        if piece.id in tried:
            continue
        tried.add(piece.id)
        rest = pieces[:i] + pieces[i + 1 :]
        for mask, lines in piece.placements:
            if not board & mask and placeable(settle(board | mask, lines), rest):
                return True
    return False


class Stream:
    """The random stream of deal ``k``: HMAC-SHA256(server_seed, f"{head}:{k}:{i}") for i = 0, 1, ..., where
    ``head`` is what the dealer reads before the deal number (:func:`deal_message_head`)."""

    def __init__(self, server_seed: bytes, head: str, k: int) -> None:
        self.key, self.prefix, self.block, self.buffer = server_seed, f"{head}:{k}:", 0, b""

    def read(self, size: int) -> bytes:
        while len(self.buffer) < size:
            message = f"{self.prefix}{self.block}".encode("ascii")
            self.buffer += hmac.new(self.key, message, hashlib.sha256).digest()
            self.block += 1
        out, self.buffer = self.buffer[:size], self.buffer[size:]
        return out

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)``: low ``bits`` bits of ``ceil(bits / 8)`` bytes, rejected while ``>= n``."""
        if n == 1:
            return 0
        bits = (n - 1).bit_length()
        while True:
            value = int.from_bytes(self.read((bits + 7) // 8), "big") & ((1 << bits) - 1)
            if value < n:
                return value


class Blake2bStream(Stream):
    """The stream the Daily's start board is drawn from: BLAKE2b(seed || u64be(k) || u64be(i), 64 bytes,
    person=b"BlockKnock-deal1") for i = 0, 1, ...; ``below`` as for the deals."""

    def __init__(self, seed: bytes, k: int) -> None:
        # its own prefix name: Stream.prefix is text, this one is bytes
        self.key, self.seed_prefix, self.block, self.buffer = seed, seed + k.to_bytes(8, "big"), 0, b""

    def read(self, size: int) -> bytes:
        while len(self.buffer) < size:
            message = self.seed_prefix + self.block.to_bytes(8, "big")
            self.buffer += hashlib.blake2b(message, digest_size=64, person=b"BlockKnock-deal1").digest()
            self.block += 1
        out, self.buffer = self.buffer[:size], self.buffer[size:]
        return out


def daily_start_board(seed: bytes) -> int:
    """The Daily's start board from the day's seed (docs/fair-deal.md § The Daily's start board)."""
    stream, board = Blake2bStream(seed, 2**32), 0
    if stream.below(2):
        return 0
    for _ in range(3 + stream.below(4)):
        row, col = stream.below(8), stream.below(4)
        board |= 1 << (row * SIZE + col) | 1 << (row * SIZE + 7 - col)
    return 0 if any(board & line == line for line in ROWS + COLS) else board


DEALERS = ("2", "3", "4")
"""The deal rule versions this program checks: the same rule; dealer 3 (the Daily) reads no client seed for deal 0,
dealer 4 (Classic, Challenge, Practice) reads the game's label before the client seed."""


def deal_label(game: Json) -> str:
    """The label dealer 4's deals read: the mode, and a challenge's number and ladder version (as the replay says)."""
    if game["mode"] == "challenge":
        return f"challenge {game.get('challenge')} version {game.get('challenge_version')}"
    return str(game["mode"])


def deal_message_head(dealer: str, client_seed: str, k: int, label: str = "") -> str:
    """What deal ``k``'s HMAC messages read before ``:{k}:{i}``: the client seed; dealer 3's deal 0 none (the
    Daily's shared first hand); dealer 4's the game's label, a colon, then the client seed."""
    if dealer == "4":
        return f"{label}:{client_seed}"
    return "" if dealer == "3" and k == 0 else client_seed


@dataclass(frozen=True)
class Scoring:
    """One mode's scoring (docs/rules.md § Scoring): ``combo_moves`` 0 means no combo (Practice's flat lines)."""

    per_square: int
    line_unit: int
    clear_bonus: int
    combo_moves: int

    def move(self, squares: int, lines: int, empty: bool, combo: tuple[int, int]) -> Json:
        """The published numbers of one move from the ``(combo, moves_left)`` before it."""
        if not self.combo_moves:
            line_points, after = self.line_unit * lines, (0, 0)
        else:
            after = combo
            if lines:
                after = (combo[0] + 1, self.combo_moves)
            elif combo[0]:
                after = (combo[0], combo[1] - 1) if combo[1] > 1 else (0, 0)
            line_points = self.line_unit * after[0] * (lines * (lines - 1) if lines > 1 else lines)
        bonus = self.clear_bonus if empty else 0
        points = self.per_square * squares + line_points + bonus
        return {"line_points": line_points, "clear_bonus": bonus, "points": points, "combo": after[0], "left": after[1]}


@dataclass(frozen=True)
class Ruleset:
    """A rules version (docs/rules.md § Rules versions): each mode's scoring and Continues, the stars' numbers."""

    scorings: dict[str, Scoring]
    continues: dict[str, int]
    stars_base: int = 1
    stars_score_step: int = 2500
    stars_score_max: int = 5
    stars_high_score: int = 2
    stars_challenge_max: int = 20


_COMBO_1 = Scoring(per_square=10, line_unit=100, clear_bonus=3000, combo_moves=3)
RULESETS = {
    "1": Ruleset(
        scorings={"classic": _COMBO_1, "challenge": _COMBO_1, "daily": _COMBO_1, "practice": Scoring(1, 10, 0, 0)},
        continues={"classic": 1, "challenge": 1, "daily": 0, "practice": 0},
    ),
}
"""Every rules version this program checks (``game.fair.rules``), kept as published: a new one is added,
never changed."""

MODES = ("classic", "challenge", "daily", "practice")
ENDED_OFF_BOARD: tuple[str, ...] = ("abandoned", "expired")
"""Statuses of a game the site ended (a new game abandoned it, the Daily's day closed), not the rules."""
MODE_ENDS = {
    "classic": ("over", "abandoned"),
    "practice": ("over", "abandoned"),
    "challenge": ("over", "won", "abandoned"),
    "daily": ("over", "expired"),
}
"""The statuses an ended game of each mode can have (docs/rules.md § End of game, Continue): only a challenge is
won; a new game of the same mode abandons an unfinished one, except the Daily's, which its day's close expires."""


def distinct(pieces: list[Piece]) -> list[Piece]:
    seen: dict[str, Piece] = {}
    for piece in pieces:
        seen.setdefault(piece.id, piece)
    return list(seen.values())


def eligible(board: int, pieces: list[Piece], drawn: list[Piece]) -> list[Piece]:
    """The pieces, in set order, that fit ``board`` and are placeable together with ``drawn``."""
    return [p for p in distinct(pieces) if fits(board, p) and placeable(board, (*drawn, p))]


def deal_hand(board: int, pieces: list[Piece], stream: Stream) -> list[Piece]:
    """Draw the three pieces of one hand (docs/fair-deal.md § How a hand is drawn)."""
    pieces = distinct(pieces)
    hand: list[Piece] = []
    while len(hand) < 3:
        choices = eligible(board, pieces, hand)
        if not choices:
            return hand + [pieces[stream.below(len(pieces))] for _ in range(3 - len(hand))]
        hand.append(choices[stream.below(len(choices))])
    return hand


def ids(pieces: Iterable[Piece]) -> str:
    return ", ".join(p.id for p in pieces)


@dataclass
class HandReport:
    """One dealt hand: what the rule gives, what the replay shows, what is wrong."""

    k: int
    board: int
    hand: list[Piece]
    shown: bool = False
    problems: list[str] = field(default_factory=list)

    def line(self) -> str:
        head = f"hand {self.k + 1} (deal {self.k}): "
        if self.problems:
            return head + "FAILED — " + "; ".join(self.problems)
        if not self.shown:
            return head + f"not in the replay (the rule gives {ids(self.hand)})"
        return head + f"OK — {len(self.hand)} pieces fit as dealt, placeable in full ({ids(self.hand)})"


class Walk:
    """Replays a game step by step, dealing each hand itself and comparing with the replay."""

    def __init__(self, pieces: list[Piece], seeds: tuple[bytes, str, str], board: int, rules: Ruleset, game: Json):
        """``seeds``: ``(server_seed, client_seed, dealer)``; ``game``: the replay's game (its mode and target)."""
        self.pieces, self.by_id = pieces, {p.id: p for p in pieces}
        (self.server_seed, self.client_seed, self.dealer), self.board = seeds, board
        self.mode, self.target, self.label = game["mode"], game.get("target"), deal_label(game)
        self.scoring, self.allowed = rules.scorings[self.mode], rules.continues[self.mode]
        self.score, self.combo, self.moves, self.continues, self.reached = 0, (0, 0), 0, 0, False
        self.declined: int | None = None  # the step number of No thanks, if the game ended by one
        self.reports: list[HandReport] = []
        self.game_problems: list[str] = []  # the game-wide problems, once verified() has run it
        self.deal()

    def deal(self) -> None:
        k = len(self.reports)
        stream = Stream(self.server_seed, deal_message_head(self.dealer, self.client_seed, k, self.label), k)
        hand = deal_hand(self.board, self.pieces, stream)
        self.reports.append(HandReport(k, self.board, hand))
        self.hand, self.used = hand, [False] * 3

    @property
    def report(self) -> HandReport:
        return self.reports[-1]

    def compare_hand(self, shown: Any, where: str) -> None:
        """Compare a hand shown in the replay with the dealt hand; on a difference, report it and follow the replay."""
        report = self.report
        try:
            shown_ids = [entry["piece"] for entry in shown]
            shown_used = [bool(entry["used"]) for entry in shown]
            pieces = [self.by_id.get(pid) or Piece(pid, entry["cells"]) for pid, entry in zip(shown_ids, shown)]
        except (KeyError, TypeError, ValueError) as exc:
            raise Unusable(f"{where}: malformed hand {shown!r}") from exc
        if not report.shown:
            report.shown = True
            if shown_ids != [p.id for p in report.hand]:
                report.problems.append(f"{where}: the replay shows {ids(pieces)}; the rule deals {ids(report.hand)}")
            report.problems += self.dealt_problems(report.board, pieces, shown)
        elif shown_ids != [p.id for p in self.hand]:
            report.problems.append(f"{where}: the hand changed to {ids(pieces)} mid-hand (was {ids(self.hand)})")
        if shown_used != self.used:
            report.problems.append(f"{where}: used flags {shown_used}, expected {self.used}")
        self.hand, self.used = pieces, shown_used

    def dealt_problems(self, board: int, pieces: list[Piece], shown: list[Json]) -> list[str]:
        """What is wrong with a hand as shown when dealt: unknown pieces, pieces that do not fit, not placeable."""
        problems = []
        for piece, entry in zip(pieces, shown):
            if piece.id not in self.by_id:
                problems.append(f"{piece.id} is not in the game's piece set")
            elif "cells" in entry and sorted(map(tuple, entry["cells"])) != piece.cells:
                listed = [list(cell) for cell in piece.cells]
                problems.append(f"{piece.id} is shown with cells {entry['cells']}, the set has {listed}")
            if not fits(board, piece):
                problems.append(f"{piece.id} does not fit the board as dealt")
        if len(pieces) != 3 or not placeable(board, tuple(pieces)):
            problems.append("the hand shown cannot be placed in full")
        return problems

    def compare_board(self, rows: Any, where: str) -> None:
        """Compare a board shown in the replay with the recomputed one; on a difference, report it and adopt it."""
        if rows is None:
            return
        shown = parse_board(rows)
        if shown != self.board:
            mine = board_rows(self.board)
            row = next(r for r in range(SIZE) if rows[r] != mine[r])
            self.report.problems.append(
                f"{where}: board row {row} is {rows[row]!r} in the replay, {mine[row]!r} recomputed"
            )
            self.board = shown

    def move(self, step: Json, where: str) -> None:
        move, report = step["move"], self.report
        slot, row, col = move["slot"], move["row"], move["col"]
        if self.reached:
            report.problems.append(f"{where}: a move after the target {self.target} was reached (the game was won)")
        if slot not in (0, 1, 2) or self.used[slot]:
            report.problems.append(f"{where}: slot {slot!r} is not an unplaced piece")
            return
        piece = self.hand[slot]
        mask, lines = piece.at.get((row, col), (None, ()))
        if mask is None or self.board & mask:
            report.problems.append(f"{where}: {piece.id} at ({row!r}, {col!r}) is not a legal placement")
        else:
            cleared = full_lines(self.board | mask)
            self.board = settle(self.board | mask, lines)
            self.score_move(step.get("result") or {}, len(piece.cells), cleared, where)
        self.moves += 1
        self.used[slot] = True
        self.compare_board(step.get("board"), where)

    def score_move(self, result: Json, squares: int, cleared: tuple[list[int], list[int]], where: str) -> None:
        """Score a legal move by the game's rules and compare every number of the replay's ``result``."""
        lines = len(cleared[0]) + len(cleared[1])
        mine = self.scoring.move(squares, lines, self.board == 0, self.combo)
        self.combo, self.score = (mine["combo"], mine["left"]), self.score + mine["points"]
        expected = {"squares": squares, "lines": lines, "rows": cleared[0], "cols": cleared[1], **mine}
        for name in ("squares", "lines", "rows", "cols", "combo", "line_points", "clear_bonus", "points"):
            if result.get(name) != expected[name]:
                shown = result.get(name, "nothing")
                self.report.problems.append(f"{where}: {name} {shown} in the replay, {expected[name]} recomputed")
        self.reached = self.target is not None and self.score >= self.target

    def continue_(self, step: Json, where: str) -> None:
        left = [p for p, used in zip(self.hand, self.used) if not used]
        if any(fits(self.board, p) for p in left):
            self.report.problems.append(f"{where}: Continue while {ids(left)} still fits (not at No moves left)")
        if self.continues >= self.allowed:
            self.report.problems.append(
                f"{where}: Continue number {self.continues + 1}, the {self.mode} mode allows {self.allowed}"
            )
        self.continues += 1
        self.compare_board(step.get("board"), where)
        self.deal()
        self.compare_hand(step["hand"], where)

    def decline(self, step: Json, number: int, last: bool) -> None:
        """No thanks: only at "No moves left" with a Continue still possible, and the game's last step."""
        where = f"step {number}"
        left = [p for p, used in zip(self.hand, self.used) if not used]
        if any(fits(self.board, p) for p in left):
            self.report.problems.append(f"{where}: No thanks while {ids(left)} still fits (not at No moves left)")
        if self.continues >= self.allowed:
            self.report.problems.append(f"{where}: No thanks with no Continue left (the game was already over)")
        if not last:
            self.report.problems.append(f"{where}: No thanks ends the game, yet more steps follow")
        self.compare_hand(step["hand"], where)
        self.compare_board(step.get("board"), where)
        self.declined = number

    def run(self, steps: list[Json], game: Json) -> None:
        for number, step in enumerate(steps, 1):
            where = f"step {number}"
            if step.get("decline"):
                self.decline(step, number, number == len(steps))
                continue
            if step.get("continue"):
                self.continue_(step, where)
                continue
            self.compare_hand(step["hand"], where)
            self.move(step, where)
            if all(self.used) and not self.reached:
                self.deal()
        if game.get("hand") is not None:
            self.compare_hand(game["hand"], "final game hand")
        self.compare_board(game.get("board"), "final game board")

    def no_moves_left(self) -> bool:
        """None of the unplaced pieces of the last hand fits the last board ("No moves left")."""
        return not any(fits(self.board, p) for p, used in zip(self.hand, self.used) if not used)

    def end_problems(self, game: Json) -> list[str]:
        """The game's published totals against the recomputed ones, and its status against how it ended."""
        expected = {
            "score": self.score,
            "moves": self.moves,
            "combo": self.combo[0],
            "combo_moves_left": self.combo[1],
            "continues_left": max(0, self.allowed - self.continues),
        }
        problems = [
            f"final {name}: {game.get(name)!r} in the replay, {value} recomputed"
            for name, value in expected.items()
            if game.get(name) != value
        ]
        shown_fits = [entry.get("fits") for entry in game.get("hand") or [] if "fits" in entry]
        if shown_fits and shown_fits != [not used and fits(self.board, p) for p, used in zip(self.hand, self.used)]:
            problems.append(f"final hand: fits {shown_fits} in the replay, not what the last board gives")
        status, allowed = game.get("status"), self.ends()
        if status not in allowed:
            problems.append(f"final status: {status!r} in the replay, the moves end it {' or '.join(allowed)}")
        return problems

    def ends(self) -> tuple[str, ...]:
        """The statuses the replayed moves can end in, among those the game's mode can reach (MODE_ENDS):
        ``won`` at the target, ``over`` by No thanks or stuck, the site's ending otherwise."""
        if self.reached:
            allowed: tuple[str, ...] = ("won",)
        elif self.declined is not None or (self.no_moves_left() and self.continues >= self.allowed):
            allowed = ("over",)
        else:  # pieces still fit, or "No moves left" with its Continue unused: the site ended it
            allowed = ENDED_OFF_BOARD
        return tuple(status for status in allowed if status in MODE_ENDS[self.mode]) or ("no status",)

    def ending(self) -> str:
        """How the game ended, in words (the summary line tells a declined game from a stuck one)."""
        if self.reached:
            return f"won: the target {self.target} reached"
        if self.declined is not None:
            return f"declined: No thanks at step {self.declined}"
        if self.no_moves_left() and self.continues >= self.allowed:
            return "stuck: no moves, no Continue left"
        return "ended by the site"


def load(source: str) -> Any:
    """A replay from an http(s) URL or a JSON file."""
    try:
        if source.startswith(("https://", "http://")):
            headers = {"Accept": "application/json", "User-Agent": "verify_deal"}
            request = urllib.request.Request(source, headers=headers)
            with urllib.request.urlopen(request, timeout=30) as answer:
                return json.load(answer)
        with open(source, encoding="utf-8") as file:
            return json.load(file)
    except (OSError, ValueError) as exc:
        raise Unusable(f"cannot read {source}: {exc}") from exc


def check_seeds(fair: Json | None) -> tuple[bytes, str, list[str]]:
    """``(server_seed, client_seed, problems)`` from ``game.fair``; :class:`Unusable` if it cannot be verified."""
    if fair is None:
        raise Unusable(
            'this game has "fair": null: it was dealt before verifiable deals (dealer 1) and cannot be verified'
        )
    if fair.get("dealer") not in DEALERS:
        raise Unusable(
            f'unknown deal rule version {fair.get("dealer")!r} (this program checks dealers "2", "3" and "4")'
        )
    if fair.get("rules") not in RULESETS:
        known = ", ".join(f'"{version}"' for version in RULESETS)
        raise Unusable(f"unknown rules version {fair.get('rules')!r} (this program checks rules {known})")
    if not fair.get("server_seed"):
        raise Unusable(
            "the server seed is not revealed yet: the game is still being played, or it is a Daily "
            "whose day has not closed (its seed is shared by everyone that day)"
        )
    try:
        server_seed = bytes.fromhex(fair["server_seed"])
    except (TypeError, ValueError) as exc:
        raise Unusable(f"server_seed is not hex: {fair['server_seed']!r}") from exc
    client_seed, problems = fair.get("client_seed") or "", []
    if not isinstance(client_seed, str) or not all(" " <= ch <= "~" for ch in client_seed) or len(client_seed) > 64:
        raise Unusable(f"client_seed is not 1–64 printable ASCII characters: {client_seed!r}")
    digest = hashlib.sha256(server_seed).hexdigest()
    if digest != fair.get("commitment"):
        problems.append(f"commitment {fair.get('commitment')!r} is not sha256(server_seed) = {digest}")
    return server_seed, client_seed, problems


def game_pieces(replay: Json, game: Json) -> tuple[list[Piece], list[str]]:
    """The replay's piece set, and a problem if it is not the published set of the game's mode."""
    published = published_set(game.get("challenge"))
    if replay.get("piece_set") is None:
        return published, []
    listed = [Piece(entry["piece"], entry["cells"]) for entry in replay["piece_set"]]
    if [(p.id, p.cells) for p in listed] != [(p.id, p.cells) for p in published]:
        where = f"challenge {game['challenge']}" if game.get("challenge") else game.get("mode", "this mode")
        return listed, [f"the replay's piece_set is not the published set for {where}"]
    return listed, []


def start_problems(game: Json, start: int, server_seed: bytes) -> list[str]:
    """The game's label (mode, challenge number, target) and its start board against the mode's rules."""
    mode, challenge, target = game["mode"], game.get("challenge"), game.get("target")
    if mode not in MODES:
        raise Unusable(f"unknown mode {mode!r}")
    problems, version = [], game.get("challenge_version")
    numbered = isinstance(challenge, int) and not isinstance(challenge, bool) and challenge >= 1
    versioned = isinstance(version, int) and not isinstance(version, bool) and version >= 1
    if not (mode == "challenge") == numbered == versioned == isinstance(target, int):
        problems.append(
            f"the game is labelled {mode} with challenge {challenge!r}, version {version!r} and target {target!r}"
        )
    dealer = game["fair"]["dealer"]
    if dealer != "2" and (dealer == "3") != (mode == "daily"):
        problems.append(f"dealer {dealer} does not deal a {mode} game (dealer 3 deals the Daily, 4 the other modes)")
    expected = {"classic": 0, "practice": 0, "daily": daily_start_board(server_seed)}.get(mode)
    if expected is not None and start != expected:
        mine, rows = board_rows(expected), board_rows(start)
        row = next(r for r in range(SIZE) if rows[r] != mine[r])
        rule = "the day's seed makes" if mode == "daily" else "a game of this mode starts empty"
        problems.append(f"start board row {row} is {rows[row]!r} in the replay, {mine[row]!r} by the rule ({rule})")
    return problems


def ladder_index(ladder: Any) -> dict[tuple[int, int], Json]:
    """The published ladder (``GET /api/challenges/``) by ``(number, version)``; :class:`Unusable` if malformed."""
    if not isinstance(ladder, list):
        raise Unusable("the ladder is not a list of challenges (GET /api/challenges/)")
    index = {}
    for entry in ladder:
        try:
            key = (entry["number"], entry["version"])
            numbers = (*key, entry["target"])
            if any(not isinstance(n, int) or isinstance(n, bool) or n < 1 for n in numbers):
                raise ValueError("number, version and target are whole numbers from 1")
            if entry["piece_set"] not in SET_NAMES:
                raise ValueError(f"unknown piece set {entry['piece_set']!r}")
            parse_board(entry["start_board"])
            instant(entry["published"], "published")
            first = entry.get("from_game")  # absent from a ladder saved before versions published it: unknown
            if first is not None and (not isinstance(first, int) or isinstance(first, bool) or first < 1):
                raise ValueError("from_game is a game id or null")
        except (KeyError, TypeError, ValueError, Unusable) as exc:
            raise Unusable(f"malformed ladder entry {entry!r}: {exc}") from exc
        index[key] = entry
    return index


def held_to_ladder(
    replay: Json, game: Json, ladder: dict[tuple[int, int], Json] | None
) -> tuple[list[Piece], int, Json, list[str]]:
    """``(pieces, start board, game with its target, problems)`` a challenge game is replayed with: its number's
    published version's (docs/fair-deal.md § The start board), each difference of the replay from it a problem.
    A number or version not in the ladder is a problem too; the replay's own definition is then replayed."""
    if ladder is None:
        raise Unusable(
            "a challenge game is checked against the published ladder: pass --ladder FILE (or URL), "
            "the answer of GET /api/challenges/"
        )
    number: Any = game.get("challenge")  # checked against the ladder's numbers: anything else is not in it
    version: Any = game.get("challenge_version")
    entry = ladder.get((number, version))
    if entry is None:
        own, _ = game_pieces(replay, game)
        return own, parse_board(replay["start_board"]), game, [not_in_ladder(number, version, ladder)]
    pieces = published_set(SET_NAMES[entry["piece_set"]])
    problems = ladder_differences(replay, game, entry, pieces) + version_id_problems(game, entry, ladder)
    problems += version_time_problems(game, entry, ladder)
    return pieces, parse_board(entry["start_board"]), {**game, "target": entry["target"]}, problems


def instant(value: Any, name: str) -> dt.datetime:
    """An ISO 8601 time with its offset (a ladder entry's ``published``, a game's ``started``)."""
    when = dt.datetime.fromisoformat(value) if isinstance(value, str) else None
    if when is None or when.utcoffset() is None:
        raise ValueError(f"{name} {value!r} is not an ISO 8601 time with an offset")
    return when


def version_id_problems(game: Json, entry: Json, ladder: dict[tuple[int, int], Json]) -> list[str]:
    """A challenge game's version against the first games the ladder publishes (``from_game``): a game before its
    own version's first game, or at or after a later version's, is refused. Ids, not times: the server can write
    any ``started``, but not move a game among the public ids around it."""
    number, version = entry["number"], entry["version"]
    game_id = game_number(game)
    own = entry.get("from_game")
    if own is not None and game_id < own:
        return [
            f"game {game_id} is challenge {number} version {version}, but version {version}'s first game is game "
            f"{own} (the published ladder, GET /api/challenges/)"
        ]
    passed = sorted(
        (e["from_game"], v)
        for (n, v), e in ladder.items()
        if n == number and v > version and e.get("from_game") is not None and e["from_game"] <= game_id
    )
    if not passed:
        return []
    first, later = passed[-1]
    return [
        f"game {game_id} is challenge {number} version {version}, but every challenge {number} game from game "
        f"{first} on is version {later} (the published ladder, GET /api/challenges/)"
    ]


def game_number(game: Json) -> int:
    """The game's id as a number (a replay gives it as a string); :class:`Unusable` if it is not one."""
    try:
        return int(str(game["id"]), 10)
    except (KeyError, ValueError) as exc:
        raise Unusable(f"game id {game.get('id')!r} is not a number: the published lists cannot place it") from exc


def version_time_problems(game: Json, entry: Json, ladder: dict[tuple[int, int], Json]) -> list[str]:
    """A challenge game's version against the ladder's history: new games take a number's latest version, so the
    game's must have been published by the time the game ``started``, and no later version of it before then."""
    where = f"challenge {entry['number']} version {entry['version']}"
    try:
        started = instant(game.get("started"), "started")
    except ValueError as exc:
        return [f"{exc}: the game cannot be placed in the history of {where}"]
    published = instant(entry["published"], "published")
    if published > started:
        return [f"{where} was published at {entry['published']}, after the game started at {game['started']}"]
    later = sorted(
        (v, e["published"])
        for (n, v), e in ladder.items()
        if n == entry["number"] and v > entry["version"] and instant(e["published"], "published") <= started
    )
    if later:
        version, when = later[-1]
        return [
            f"{where} was not the latest when the game started at {game['started']}: version {version} was "
            f"published at {when} (GET /api/challenges/)"
        ]
    return []


def not_in_ladder(number: Any, version: Any, ladder: dict[tuple[int, int], Json]) -> str:
    """The problem of a challenge number, or a version of it, that the ladder does not list."""
    numbers = sorted({n for n, _ in ladder})
    if not numbers:
        return f"challenge {number!r} is not in the published ladder: no challenge is published yet"
    if number not in numbers:
        return f"challenge {number!r} is not in the published ladder (challenges {numbers[0]} to {numbers[-1]})"
    versions = sorted(v for n, v in ladder if n == number)
    return f"challenge {number} has no published version {version!r} (versions {versions[0]} to {versions[-1]})"


def ladder_differences(replay: Json, game: Json, entry: Json, pieces: list[Piece]) -> list[str]:
    """The replay's target, start board and piece set against its ladder ``entry`` (whose set is ``pieces``)."""
    where, problems = f"challenge {entry['number']} version {entry['version']}", []
    if game.get("target") != entry["target"]:
        shown_target = game.get("target")
        problems.append(f"target {shown_target!r} in the replay, {entry['target']} in the published ladder ({where})")
    shown, published = replay["start_board"], entry["start_board"]
    if shown != published:
        row = next(r for r in range(SIZE) if shown[r] != published[r])
        mine = f"{published[row]!r} in the published ladder ({where})"
        problems.append(f"start board row {row} is {shown[row]!r} in the replay, {mine}")
    listed = [(piece["piece"], sorted(map(tuple, piece["cells"]))) for piece in replay.get("piece_set") or []]
    if replay.get("piece_set") is not None and listed != [(p.id, p.cells) for p in pieces]:
        problems.append(f"the replay's piece_set is not the published set for {where} ({entry['piece_set']})")
    return problems


Cutovers: TypeAlias = dict[str, list[tuple[int, int]]]
"""The published dealer cut-overs by mode: ``(from_game, dealer)`` in the order of ``from_game``."""


def cutover_index(published: Any) -> Cutovers:
    """The dealer cut-overs (``GET /api/dealers/``) by mode; :class:`Unusable` if malformed."""
    if not isinstance(published, list):
        raise Unusable("the dealer cut-overs are not a list (GET /api/dealers/)")
    index: Cutovers = {}
    for entry in published:
        numbers = (entry.get("dealer"), entry.get("from_game")) if isinstance(entry, dict) else ()
        if entry.get("mode") not in MODES or not all(isinstance(n, int) and not isinstance(n, bool) for n in numbers):
            raise Unusable(f"malformed dealer cut-over {entry!r}")
        index.setdefault(entry["mode"], []).append((entry["from_game"], entry["dealer"]))
    return {mode: sorted(rows) for mode, rows in index.items()}


def cutover_problems(game: Json, cutovers: Cutovers | None) -> list[str]:
    """The game's dealer against its mode's published cut-overs (docs/api.md § Dealer cut-overs): the latest at or
    before the game's id refuses a dealer that became current before it, or never in that mode. ``None``: unchecked."""
    if cutovers is None:
        return []
    game_id = game_number(game)
    shown = "1" if game.get("fair") is None else str(game["fair"].get("dealer"))  # "fair": null is dealer 1
    if not shown.isdigit():
        return []  # not a dealer at all: check_seeds refuses it
    dealer = int(shown)
    mode, rows = game["mode"], cutovers.get(game["mode"], [])
    rank = {published: index for index, (_, published) in enumerate(rows)}
    passed = [index for index, (first, _) in enumerate(rows) if first <= game_id]
    if not passed and rows and dealer not in rank:  # before every cut-over: only a dealer of a later one
        named = ", ".join(f"dealer {due} from game {first}" for first, due in rows)
        return [
            f"game {game_id} is dealt by dealer {dealer}, which never dealt a {mode} game: the published cut-overs "
            f"name {named} (GET /api/dealers/)"
        ]
    if not passed or rank.get(dealer, -1) >= passed[-1]:
        return []
    first, due = rows[passed[-1]]
    return [
        f"game {game_id} is dealt by dealer {dealer}, but every {mode} game from game {first} on is dealt by "
        f"dealer {due} (the published cut-over, GET /api/dealers/)"
    ]


def daily_index(published: Any) -> dict[str, Json]:
    """The published Daily entries (``GET /api/dailies/{day}/``'s one, or ``GET /api/dailies/``'s list) by day;
    :class:`Unusable` if malformed."""
    entries = [published] if isinstance(published, dict) else published
    if not isinstance(entries, list):
        raise Unusable("the published Dailies are not a list of days (GET /api/dailies/)")
    for entry in entries:
        if not isinstance(entry, dict) or not all(isinstance(entry.get(key), str) for key in ("day", "commitment")):
            raise Unusable(f"malformed published Daily {entry!r}")
    return {entry["day"]: entry for entry in entries}


def daily_problems(game: Json, dailies: dict[str, Json] | None) -> list[str]:
    """A Daily's seeds against its day's published entry: the commitment listed ahead for the replay's ``day``
    and the seed revealed at its close (a Daily dealt from another seed, or shown on another day, is refused)."""
    if game["mode"] != "daily":
        return []
    if dailies is None:
        raise Unusable(NO_DAILIES)
    day, fair = game.get("day"), game["fair"]
    entry = dailies.get(day) if isinstance(day, str) else None
    where = f"the Daily of {day} (GET /api/dailies/{day}/)"
    if entry is None:
        return [f"no Daily is published for {day!r}: the game's day is not one the site dealt a Daily for"]
    problems = []
    if str(fair.get("commitment")).lower() != entry["commitment"].lower():
        problems.append(
            f"commitment {fair.get('commitment')!r} in the replay, {entry['commitment']!r} published for {where}"
        )
    revealed = entry.get("server_seed")
    if revealed is not None and str(fair.get("server_seed")).lower() != str(revealed).lower():
        problems.append(f"server_seed {fair.get('server_seed')!r} in the replay, {revealed!r} revealed for {where}")
    return problems


def star_problems(replay: Json, game: Json, rules: Ruleset, score: int) -> list[str]:
    """The game's stars and their breakdown (``stars_detail``) against docs/rules.md § Stars, levels."""
    stars, detail = game.get("stars"), replay.get("stars_detail")
    if game["mode"] == "practice" or game.get("status") not in ("over", "won"):
        return [] if stars is None and detail is None else [f"stars: {stars!r} for a game that earns none"]
    if not isinstance(detail, dict):
        return ["stars: the replay has no stars_detail"]
    score_bonus = min(rules.stars_score_max, score // rules.stars_score_step)
    claimed = detail.get("high_score")
    high = claimed if isinstance(claimed, int) and claimed in (0, rules.stars_high_score) else 0
    high = 0 if game["mode"] == "daily" else high  # the +2 needs the player's earlier games: its value is checked
    usual = rules.stars_base + score_bonus + high
    won = game["challenge"] if game.get("status") == "won" and isinstance(game.get("challenge"), int) else 0
    capped = detail.get("capped")
    expected: dict[str, int] = {
        "base": rules.stars_base,
        "score_bonus": score_bonus,
        "high_score": high,
        "challenge": max(0, min(won, rules.stars_challenge_max) - usual),
    }
    earned = sum(expected.values())
    expected |= {"earned": earned, "capped": capped if isinstance(capped, int) and 0 <= capped <= earned else 0}
    expected["paid"] = earned - expected["capped"]
    problems = [
        f"stars: {name} {detail.get(name)!r} in the replay, {value} by the rules"
        for name, value in expected.items()
        if detail.get(name) != value
    ]
    if stars != expected["paid"]:
        problems.append(f"stars: {stars!r} in the replay, {expected['paid']} by the rules")
    return problems


def verify(
    replay: Json, ladder: Any = None, dealers: Any = None, dailies: Any = None
) -> tuple[list[HandReport], list[str]]:
    """Every hand's report and the game-wide problems; :class:`Unusable` for input that cannot be checked.

    ``ladder``: the published ladder (``GET /api/challenges/``), needed for a challenge game; ``dealers``: the
    published dealer cut-overs (``GET /api/dealers/``), the game's dealer unchecked without them; ``dailies``: the
    published Daily entries (``GET /api/dailies/{day}/`` or the list), needed for a Daily.
    """
    walk = verified(replay, ladder, dealers, dailies)
    return walk.reports, walk.game_problems


def verified(replay: Json, ladder: Any = None, dealers: Any = None, dailies: Any = None) -> Walk:
    """The finished :class:`Walk` of ``replay``, its game-wide problems in ``game_problems``."""
    index = None if ladder is None else ladder_index(ladder)
    cutovers = None if dealers is None else cutover_index(dealers)
    days = None if dailies is None else daily_index(dailies)
    try:
        game = replay["game"]
        problems = cutover_problems(game, cutovers)
        server_seed, client_seed, seed_problems = check_seeds(game["fair"])
        problems += seed_problems + daily_problems(game, days)
        rules = RULESETS[game["fair"]["rules"]]
        start = parse_board(replay["start_board"])
        problems += start_problems(game, start, server_seed)
        if game["mode"] == "challenge":
            pieces, start, held, set_problems = held_to_ladder(replay, game, index)
        else:
            (pieces, set_problems), held = game_pieces(replay, game), game
        walk = Walk(pieces, (server_seed, client_seed, game["fair"]["dealer"]), start, rules, held)
        walk.run(replay["steps"], game)
        problems += walk.end_problems(game) + star_problems(replay, held, rules, walk.score)
    except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
        raise Unusable(f"malformed replay ({type(exc).__name__}: {exc})") from exc
    walk.game_problems = problems + set_problems
    return walk


def vector_head(vector: Json) -> str:
    """What a stream or hand vector's messages read before the deal number (dealer 2 where it names none)."""
    return deal_message_head(vector.get("dealer", "2"), vector["client_seed"], vector["k"], vector.get("label", ""))


def vector_outputs(kind: str, vector: Json) -> Json:
    """The outputs of one test vector of docs/fair-deal-vectors.json, computed from its inputs."""
    if kind == "daily_boards":
        return {"board": board_rows(daily_start_board(bytes.fromhex(vector["server_seed"])))}
    if kind == "streams":
        seed, head = bytes.fromhex(vector["server_seed"]), vector_head(vector)
        first = Stream(seed, head, vector["k"]).read(64).hex()
        stream = Stream(seed, head, vector["k"])
        return {"first_64_bytes": first, "below": [stream.below(n) for n in vector["below_n"]]}
    pieces = published_set(SET_NAMES[vector["piece_set"]])
    board = parse_board(vector["board"])
    if kind == "eligible":
        by_id = {p.id: p for p in pieces}
        return {"eligible": [p.id for p in eligible(board, pieces, [by_id[d] for d in vector["drawn"]])]}
    stream = Stream(bytes.fromhex(vector["server_seed"]), vector_head(vector), vector["k"])
    return {"hand": [p.id for p in deal_hand(board, pieces, stream)]}


def check_vectors(data: Json) -> int:
    failed = 0
    for kind in ("streams", "eligible", "hands", "daily_boards"):
        for vector in data[kind]:
            computed = vector_outputs(kind, vector)
            wrong = {key: value for key, value in computed.items() if vector[key] != value}
            failed += bool(wrong)
            print(f"{kind} {vector['name']}: " + (f"FAILED — computed {wrong}" if wrong else "OK"))
    return 1 if failed else 0


def site_url(source: str, path: str) -> str | None:
    """``…/api/{path}/`` of the site a replay URL is from (the ladder: ``challenges``, the cut-overs: ``dealers``);
    ``None`` for a file."""
    head, marker, _ = source.partition("/api/games/")
    return f"{head}/api/{path}/" if marker and source.startswith(("https://", "http://")) else None


def ladder_url(source: str) -> str | None:
    """Where the site a replay URL is from publishes its ladder (``…/api/challenges/``); ``None`` for a file."""
    return site_url(source, "challenges")


NO_DEALERS = (
    "the game's dealer is checked against the published dealer cut-overs: pass --dealers FILE (or URL), "
    "the answer of GET /api/dealers/"
)
NO_DAILIES = (
    "a Daily is checked against its day's published entry: pass --dailies FILE (or URL), the answer of "
    "GET /api/dailies/{day}/ (or of GET /api/dailies/)"
)
OPTIONS = ("--ladder", "--dealers", "--dailies")


def options_of(argv: list[str]) -> dict[str, str] | None:
    """``{"--ladder": …, "--dealers": …, "--dailies": …}`` of the command line ``[--ladder X] [--dealers Y]
    [--dailies Z] REPLAY``; ``None`` if it is not one."""
    pairs = argv[:-1]
    if not argv or len(pairs) % 2 or any(flag not in OPTIONS for flag in pairs[::2]):
        return None
    given = dict(zip(pairs[::2], pairs[1::2]))
    return given if len(given) == len(pairs) // 2 else None


def load_daily(where: str) -> Any:
    """A published Daily entry from a file or URL; ``[]`` (no entry) where the site answers 404: no Daily was
    ever published for that day, which refuses the game rather than leaving it unchecked."""
    try:
        return load(where)
    except Unusable as exc:
        if isinstance(exc.__cause__, urllib.error.HTTPError) and exc.__cause__.code == 404:
            return []
        raise


def read_replay(argv: list[str]) -> tuple[Json, Any, Any, Any]:
    """``(replay, ladder or None, dealers, dailies or None)`` of the command line: the ladder is read for a
    challenge game only, the day's Daily entry for a Daily only, each from its option or else the replay's own
    site; a download's own copies where no option names one.

    :raises Unusable: no dealer cut-overs to be had (a saved replay without ``--dealers``)."""
    given, source = options_of(argv) or {}, argv[-1]
    replay = load(source)
    if isinstance(replay, dict) and replay.get("format") == "blockknock-games":  # Download my games
        ladder = load(given["--ladder"]) if "--ladder" in given else replay.get("ladder")
        dealers = load(given["--dealers"]) if "--dealers" in given else replay.get("dealers")
        dailies = load(given["--dailies"]) if "--dailies" in given else replay.get("dailies")
        if dealers is None:
            raise Unusable(NO_DEALERS)
        return replay, ladder, dealers, dailies
    where = given.get("--dealers") or site_url(source, "dealers")
    if where is None:
        raise Unusable(NO_DEALERS)
    dealers = load(where)
    game = replay.get("game") if isinstance(replay, dict) else None
    game = game if isinstance(game, dict) else {}
    mode = game.get("mode")
    if mode == "daily":
        where = given.get("--dailies") or site_url(source, f"dailies/{game.get('day')}")
        return replay, None, dealers, None if where is None else load_daily(where)
    if mode != "challenge":
        return replay, None, dealers, None
    where = given.get("--ladder") or ladder_url(source)
    return replay, None if where is None else load(where), dealers, None


def unverifiable_refused(replay: Any, dealers: Any) -> list[str]:
    """A game that cannot be verified (``"fair": null``) can still be one its mode's cut-overs refuse: dealt by
    dealer 1 where a later dealer deals every game."""
    game = replay.get("game") if isinstance(replay, dict) else None
    if not isinstance(game, dict) or "fair" not in game or game["fair"] is not None:
        return []
    try:
        return cutover_problems(game, cutover_index(dealers))
    except Unusable:  # the cut-overs or the id are malformed: the game stays unverifiable
        return []


def verify_games(data: Json, ladder: Any, dealers: Any, dailies: Any) -> int:
    """A "Download my games" file (``{"format": "blockknock-games", "ladder": [...], "dealers": [...],
    "dailies": [...], "replays": [...]}``): every replay checked as one, its challenges held to ``ladder``, its
    dealers to ``dealers`` and its Dailies to ``dailies`` (the options, else the file's own copies of what the
    site published); a game dealt before verifiable deals is listed and skipped, unless the cut-overs refuse it.
    Exit status as for one replay."""
    failed = checked = 0
    for replay in data["replays"]:
        game = replay.get("game", {})
        name = f"game {game.get('id')} ({game.get('mode')})"
        try:
            reports, problems = verify(replay, ladder, dealers, dailies)
        except Unusable as exc:
            refused = unverifiable_refused(replay, dealers)
            if game.get("fair") is None and not refused:
                print(f"{name}: skipped, dealt before verifiable deals")
                continue
            if not refused:
                print(f"{name}: cannot verify: {exc}")
                return 2
            reports, problems = [], refused
        checked += 1
        bad = [r.k + 1 for r in reports if r.problems] + problems
        failed += bool(bad)
        print(
            f"{name}: "
            + (f"FAILED — {problems or ''} hands {[r.k + 1 for r in reports if r.problems]}" if bad else "PASS")
        )
    print(f"{'FAIL' if failed else 'PASS'}: {checked - failed} of {checked} games verified")
    return 1 if failed else 0


def report(replay: Json, walk: Walk) -> int:
    """Print one replay's verdict, hand by hand then game-wide: the exit status."""
    reports, problems = walk.reports, walk.game_problems
    for hand in reports:
        print(hand.line())
    for problem in problems:
        print(f"FAILED — {problem}")
    bad = [r.k + 1 for r in reports if r.problems]
    if bad or problems:
        which = f"hands {', '.join(map(str, bad))}" if bad else "no hand"
        print(f"FAIL: {len(bad)} of {len(reports)} hands differ ({which}); {len(problems)} game-wide problem(s)")
        return 1
    fair, game = replay["game"]["fair"], replay["game"]
    print(
        f"PASS: all {len(reports)} hands follow the fair-deal rule (dealer {fair['dealer']}); the commitment matches "
        f"the seed; every step's points and the final score {game['score']}, status {game['status']} "
        f"({walk.ending()}) and stars follow rules {fair['rules']}"
    )
    return 0


def main(argv: list[str]) -> int:
    if argv in (["--help"], ["-h"]):
        print(__doc__)
        return 0
    if len(argv) == 2 and argv[0] == "--vectors":
        return check_vectors(load(argv[1]))
    if options_of(argv) is None:
        print(__doc__.split("\n\n")[1], file=sys.stderr)
        return 2
    replay = dealers = None
    try:
        replay, ladder, dealers, dailies = read_replay(argv)
        if isinstance(replay, dict) and replay.get("format") == "blockknock-games":
            return verify_games(replay, ladder, dealers, dailies)
        return report(replay, verified(replay, ladder, dealers, dailies))
    except Unusable as exc:
        refused = unverifiable_refused(replay, dealers) if dealers is not None else []
        for problem in refused:
            print(f"FAILED — {problem}")
        print(f"FAIL: {exc}" if refused else f"cannot verify: {exc}")
        return 1 if refused else 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
