"""The audit's accepted forgeries, each refused in words by "Was it fair?" (static/js/fair/, in Chromium).

Two real games, self-played through the services: challenge 1 lost by No thanks, and a Classic game
that took its Continue and ran out. Each forgery is the page's replay (or the published ladder or dealer
cut-overs) changed as tests/tools/tamper.py changes it for tools/verify_deal.py; the page must fail the
game and say why, in these exact words.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from game.models import Game
from tests.e2e.test_fair_page import declined_challenge, fair_url, finished_game, serve_changed
from tests.game.conftest import fixed_seeds  # noqa: F401 (a fixture: the same seeds, so the same games, every run)
from tests.tools import tamper
from tests.tools.test_verify_self_played import dealers_json, replay_json

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
