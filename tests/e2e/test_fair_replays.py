"""static/js/fair/verify.js agrees with the site on self-played games of every mode, in Chromium.

Games through the services as players play them (tests/tools/test_verify_self_played.py's
``play``): Classic with its Continue, Practice, Challenges with the added pieces of
challenges 6, 10 and 15, and the Daily, before and after its day is closed. Each API
replay is checked by the browser's modules; tampered copies must fail where they differ.
"""

from __future__ import annotations

import copy
import datetime as dt
import importlib
import json
import random

import pytest
import time_machine
from django.apps import apps
from playwright.sync_api import Page

from blockknock.accounts.services import guest_create
from game import services
from game.daily.close import daily_close_due
from game.engine import PIECES
from game.models import Challenge
from game.templatetags.rules import rulesets_json
from tests.game.conftest import fixed_seeds  # noqa: F401 (a fixture: the same seeds, so the same games, every run)
from tests.game.test_audit import self_play
from tests.tools import tamper, test_verify_self_played
from tests.tools.test_verify_self_played import (
    LA,
    dailies_json,
    dealers_json,
    ladder_json,
    ladder_published_before,
    play,
    replay_json,
)
from tests.tools.test_verify_self_played import self_played as self_played_208
from tools.bots import greedy_bot, random_bot

pytestmark = pytest.mark.django_db(transaction=True)

CHALLENGES = (6, 10, 15, 32)
DAY = dt.datetime(2026, 12, 1, 9, tzinfo=LA)

# every rules version's numbers, as "Was it fair?" carries them (#bk-rulesets)
VERIFY = """async ([replays, ladder, dealers, dailies]) => {
  const { verifyReplay } = await import("/static/js/fair/verify.js");
  const rulesets = RULESETS;
  const out = [];
  for (const replay of replays) {
    try {
      const report = await verifyReplay(replay, rulesets, ladder, dealers ?? null, dailies ?? null);
      const hands = report.hands.map((hand) => ({ shown: hand.shown, problems: hand.problems }));
      out.push({ hands, problems: report.problems, ending: report.ending });
    } catch (error) {
      out.push({ unverifiable: error.code });
    }
  }
  return out;
}""".replace("RULESETS", json.dumps(rulesets_json()))


def ship_the_ladder() -> None:
    """The 32 challenges of the ladder's migration, each published as version 1 as the migrations leave them, if an
    earlier transactional test flushed them."""
    if not Challenge.objects.exists():
        importlib.import_module("game.migrations.0002_challenge_ladder").ship(apps, None)
    for rung in Challenge.objects.all():
        rung.publish()


def self_played():
    """``(replays of finished games of every mode, a Daily's replay before its day closed, the published Dailies
    once it closed)``."""
    ship_the_ladder()
    ladder_published_before(DAY - dt.timedelta(days=30))
    rng, player = random.Random(21), guest_create()
    games = []
    with time_machine.travel(DAY, tick=False):
        for n in range(4):
            games.append(play(player, "classic", rng))
            games.append(play(player, "practice", rng))
            Challenge.objects.update(active=False)
            Challenge.objects.filter(number=CHALLENGES[n]).update(active=True)
            games.append(play(player, "challenge", rng, CHALLENGES[n]))
            games.append(play(guest_create(), "daily", rng))
        for mode in ("classic", "practice", "challenge"):
            services.game_start(player=player, mode=mode, challenge=CHALLENGES[-1])  # abandons the unfinished ones
        Challenge.objects.update(active=False)
        Challenge.objects.filter(number=1).update(active=True)
        games.append(self_play(player, "challenge", greedy_bot, rng, challenge=1, max_moves=400))  # won
        games.append(self_play(player, "classic", greedy_bot, rng, max_moves=2000))  # to its end, with its Continue
        declined = self_play(guest_create(), "challenge", random_bot, rng, challenge=1, at_no_moves="decline")
        games.append(declined)  # lost, ended by No thanks
        open_daily = replay_json(next(game for game in games if game.mode == "daily" and game.status == "over"))
    with time_machine.travel(DAY + dt.timedelta(hours=15, minutes=1), tick=False):
        assert daily_close_due() == [DAY.date()]
        dailies = dailies_json()
    return [replay_json(game) for game in games], open_daily, dailies


@pytest.mark.usefixtures("fixed_seeds")
def test_the_browser_verifies_every_hand_of_self_played_games_of_every_mode_and_fails_tampered_ones(page: Page):
    replays, open_daily, dailies = self_played()
    assert {r["game"]["mode"] for r in replays} == {"classic", "practice", "challenge", "daily"}
    assert {len(r["piece_set"]) for r in replays if r["game"]["mode"] == "challenge"} == {35, 37, 41, 50}
    assert [r["game"]["status"] for r in replays[-3:]] == ["won", "over", "over"]
    assert replays[-1]["steps"][-1]["decline"] is True
    assert any(step.get("continue") for r in replays for step in r["steps"])
    page.goto("/how-to-play/")
    ladder = ladder_json()
    reports = page.evaluate(VERIFY, [replays, ladder, None, dailies])
    for replay, report in zip(replays, reports):
        assert report.get("problems") == [], replay["game"]["id"]
        assert [hand["problems"] for hand in report["hands"]] == [[]] * len(report["hands"]), replay["game"]["id"]
        assert all(hand["shown"] is not None for hand in report["hands"])
    assert sum(len(report["hands"]) for report in reports) >= 3 * len(replays)
    assert [report["ending"]["kind"] for report in reports[-3:]] == ["won", "stuck", "declined"]
    assert reports[-1]["ending"]["step"] == len(replays[-1]["steps"])

    long = next(r for r in replays if len(r["steps"]) > 6 and r["game"]["mode"] == "classic")
    swapped, reshaped, listed = copy.deepcopy(long), copy.deepcopy(long), copy.deepcopy(long)
    other = "mono" if swapped["steps"][3]["hand"][0]["piece"] == "O9" else "O9"  # a piece the rule did not deal there
    swapped["steps"][3]["hand"][0].update(piece=other, cells=[list(cell) for cell in PIECES[other].cells])
    reshaped["steps"][0]["hand"][0]["cells"] = [[0, 0], [1, 1]]  # no base piece has this shape
    listed["piece_set"] = listed["piece_set"][1:]
    swapped_report, reshaped_report, listed_report, open_report = page.evaluate(
        VERIFY, [[swapped, reshaped, listed, open_daily], ladder, None, dailies]
    )
    assert any(
        problem["code"] in ("differs", "changed") for hand in swapped_report["hands"] for problem in hand["problems"]
    )
    assert {"code": "reshaped", "piece": long["steps"][0]["hand"][0]["piece"]} in reshaped_report["hands"][0][
        "problems"
    ]
    assert listed_report["problems"] == [{"code": "piece_set"}]
    assert open_report == {"unverifiable": "not_revealed"}


def test_the_browser_verifies_the_208_games_the_standalone_verifier_checks(page: Page):
    """The in-browser check, like the standalone one (tests/tools/test_verify_self_played.py), passes
    every hand and number of 208 fresh games, 52 of each mode, the Dailies read after their day closed."""
    ship_the_ladder()
    games = self_played_208()
    replays = [replay_json(game) for game in games]
    assert len(replays) == 208 and {r["game"]["mode"] for r in replays} == {"classic", "practice", "challenge", "daily"}
    assert all(r["game"]["fair"]["server_seed"] for r in replays)  # every Daily's day is closed: its seed shown
    page.goto("/how-to-play/")
    reports = page.evaluate(VERIFY, [replays, ladder_json(), None, test_verify_self_played._DAILIES])
    assert len(reports) == len(replays)
    for game, replay, report in zip(games, replays, reports):
        assert report.get("problems") == [], replay["game"]["id"]
        assert [hand["problems"] for hand in report["hands"]] == [[]] * game.deals, replay["game"]["id"]


def tampered(replays: list[dict]) -> dict[str, tuple[dict, int | None]]:
    """The tamper cases (tests/tools/tamper.py) on the self-played games, by name."""
    won, ended, declined = replays[-3], replays[-2], replays[-1]
    practice = next(r for r in replays if r["game"]["mode"] == "practice" and r["game"]["status"] == "over")
    daily = next(r for r in replays if r["game"]["mode"] == "daily" and r["game"]["status"] == "over")
    lost = next(  # a Classic game that never reached challenge 1's target, ended (a new game abandoned it)
        r
        for r in replays
        if r["game"]["mode"] == "classic" and r["game"]["fair"]["server_seed"] and r["game"]["score"] < 1500
    )
    unknown, flipped = copy.deepcopy(ended), copy.deepcopy(ended)
    unknown["game"]["fair"]["rules"] = "2"
    flipped["game"]["hand"][0]["fits"] = not flipped["game"]["hand"][0]["fits"]
    return {
        "continue classic": tamper.extra_continue(ended),
        "continue practice": tamper.extra_continue(practice),
        "continue daily": tamper.extra_continue(daily),
        "start classic": tamper.filled_start(ended),
        "start practice": tamper.filled_start(practice),
        "relabelled": tamper.relabelled(won, "classic"),
        "lost challenge 1 as classic": tamper.relabelled(declined, "classic"),
        "lost classic as challenge 1": tamper.as_challenge(lost, 1, 1500),
        "daily as classic": tamper.relabelled(daily, "classic"),
        "renumbered": tamper.renumbered(won, 6),
        "points": tamper.changed_points(ended),
        "score": tamper.changed_score(daily),
        "stars": tamper.changed_stars(won),
        "rules": (unknown, None),
        "fits": (flipped, None),
        "re-dealt": tamper.start_of(declined, ["##....##", *(["........"] * 7)]),
        "target": tamper.retargeted(declined, 5000),
        "classic as challenge 1": tamper.as_challenge(ended, 1, 1500),
        "challenge 33": tamper.renumbered(declined, 33),
        "no no thanks": tamper.without_decline(declined),
        "stuck as declined": tamper.with_decline(ended),
        "expired classic": tamper.restatus(ended, "expired"),
        "expired practice": tamper.restatus(practice, "expired"),
        "expired challenge": tamper.restatus(won, "expired"),
        "older dealer": tamper.older_dealer(ended),
    }


def codes(report: dict) -> list[tuple]:
    """``(code, step or name)`` of every problem of a browser report: each hand's, then the game's."""
    found = [(p["code"], p.get("step")) for hand in report.get("hands", []) for p in hand["problems"]]
    return found + [(p["code"], p.get("name", p.get("row"))) for p in report.get("problems", [])]


def assert_the_audit_s_last_forgeries_refused(reports: dict, steps: dict, ended: dict) -> None:
    """A stuck game shown as declined, an ``expired`` game of a mode without a day, and a game shown as dealt by
    an older dealer than its mode's published cut-over (``ended``: the Classic game played to its end)."""
    assert codes(reports["stuck as declined"]) == [("decline_no_continue", steps["stuck as declined"])]
    for name in ("expired classic", "expired challenge"):
        assert codes(reports[name]) == [("status", None), ("stars", "stars")], name  # over or won, paid: not expired
    assert codes(reports["expired practice"]) == [("status", None)]  # Practice earns no stars
    cutover = next(c for c in dealers_json() if c["mode"] == "classic")
    assert reports["older dealer"]["problems"][0] == {
        "code": "dealer_cutover",
        "game": int(ended["game"]["id"]),
        "dealer": 2,
        "first": cutover["from_game"],
        "due": 4,
    }


@pytest.mark.usefixtures("fixed_seeds")
def test_the_browser_refuses_each_tamper_case_and_names_the_step(page: Page):
    replays, _, dailies = self_played()
    cases = tampered(replays)
    assert replays[-2]["game"]["score"] > 1500  # the Classic game passes challenge 1's target
    page.goto("/how-to-play/")
    forged = [replay for replay, _ in cases.values()]
    reports = dict(zip(cases, page.evaluate(VERIFY, [forged, ladder_json(), dealers_json(), dailies])))
    steps = {name: step for name, (_, step) in cases.items()}
    for mode in ("classic", "practice", "daily"):
        assert codes(reports[f"continue {mode}"])[0] == ("continue_not_allowed", steps[f"continue {mode}"])
        assert ("status", None) in codes(reports[f"continue {mode}"])  # the new hand fits: not "over"
    assert ("start", 1) in codes(reports["start classic"]) and ("start", 1) in codes(reports["start practice"])
    for name, original, label in (
        ("relabelled", replays[-3], "classic"),
        ("lost challenge 1 as classic", replays[-1], "classic"),
        ("lost classic as challenge 1", cases["lost classic as challenge 1"][0], "challenge 1 version 1"),
        ("classic as challenge 1", replays[-2], "challenge 1 version 1"),
    ):
        shown, dealt = tamper.first_hands(original, label)
        first = reports[name]["hands"][0]["problems"][0]
        assert first == {"code": "differs", "step": 1, "shown": shown, "expected": dealt}, name
    assert codes(reports["relabelled"])[-1] == ("status", None)
    assert {code for code, _ in codes(reports["lost challenge 1 as classic"])} == {"differs"}
    lost_classic = reports["lost classic as challenge 1"]  # played before challenge 1's first game, too
    assert {code for code, _ in codes(lost_classic)} == {"differs", "ladder_before_first"}
    assert codes(reports["daily as classic"])[:2] == [("dealer_cutover", None), ("dealer_mode", None)]
    assert reports["daily as classic"]["problems"][1] == {"code": "dealer_mode", "dealer": "3"}
    assert codes(reports["re-dealt"])[0] == ("ladder_start", 1)
    assert codes(reports["target"]) == [("ladder_target", None)]
    assert "after_target" in {code for code, _ in codes(reports["classic as challenge 1"])}
    assert ("status", None) in codes(reports["classic as challenge 1"])
    assert codes(reports["challenge 33"])[0] == ("differs", 1)  # challenge 33's label deals other hands
    assert ("ladder_number", None) in codes(reports["challenge 33"])
    assert reports["challenge 33"]["problems"][0] == {"code": "ladder_number", "number": 33, "first": 1, "last": 32}
    assert codes(reports["no no thanks"]) == [("status", None)]
    assert_the_audit_s_last_forgeries_refused(reports, steps, replays[-2])
    assert {("ladder_target", None), ("ladder_start", 1), ("ladder_piece_set", None)} <= set(
        codes(reports["renumbered"])
    )
    assert ("stars", "challenge") in codes(reports["renumbered"])
    assert codes(reports["points"]) == [("number", steps["points"]), ("final", "score")]  # the score follows the moves
    assert codes(reports["score"]) == [("final", "score")]
    assert codes(reports["stars"]) == [
        ("stars", "score_bonus"),
        ("stars", "earned"),
        ("stars", "paid"),
        ("stars", "stars"),
    ]
    assert reports["rules"] == {"unverifiable": "rules"}
    assert codes(reports["fits"]) == [("hand_fits", None)]
