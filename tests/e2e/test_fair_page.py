"""The "Was it fair?" page checks every hand in the browser (static/js/fair/page.js).

Real finished games, self-played through the services by a bot, are opened in
Chromium: the script loads the public replay and recomputes every hand from the
revealed seeds. A tampered replay must name the hand that does not match.
"""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Page, expect

from blockknock.accounts.services import guest_create
from tests.game.test_audit import self_play
from tools.bots import random_bot

pytestmark = pytest.mark.django_db(transaction=True)


def fair_url(game) -> str:
    return f"/games/{game.public_id}/fair/"


def serve_changed(page: Page, game, change) -> None:
    """Answer the page's GET of the game's replay with the real one after ``change(replay)``."""

    def handle(route):
        replay = route.fetch().json()
        change(replay)
        route.fulfill(json=replay)

    page.route(f"**/api/games/{game.public_id}/replay/", handle)


def finished_game(seed: int):
    game = self_play(guest_create(), "classic", random_bot, random.Random(seed), max_moves=300)
    assert game.status == "over"
    return game


def test_a_game_dealt_before_verifiable_deals_says_so_instead_of_verifying(page: Page):
    game = finished_game(5)
    serve_changed(page, game, lambda replay: replay["game"].update(fair=None))
    page.goto(fair_url(game))
    check = page.get_by_test_id("fair-check")
    expect(check).to_have_attribute("data-outcome", "unverified")
    expect(page.get_by_test_id("fair-summary")).to_contain_text("dealt before verifiable deals")
    expect(page.get_by_test_id("fair-verdict").first).to_be_hidden()
