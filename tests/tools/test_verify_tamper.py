"""The tamper cases against the standalone verifier (tools/verify_deal.py), on real games.

Real games through the services (the API's replay JSON): a Classic game played to its end
with its Continue, a Practice game, challenge 1 won, and a Daily read after its day closed.
Each untouched replay passes; each tampered copy (tests/tools/tamper.py) is refused, and the
verifier names the step, or the game-wide number, that is wrong.
"""

from __future__ import annotations

import copy
import datetime as dt
import hashlib
import json
import random
import re

import pytest
import time_machine

from blockknock.accounts.services import guest_create
from game.daily.close import daily_close_due
from game.models import DailySeed
from tests.game.conftest import fixed_seeds  # noqa: F401 (a fixture: the same seeds, so the same games)
from tests.game.test_audit import self_play
from tests.tools import tamper
from tests.tools.test_verify_self_played import (
    LA,
    dailies_json,
    dealers_json,
    ladder_json,
    ladder_published_before,
    replay_json,
)
from tools import verify_deal as vd
from tools.bots import greedy_bot, random_bot

DAY = dt.datetime(2026, 12, 1, 9, tzinfo=LA)
PRIVATE_SEED = hashlib.sha256(b"a seed of the server's own, never published").hexdigest()


def private_daily(rng: random.Random):
    """A Daily dealt from a seed that is not its day's published one: consistent in itself (its commitment is its
    seed's hash, its start board and hands that seed's), as a server dealing one player privately would make it."""
    row = DailySeed.objects.get(day=DAY.date())
    DailySeed.objects.filter(pk=row.pk).update(seed=PRIVATE_SEED)
    game = self_play(guest_create(), "daily", random_bot, rng, max_moves=400)
    DailySeed.objects.filter(pk=row.pk).update(seed=row.seed)
    return game


def finished_games() -> dict[str, dict]:
    """The replays of one finished game of each kind, by name."""
    ladder_published_before(DAY - dt.timedelta(days=30))
    rng, player = random.Random(8), guest_create()
    with time_machine.travel(DAY, tick=False):
        games = {
            "classic": self_play(player, "classic", random_bot, rng, max_moves=400),
            "practice": self_play(player, "practice", random_bot, rng, max_moves=400),
            "challenge": self_play(player, "challenge", greedy_bot, rng, challenge=1, max_moves=400),
            "daily": self_play(guest_create(), "daily", random_bot, rng, max_moves=400),
            "declined": self_play(guest_create(), "challenge", random_bot, rng, challenge=1, at_no_moves="decline"),
            "greedy": self_play(guest_create(), "classic", greedy_bot, rng, max_moves=400),
            "private": private_daily(rng),
        }
    with time_machine.travel(DAY + dt.timedelta(days=1), tick=False):
        assert daily_close_due() == [DAY.date()]
        # every day's seed is drawn on its own; fixed_seeds draws one for all: the next day's made its own here
        next_day = DailySeed.objects.filter(day=DAY.date() + dt.timedelta(days=1))
        assert next_day.update(seed=hashlib.sha256(b"the next day's seed").hexdigest()) == 1
        published = {"ladder": ladder_json(), "dealers": dealers_json(), "dailies": dailies_json()}
        return {name: replay_json(game) for name, game in games.items()} | published


PUBLISHED = ("ladder", "dealers", "dailies")
"""What the site publishes beside the replays, held in ``_PLAYED`` with them."""

_PLAYED: dict[str, dict] = {}
"""The replays, played once for the module: plain JSON, they outlive each test's database."""


@pytest.fixture
def replays(db, fixed_seeds) -> dict[str, dict]:  # noqa: F811 (the imported fixture, requested)
    """The same four games every run (fixed seeds, a seeded bot): what each tamper case expects of them
    (a challenge won on a hand's last piece, one Continue in the Classic game) must not depend on the draw."""
    if not _PLAYED:
        _PLAYED.update(finished_games())
    statuses = {name: replay["game"]["status"] for name, replay in _PLAYED.items() if name not in PUBLISHED}
    assert statuses == {name: "won" if name == "challenge" else "over" for name in statuses}
    assert _PLAYED["greedy"]["game"]["score"] > 1500  # past challenge 1's target
    assert _PLAYED["declined"]["steps"][-1]["decline"] is True  # a lost challenge 1, ended by No thanks
    assert [bool(step.get("continue")) for step in _PLAYED["classic"]["steps"]].count(True) == 1
    return _PLAYED


def failures(replay: dict, ladder: list | None = None) -> list[str]:
    """Every problem the verifier reports, checked against the published ladder (or ``ladder``) and dealer
    cut-overs: each hand's, then the game-wide ones."""
    reports, problems = vd.verify(
        replay, _PLAYED["ladder"] if ladder is None else ladder, _PLAYED["dealers"], _PLAYED["dailies"]
    )
    return [problem for report in reports for problem in report.problems] + problems


@pytest.mark.parametrize("name", ["classic", "practice", "challenge", "daily", "declined", "greedy"])
def test_the_untouched_replays_pass(replays, name):
    assert failures(replays[name]) == []


@pytest.mark.parametrize("name", ["classic", "practice", "daily"])
def test_an_extra_continue_dealt_by_the_rule_is_refused_at_its_step(replays, name):
    forged, step = tamper.extra_continue(replays[name])
    allowed = {"classic": 1, "practice": 0, "daily": 0}[name]
    site_ending = "expired" if name == "daily" else "abandoned"  # a Daily is never abandoned, only a Daily expires
    assert failures(forged) == [
        f"step {step}: Continue number {allowed + 1}, the {name} mode allows {allowed}",
        f"final status: 'over' in the replay, the moves end it {site_ending}",  # the new hand fits
    ]


def test_a_continue_while_a_piece_fits_is_refused_at_its_step(replays):
    forged, _ = tamper.extra_continue(replays["challenge"])  # the won challenge's last hand: pieces still fit
    step = len(forged["steps"])
    found = failures(forged)
    assert found[0].startswith(f"step {step}: Continue while ") and found[0].endswith(" (not at No moves left)")


@pytest.mark.parametrize("name", ["classic", "practice"])
def test_a_start_board_with_a_block_is_refused(replays, name):
    forged, _ = tamper.filled_start(replays[name])
    found = failures(forged)
    assert (
        "start board row 0 is '#.......' in the replay, '........' by the rule (a game of this mode starts empty)"
        in found
    )


def first_hand_refusal(replay: dict, label: str) -> str:
    """The verifier's refusal of ``replay``'s first hand shown under ``label``: the hand the engine's dealer 4
    deals for that label from the replay's seeds and start board (base set) against the hand the replay shows."""
    shown, dealt = tamper.first_hands(replay, label)
    assert dealt != shown
    return f"step 1: the replay shows {', '.join(shown)}; the rule deals {', '.join(dealt)}"


def test_every_mode_but_the_daily_is_dealt_with_its_label(replays):
    dealers = {name: replay["game"]["fair"]["dealer"] for name, replay in replays.items() if name not in PUBLISHED}
    assert dealers == {name: "3" if name in ("daily", "private") else "4" for name in dealers}


def test_a_won_challenge_relabelled_as_classic_is_refused_at_its_first_hand(replays):
    forged, _ = tamper.relabelled(replays["challenge"], "classic")
    found = failures(forged)
    assert found[0] == first_hand_refusal(replays["challenge"], "classic")
    assert found[-1] == "final status: 'won' in the replay, the moves end it abandoned"


def test_a_lost_challenge_1_relabelled_as_classic_is_refused_at_its_first_hand(replays):
    forged, _ = tamper.relabelled(replays["declined"], "classic")
    found = failures(forged)
    assert found[0] == first_hand_refusal(replays["declined"], "classic")
    assert all(" the rule deals " in problem for problem in found)  # nothing but the deal tells the two apart


def test_a_lost_classic_game_relabelled_as_challenge_1_is_refused_at_its_first_hand(replays):
    assert replays["classic"]["game"]["score"] < 1500  # it never reached challenge 1's target
    forged, _ = tamper.as_challenge(replays["classic"], 1, 1500)
    found = failures(forged)
    assert found[0] == first_hand_refusal(replays["classic"], "challenge 1 version 1")
    assert all(" the rule deals " in problem for problem in found[:-1])
    first = next(e for e in replays["ladder"] if (e["number"], e["version"]) == (1, 1))["from_game"]
    game = replays["classic"]["game"]["id"]  # not 1 where earlier tests took ids (PostgreSQL keeps its sequences)
    assert found[-1] == (  # the first Classic game came before the first challenge game
        f"game {game} is challenge 1 version 1, but version 1's first game is game {first} (the published ladder, "
        "GET /api/challenges/)"
    )


def test_a_daily_relabelled_as_classic_is_refused_by_its_dealer(replays):
    forged, _ = tamper.relabelled(replays["daily"], "classic")
    game, first = forged["game"]["id"], next(c["from_game"] for c in replays["dealers"] if c["mode"] == "classic")
    assert failures(forged)[:2] == [
        f"game {game} is dealt by dealer 3, but every classic game from game {first} on is dealt by dealer 4 "
        "(the published cut-over, GET /api/dealers/)",  # the Daily's dealer never dealt a Classic game
        "dealer 3 does not deal a classic game (dealer 3 deals the Daily, 4 the other modes)",
    ]


def test_a_game_shown_as_dealt_by_dealer_2_is_refused_at_its_first_hand(replays):
    forged = copy.deepcopy(replays["declined"])
    forged["game"]["fair"]["dealer"] = "2"
    assert failures(forged)[0].startswith("step 1: the replay shows ")


def test_a_challenge_re_dealt_on_another_challenge_s_start_board_is_refused(replays):
    board = next(entry["start_board"] for entry in replays["ladder"] if entry["number"] == 3)
    forged, _ = tamper.start_of(replays["declined"], board)
    assert failures(forged)[0] == (
        "start board row 0 is '##....##' in the replay, '........' in the published ladder (challenge 1 version 1)"
    )


def test_a_lost_challenge_with_a_changed_target_is_refused(replays):
    forged, _ = tamper.retargeted(replays["declined"], 5000)
    assert failures(forged) == ["target 5000 in the replay, 1500 in the published ladder (challenge 1 version 1)"]


def test_a_classic_game_relabelled_as_challenge_1_is_refused_at_its_first_hand_and_after_the_target(replays):
    forged, _ = tamper.as_challenge(replays["greedy"], 1, 1500)
    found = failures(forged)
    assert found[0] == first_hand_refusal(replays["greedy"], "challenge 1 version 1")
    target = [problem for problem in found if "target" in problem]
    assert re.fullmatch(r"step \d+: a move after the target 1500 was reached \(the game was won\)", target[0])
    assert "final status: 'over' in the replay, the moves end it won" in found


@pytest.mark.parametrize(
    ("number", "version", "refusal"),
    [
        (33, 1, "challenge 33 is not in the published ladder (challenges 1 to 32)"),
        (1, 2, "challenge 1 has no published version 2 (versions 1 to 1)"),
    ],
)
def test_a_challenge_number_or_version_outside_the_ladder_is_refused(replays, number, version, refusal):
    forged, _ = tamper.renumbered(replays["declined"], number)
    forged["game"]["challenge_version"] = version
    assert refusal in failures(forged)


def test_a_declined_game_shown_without_its_no_thanks_is_refused(replays):
    forged, _ = tamper.without_decline(replays["declined"])
    assert failures(forged) == ["final status: 'over' in the replay, the moves end it abandoned"]


def test_a_no_thanks_before_the_end_is_refused_at_its_step(replays):
    forged = copy.deepcopy(replays["declined"])
    decline = forged["steps"].pop()
    forged["steps"].insert(0, decline)
    assert failures(forged)[:2] == [
        f"step 1: No thanks while {', '.join(e['piece'] for e in forged['steps'][1]['hand'])} still fits "
        "(not at No moves left)",
        "step 1: No thanks ends the game, yet more steps follow",
    ]


def test_a_classic_game_relabelled_as_practice_is_refused_at_its_first_hand_and_move(replays):
    forged, _ = tamper.relabelled(replays["classic"], "practice")
    step, found = tamper.first_move(forged), failures(forged)
    assert found[0] == first_hand_refusal(replays["classic"], "practice")
    assert found[1].startswith(f"step {step}: points ")


def test_a_challenge_relabelled_without_its_number_is_refused(replays):
    forged = tamper.renumbered(replays["challenge"], None)[0]
    assert "the game is labelled challenge with challenge None, version 1 and target 1500" in failures(forged)


@pytest.mark.parametrize("number", [6, 15])
def test_a_renumbered_challenge_is_refused(replays, number):
    forged, _ = tamper.renumbered(replays["challenge"], number)
    found = failures(forged)
    assert f"the replay's piece_set is not the published set for challenge {number} version 1" in " ".join(found)
    assert any(problem.startswith("target 1500 in the replay, ") for problem in found)


@pytest.mark.parametrize("name", ["classic", "practice", "challenge", "daily"])
def test_changed_points_are_refused_at_their_step(replays, name):
    forged, step = tamper.changed_points(replays[name])
    shown, score = forged["steps"][step - 1]["result"]["points"], forged["game"]["score"]
    assert failures(forged) == [
        f"step {step}: points {shown} in the replay, {shown - 10} recomputed",
        f"final score: {score} in the replay, {score - 10} recomputed",  # the score the moves give
    ]


@pytest.mark.parametrize("name", ["classic", "practice", "challenge", "daily"])
def test_a_changed_score_is_refused(replays, name):
    forged, _ = tamper.changed_score(replays[name])
    score = forged["game"]["score"]
    assert failures(forged)[0] == f"final score: {score} in the replay, {score - 10} recomputed"


@pytest.mark.parametrize("name", ["classic", "challenge", "daily"])
def test_changed_stars_are_refused(replays, name):
    forged, _ = tamper.changed_stars(replays[name])
    detail = forged["stars_detail"]
    assert failures(forged) == [
        f"stars: score_bonus {detail['score_bonus']} in the replay, {detail['score_bonus'] - 1} by the rules",
        f"stars: earned {detail['earned']} in the replay, {detail['earned'] - 1} by the rules",
        f"stars: paid {detail['paid']} in the replay, {detail['paid'] - 1} by the rules",
        f"stars: {forged['game']['stars']} in the replay, {detail['paid'] - 1} by the rules",
    ]


def test_an_unknown_rules_version_cannot_be_verified(replays):
    forged = {**replays["classic"], "game": {**replays["classic"]["game"]}}
    forged["game"]["fair"] = {**forged["game"]["fair"], "rules": "2"}
    with pytest.raises(vd.Unusable, match=r"unknown rules version '2' \(this program checks rules \"1\"\)"):
        vd.verify(forged)


def test_a_final_hand_marked_as_fitting_when_it_does_not_is_refused(replays):
    forged = tamper.changed_score(replays["classic"])[0]
    forged["game"]["score"] -= 10
    forged["game"]["hand"][0]["fits"] = not forged["game"]["hand"][0]["fits"]
    assert failures(forged)[0].startswith("final hand: fits [")


def test_a_stuck_game_shown_as_declined_is_refused_at_its_no_thanks(replays):
    assert tamper.deals(replays["classic"]) > 1 and replays["classic"]["game"]["continues_left"] == 0  # stuck
    forged, step = tamper.with_decline(replays["classic"])
    assert failures(forged) == [f"step {step}: No thanks with no Continue left (the game was already over)"]


@pytest.mark.parametrize("name", ["classic", "practice", "challenge"])
def test_an_expired_game_of_a_mode_without_a_day_is_refused(replays, name):
    forged, _ = tamper.restatus(replays[name], "expired")
    ending = "won" if name == "challenge" else "over"
    stars = forged["game"]["stars"]
    assert failures(forged) == [f"final status: 'expired' in the replay, the moves end it {ending}"] + (
        [] if stars is None else [f"stars: {stars!r} for a game that earns none"]
    )


def test_a_game_shown_as_dealt_by_an_older_dealer_after_its_cut_over_is_refused_by_the_cut_over(replays):
    forged, _ = tamper.older_dealer(replays["classic"])
    game, cutover = forged["game"]["id"], next(c for c in replays["dealers"] if c["mode"] == "classic")
    assert cutover["dealer"] == 4 and cutover["from_game"] <= int(game)
    assert failures(forged)[-1] == (
        f"game {game} is dealt by dealer 2, but every classic game from game {cutover['from_game']} on is dealt "
        "by dealer 4 (the published cut-over, GET /api/dealers/)"
    )


def test_a_challenge_checked_against_an_empty_ladder_is_refused_in_words(replays):
    assert "challenge 1 is not in the published ladder: no challenge is published yet" in failures(
        replays["declined"], ladder=[]
    )


def published_daily(replays: dict, day: str) -> dict:
    return next(entry for entry in replays["dailies"] if entry["day"] == day)


def test_a_daily_shown_on_another_day_is_refused_by_that_day_s_published_commitment(replays):
    forged, _ = tamper.on_day(replays["daily"], "2026-12-02")
    shown, listed = forged["game"]["fair"]["commitment"], published_daily(replays, "2026-12-02")["commitment"]
    assert failures(forged) == [
        f"commitment {shown!r} in the replay, {listed!r} published for the Daily of 2026-12-02 "
        "(GET /api/dailies/2026-12-02/)"
    ]


def test_a_daily_dealt_from_a_private_seed_with_its_own_commitment_is_refused_by_the_day_s(replays):
    private, fair = replays["private"], replays["private"]["game"]["fair"]
    assert (fair["server_seed"], fair["commitment"]) == (
        PRIVATE_SEED,
        hashlib.sha256(bytes.fromhex(PRIVATE_SEED)).hexdigest(),
    )
    assert private["game"]["day"] == "2026-12-01"
    listed = published_daily(replays, "2026-12-01")
    assert failures(private) == [
        f"commitment {fair['commitment']!r} in the replay, {listed['commitment']!r} published for the Daily of "
        "2026-12-01 (GET /api/dailies/2026-12-01/)",
        f"server_seed {PRIVATE_SEED!r} in the replay, {listed['server_seed']!r} revealed for the Daily of "
        "2026-12-01 (GET /api/dailies/2026-12-01/)",
    ]


def test_a_daily_of_a_day_never_published_is_refused(replays):
    forged, _ = tamper.on_day(replays["daily"], "2027-01-01")
    assert failures(forged) == [
        "no Daily is published for '2027-01-01': the game's day is not one the site dealt a Daily for"
    ]


def run_saved(tmp_path, replay: dict, *published: tuple[str, object]) -> tuple[int, str]:
    """``main`` on ``replay`` saved as a file, with each ``(option, published answer)`` saved and passed."""
    argv = []
    for n, (flag, answer) in enumerate(published):
        path = tmp_path / f"published-{n}.json"
        path.write_text(json.dumps(answer))
        argv += [flag, str(path)]
    saved = tmp_path / "replay.json"
    saved.write_text(json.dumps(replay))
    return vd.main([*argv, str(saved)]), str(saved)


def test_a_saved_daily_is_checked_against_the_dailies_file_and_cannot_be_checked_without_one(replays, tmp_path, capsys):
    dealers = ("--dealers", replays["dealers"])
    day = published_daily(replays, "2026-12-01")
    assert run_saved(tmp_path, replays["daily"], dealers, ("--dailies", day))[0] == 0  # one entry, as /{day}/ answers
    assert run_saved(tmp_path, replays["daily"], dealers, ("--dailies", replays["dailies"]))[0] == 0  # or the list
    assert run_saved(tmp_path, replays["private"], dealers, ("--dailies", day))[0] == 1
    capsys.readouterr()
    assert run_saved(tmp_path, replays["daily"], dealers)[0] == 2
    assert capsys.readouterr().out == (
        "cannot verify: a Daily is checked against its day's published entry: pass --dailies FILE (or URL), the "
        "answer of GET /api/dailies/{day}/ (or of GET /api/dailies/)\n"
    )


def test_a_day_the_site_answers_404_for_is_no_published_daily(monkeypatch):
    import urllib.error

    def missing(where):
        raise vd.Unusable("cannot read") from urllib.error.HTTPError(where, 404, "Not Found", None, None)  # type: ignore[arg-type]

    monkeypatch.setattr(vd, "load", missing)
    assert vd.load_daily("https://example.org/api/dailies/2027-01-01/") == []
    source = "https://example.org/api/games/42/replay/"  # a replay URL: its day's entry is asked of the same site
    assert vd.site_url(source, "dailies/2027-01-01") == "https://example.org/api/dailies/2027-01-01/"


def test_a_challenge_started_under_a_version_that_a_later_one_had_replaced_is_refused(replays):
    """A server still dealing an older, easier version to a game started after the next was published."""
    declined, ladder = replays["declined"], copy.deepcopy(replays["ladder"])
    started = declined["game"]["started"]
    one = next(entry for entry in ladder if entry["number"] == 1)
    newer = {**one, "version": 2, "target": 3000, "published": (DAY - dt.timedelta(hours=1)).isoformat()}
    newer["from_game"] = None  # no game of it yet: only the times place the game
    assert failures(declined, ladder=[*ladder, newer]) == [
        f"challenge 1 version 1 was not the latest when the game started at {started}: version 2 was published at "
        f"{newer['published']} (GET /api/challenges/)"
    ]
    one["published"] = (DAY + dt.timedelta(hours=1)).isoformat()  # published after the game started
    assert failures(declined, ladder=ladder) == [
        f"challenge 1 version 1 was published at {one['published']}, after the game started at {started}"
    ]


def test_no_thanks_leaves_the_continue_unused_and_a_continue_re_deals_all_three_slots(replays):
    """Two points docs/fair-deal.md states from the code: what a checker compares after No thanks and a Continue."""
    declined = replays["declined"]
    assert (declined["game"]["continues_left"], declined["steps"][-1]["decline"]) == (1, True)
    classic = replays["classic"]["steps"]
    at = next(n for n, step in enumerate(classic) if step.get("continue"))
    assert [slot["used"] for slot in classic[at]["hand"]] == [False, False, False]


def test_a_daily_shown_as_dealt_by_dealer_2_with_its_client_seed_is_refused_from_its_first_hand(replays):
    forged, _ = tamper.older_dealer(replays["daily"])
    assert forged["game"]["fair"]["client_seed"]  # dealer 2 reads it in every deal, deal 0 too
    found, game = failures(forged), forged["game"]["id"]
    first = next(c["from_game"] for c in replays["dealers"] if c["mode"] == "daily")
    assert found[0].startswith("step 1: the replay shows ")
    assert found[-1] == (
        f"game {game} is dealt by dealer 2, but every daily game from game {first} on is dealt by dealer 3 "
        "(the published cut-over, GET /api/dealers/)"
    )
