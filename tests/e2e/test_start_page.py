"""A mode's page with no game to resume deals one at once (templates/game/start.html): with scripts on it
only says so while it waits. (Its Start button is in <noscript>, which Chromium with scripts switched off by
Playwright still does not show: tests/game/test_mode_pages.py reads it in the page and posts the form.)"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, Route, expect

from game.models import Game
from tests.helpers import log_in_new_guest_browser

pytestmark = pytest.mark.django_db(transaction=True)

NO_SCRIPT = "JavaScript is off in this browser: press Start to deal your game."


def test_a_slow_first_daily_says_it_is_dealing_and_offers_no_button(page: Page):
    """A new player's trial: on a slow line the Daily showed "Dealing your game… [Start]" for 2.5 s."""
    page.goto("/")
    log_in_new_guest_browser(page)
    held: list[Route] = []
    page.route("**/js/client-seed.js", lambda route: held.append(route))
    page.goto("/daily/", wait_until="commit")
    expect(page.get_by_text("Dealing your game…")).to_be_visible()
    expect(page.get_by_role("button", name="Start")).to_have_count(0)
    expect(page.get_by_text(NO_SCRIPT)).to_have_count(0)
    for _ in range(500):  # until the held script's request is in (each frame runs the route handler)
        if held:
            break
        page.evaluate("() => new Promise((done) => requestAnimationFrame(done))")
    held[0].continue_()
    expect(page.locator("#play-area")).not_to_have_attribute("data-game-id", "")
    assert Game.objects.filter(mode="daily").count() == 1
