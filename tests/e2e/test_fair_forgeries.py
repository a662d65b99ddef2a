"""The audit's accepted forgeries, each refused in words by "Was it fair?" (static/js/fair/, in Chromium).

Real games, self-played through the services: challenge 1 lost by No thanks, a Classic game that took
its Continue and ran out, and Dailies read after their day closed (one dealt from a private seed). Each
forgery is the page's replay (or the published ladder or dealer cut-overs) changed as tests/tools/tamper.py
changes it for tools/verify_deal.py; the page must fail the game and say why, in these exact words.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import random
from collections.abc import Callable

import pytest
import time_machine
from playwright.sync_api import Page, expect

from blockknock.accounts.services import guest_create
from game.daily.close import daily_close_due
from game.models import DailySeed, Game
from tests.e2e.test_fair_page import declined_challenge, fair_url, finished_game, serve_changed
from tests.game.conftest import fixed_seeds  # noqa: F401 (a fixture: the same seeds, so the same games, every run)
from tests.game.test_audit import self_play
from tests.tools import tamper
from tests.tools.test_verify_self_played import dealers_json, ladder_json, replay_json
from tests.tools.test_verify_tamper import DAY, private_daily
from tools.bots import random_bot

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("fixed_seeds")]

STATUS = "The replay says the game ended as “{}”, which is not how its moves end it."
OTHER_START = ["##....##", *(["........"] * 7)]


def refusal(page: Page, game: Game, change: Callable[[dict], None], why: str, published: tuple = ()) -> None:
    """Open the game's "Was it fair?" in a new tab, its replay changed by ``change`` (and a published list,
    ``(url pattern, answer)``, replaced), and expect it failed with ``why`` among its reasons."""
    tab = page.context.new_page()
    serve_changed(tab, game, change)
    if published:
        tab.route(published[0], lambda route: route.fulfill(json=published[1]))
    tab.goto(fair_url(game))
    expect(tab.get_by_test_id("fair-check")).to_have_attribute("data-outcome", "failed")
    expect(tab.get_by_test_id("fair-failures").locator("li").filter(has_text=why).first).to_have_text(why)
    tab.close()


def tampered(original: dict, forge: Callable) -> Callable[[dict], None]:
    """A change that makes the served replay ``forge(original)``'s forged copy."""
    return lambda replay: replay.update(forge(original)[0])


def first_hand(replay: dict, label: str) -> str:
    shown, dealt = tamper.first_hands(replay, label)
    return f"Hand 1: Step 1: the replay shows {', '.join(shown)}; the rule deals {', '.join(dealt)}."


def test_each_forgery_of_a_challenge_is_refused_in_words(page: Page):
    game = declined_challenge()
    lost = replay_json(game)
    cases = [
        (
            lambda r: tamper.start_of(r, OTHER_START),
            "The start board is not the published one of this challenge and version (row 1 differs).",
        ),
        (
            lambda r: tamper.retargeted(r, 5000),
            "The replay says the target was 5000; the published ladder gives 1500 for this challenge and version.",
        ),
        (lambda r: tamper.relabelled(r, "classic"), first_hand(lost, "classic")),
        (lambda r: tamper.renumbered(r, 33), "Challenge 33 is not in the published ladder (challenges 1 to 32)."),
        (tamper.without_decline, STATUS.format("over")),
        (lambda r: tamper.restatus(r, "expired"), STATUS.format("expired")),
    ]
    for forge, why in cases:
        refusal(page, game, tampered(lost, forge), why)
    empty = ("**/api/challenges/", [])
    refusal(
        page, game, lambda r: None, "Challenge 1 is not in the published ladder: no challenge is published yet.", empty
    )
    for ladder, why in ladders_out_of_time(lost):
        refusal(page, game, lambda r: None, why, ("**/api/challenges/", ladder))
    for forge, ladder, why in replaced_versions(lost):
        refusal(page, game, tampered(lost, forge), why, ("**/api/challenges/", ladder))


def replaced_versions(replay: dict) -> list[tuple[Callable, list, str]]:
    """The auditor's s7 and n09: the lost game as one of a replaced, easier version 1, its started before version
    2's published (tests/tools/tamper.py), but its id at or after version 2's first game (the game's own, or
    renumbered past it); and the game shown under an id before its own version's first game."""
    ladder, game = ladder_json(), int(replay["game"]["id"])
    first = next(e for e in ladder if (e["number"], e["version"]) == (1, 1))["from_game"]
    cut_over = "Game {} is challenge 1 version 1, but every challenge 1 game from game {} on is version 2 (the " + (
        "published ladder)."
    )
    return [
        (lambda r: (r, None), tamper.replaced_ladder(ladder, replay, first=game), cut_over.format(game, game)),
        (
            lambda r: tamper.with_id(r, game + 9),
            tamper.replaced_ladder(ladder, replay, first=game + 5),
            cut_over.format(game + 9, game + 5),
        ),
        (
            lambda r: tamper.with_id(r, first - 1),
            ladder,
            f"Game {first - 1} is challenge 1 version 1, but that version’s first game is game {first} (the "
            "published ladder).",
        ),
    ]


def ladders_out_of_time(replay: dict) -> list[tuple[list, str]]:
    """The published ladder changed so that the game's version was not its number's latest when the game started:
    a version 2 published an hour before it, or version 1 itself published an hour after it."""
    ladder, started = ladder_json(), replay["game"]["started"]
    one = next(entry for entry in ladder if entry["number"] == 1)
    hour = dt.timedelta(hours=1)
    before = (dt.datetime.fromisoformat(started) - hour).isoformat()
    after = (dt.datetime.fromisoformat(started) + hour).isoformat()
    newer = {**one, "version": 2, "target": 3000, "published": before, "from_game": None}  # none of it played
    late = [{**entry, "published": after} if entry is one else entry for entry in ladder]
    return [
        (
            [*ladder, newer],
            f"Challenge 1 version 1 was no longer the latest when the game started at {started}: version 2 was "
            f"published at {before}.",
        ),
        (late, f"Challenge 1 version 1 was published at {after}, after the game started at {started}."),
    ]


def test_each_forgery_of_a_classic_game_is_refused_in_words(page: Page):
    game = finished_game(5)
    ended = replay_json(game)
    assert ended["game"]["score"] < 1500 and ended["game"]["continues_left"] == 0  # lost, stuck
    declined, step = tamper.with_decline(ended)
    cutover = next(c["from_game"] for c in dealers_json() if c["mode"] == "classic")
    cases = [
        (lambda r: tamper.as_challenge(r, 1, 1500), first_hand(ended, "challenge 1 version 1")),
        (
            lambda r: (declined, step),
            f"Hand {game.deals}: Step {step}: No thanks with no Continue left: the game was already over.",
        ),
        (lambda r: tamper.restatus(r, "expired"), STATUS.format("expired")),
        (
            tamper.older_dealer,
            f"Game {game.pk} is dealt by deal rule 2, but every game of its mode from game "
            f"{cutover} on is dealt by rule 4 (the published cut-over).",
        ),
        (  # the auditor's s1b: before every Classic cut-over, by a dealer that never dealt a Classic game
            lambda r: tamper.with_id(tamper.older_dealer(r)[0], 0),
            "Game 0 is dealt by deal rule 2, which never dealt a game of its mode: the published cut-overs begin "
            f"with rule 4 from game {cutover}.",
        ),
    ]
    for forge, why in cases:
        refusal(page, game, tampered(ended, forge), why)


def test_a_game_shown_as_dealt_before_verifiable_deals_after_its_cut_over_is_refused(page: Page):
    game = finished_game(5)
    serve_changed(page, game, lambda replay: replay["game"].update(fair=None))
    page.goto(fair_url(game))
    expect(page.get_by_test_id("fair-check")).to_have_attribute("data-outcome", "failed")
    expect(page.get_by_test_id("fair-summary")).to_have_text(
        "Not verified: the game is shown as dealt by an older deal rule than the one the site publishes for every "
        "game of its mode from an earlier game on."
    )
    expect(page.get_by_test_id("fair-failures").locator("li")).to_have_text(
        f"Game {game.pk} is dealt by deal rule 1, but every game of its mode from game {game.pk} on is dealt by "
        "rule 4 (the published cut-over)."
    )


def closed_dailies() -> tuple[Game, Game]:
    """A Daily of DAY and one dealt from a private seed with that seed's own commitment (tests/tools), their day
    closed; the next day's seed drawn apart (fixed_seeds draws one for every day)."""
    rng = random.Random(8)
    with time_machine.travel(DAY, tick=False):
        daily = self_play(guest_create(), "daily", random_bot, rng, max_moves=400)
        private = private_daily(rng)
    with time_machine.travel(DAY + dt.timedelta(days=1), tick=False):
        assert daily_close_due() == [DAY.date()]
    next_day = DailySeed.objects.filter(day=DAY.date() + dt.timedelta(days=1))
    assert next_day.update(seed=hashlib.sha256(b"the next day's seed").hexdigest()) == 1
    return daily, private


DAILY_SUMMARY = (
    "Not verified: every hand matches the published rule, but the game was not dealt from the seed the site "
    "published for its day."
)


def test_a_daily_is_held_to_its_day_s_published_entry_and_each_forgery_is_refused_in_words(page: Page):
    daily, private = closed_dailies()
    page.goto(fair_url(daily))
    expect(page.get_by_test_id("fair-check")).to_have_attribute("data-outcome", "verified")
    played = replay_json(daily)
    cases = [
        (
            lambda r: tamper.on_day(r, "2026-12-02"),
            "The commitment in the replay is not the one the site published for the Daily of 2026-12-02.",
        ),
        (
            lambda r: tamper.on_day(r, "2027-01-01"),  # the site answers 404: no Daily that day
            "The replay says this Daily was played on 2027-01-01, but the site published no Daily for that day.",
        ),
    ]
    for forge, why in cases:
        refusal(page, daily, tampered(played, forge), why)
    for why in (
        "The commitment in the replay is not the one the site published for the Daily of 2026-12-01.",
        "The server seed in the replay is not the one the site revealed for the Daily of 2026-12-01.",
    ):
        refusal(page, private, lambda r: None, why)
    page.goto(fair_url(private))
    expect(page.get_by_test_id("fair-summary")).to_have_text(DAILY_SUMMARY)
