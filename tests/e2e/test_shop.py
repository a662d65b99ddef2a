"""The star shop in a real browser: a guest with stars buys a look and every page wears it.

The guest is made by the first visit; its stars are paid straight into the ledger
here (``stars_add``, as a finished game would), then the look is bought by clicking.
"""

from __future__ import annotations

import pytest
from django.contrib.sessions.backends.db import SessionStore
from playwright.sync_api import Page, expect

from blockknock.accounts.models import Player, StarEntry, StarReason
from tests.helpers import log_in_new_guest_browser
from tests.themes.conftest import ensure_looks, give_stars
from themes.services import theme_buy

pytestmark = pytest.mark.django_db(transaction=True)


def this_browsers_player(page: Page) -> Player:
    """The player bound to the page's session cookie."""
    cookie = next(c for c in page.context.cookies() if c["name"] == "sessionid")
    return Player.objects.get(pk=SessionStore(session_key=cookie["value"])["_auth_user_id"])


def board_cell_colours(page: Page) -> dict[str, str]:
    """The computed colours of the play page's board and one of its empty cells."""
    return page.eval_on_selector(
        "#board",
        """board => {
            const cell = board.querySelector('.cell:not(.is-filled)');
            return {board: getComputedStyle(board).backgroundColor, cell: getComputedStyle(cell).backgroundColor};
        }""",
    )


def test_a_guest_buys_a_look_and_the_board_changes_colour(page: Page):
    ensure_looks()
    page.goto("/")
    log_in_new_guest_browser(page)
    expect(page.locator("#board")).to_be_visible()
    before = board_cell_colours(page)
    player = give_stars(this_browsers_player(page), 60)

    page.goto("/settings/theme/")
    aurora = page.get_by_test_id("look-aurora")
    expect(aurora.get_by_test_id("look-state")).to_contain_text("★ 50")
    page.evaluate("window.__stillHere = true")  # the buy must not reload the page
    aurora.get_by_role("button", name="Buy Aurora for 50 stars").click()

    expect(page.get_by_test_id("shop-message")).to_have_text("Aurora is yours for 50 stars, and it's on.")
    expect(aurora.get_by_test_id("look-state")).to_have_text("In use")
    expect(page.locator("html")).to_have_attribute("data-theme", "aurora")
    assert page.evaluate("window.__stillHere") is True
    expect(page.get_by_test_id("star-balance")).to_have_attribute("data-stars", "10")
    # this very page switched: the page's own background colour is Aurora's now
    assert page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--bg-1').trim()") == "#04141a"

    page.goto("/")
    after = board_cell_colours(page)
    assert before == {"board": "rgba(8, 20, 48, 0.55)", "cell": "rgba(150, 185, 255, 0.07)"}  # Glass
    assert after == {"board": "rgba(2, 16, 22, 0.55)", "cell": "rgba(140, 255, 220, 0.07)"}  # Aurora

    player.refresh_from_db()
    assert (player.theme, player.stars) == ("aurora", 10)
    assert list(
        StarEntry.objects.filter(player=player, reason=StarReason.PURCHASE).values_list("amount", flat=True)
    ) == [-50]


def test_a_look_out_of_reach_has_buy_disabled_and_says_how_many_stars_are_missing(phone_page: Page):
    ensure_looks()
    page = phone_page
    page.goto("/settings/theme/")
    log_in_new_guest_browser(page)  # the shop makes no guest on a visit
    give_stars(this_browsers_player(page), 20)
    page.reload()
    paper = page.get_by_test_id("look-paper-ink")
    expect(paper.get_by_test_id("look-missing")).to_have_text("1,160 more ★ needed")
    expect(paper.get_by_role("button", name="Buy Paper & Ink for 1,180 stars")).to_be_disabled()
    expect(page.locator("html")).to_have_attribute("data-theme", "glass")


def test_a_refused_buy_is_said_next_to_its_button_and_read_out(phone_page: Page):
    ensure_looks()
    page = phone_page
    page.goto("/settings/theme/")
    log_in_new_guest_browser(page)  # the shop makes no guest on a visit
    player = give_stars(this_browsers_player(page), 100)
    page.reload()
    theme_buy(player=player, slug="ember")  # spent in another tab: 15 stars left
    aurora = page.get_by_test_id("look-aurora")
    aurora.get_by_role("button", name="Buy Aurora for 50 stars").click()

    said = "Aurora costs 50 stars and you have 15: 35 more to go."
    expect(aurora.get_by_test_id("shop-message")).to_have_text(said)
    expect(page.locator("#announcer-assertive")).to_have_text(said)
    message, button = aurora.get_by_test_id("shop-message").bounding_box(), aurora.get_by_role("button").bounding_box()
    assert 0 <= message["y"] - (button["y"] + button["height"]) < 40  # right under the button, in view
    assert message["y"] + message["height"] <= page.viewport_size["height"]
    expect(aurora.get_by_role("button", name="Buy Aurora for 50 stars")).to_be_disabled()


def test_switching_back_to_a_free_look(page: Page):
    ensure_looks()
    page.goto("/settings/theme/")
    page.get_by_test_id("look-midnight-arcade").get_by_role("button", name="Use").click()
    expect(page.locator("html")).to_have_attribute("data-theme", "midnight-arcade")
    expect(page.get_by_test_id("look-midnight-arcade").get_by_test_id("look-state")).to_have_text("In use")
    page.get_by_test_id("look-glass").get_by_role("button", name="Use").click()
    expect(page.locator("html")).to_have_attribute("data-theme", "glass")
    page.goto("/settings/")
    expect(page.get_by_test_id("theme-setting")).to_contain_text("Glass")


@pytest.mark.parametrize("language", ["en", "zh-hant"])
@pytest.mark.parametrize("width", [360, 390])
def test_the_stars_still_needed_stay_on_one_line_inside_the_card(browser, live_server, width, language):
    """Trial report: "★ 50" / "46 more" / "★ needed" on three lines; now one line under the price and the button."""
    ensure_looks()
    context = browser.new_context(
        base_url=live_server.url, viewport={"width": width, "height": 844}, is_mobile=True, has_touch=True
    )
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    try:
        page = context.new_page()
        page.goto("/")
        log_in_new_guest_browser(page)
        give_stars(this_browsers_player(page), 4)
        page.goto("/settings/theme/")
        aurora = page.get_by_test_id("look-aurora")
        missing = aurora.get_by_test_id("look-missing")
        expect(missing).to_have_text("46 more ★ needed" if language == "en" else "還需要 46 顆 ★")
        lines, fits = missing.evaluate("""el => { const range = document.createRange(); range.selectNodeContents(el);
            const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
            return [lines, el.scrollWidth <= el.clientWidth]; }""")
        card, box = aurora.bounding_box(), missing.bounding_box()
        assert (lines, fits) == (1, True)
        assert card["x"] < box["x"] and box["x"] + box["width"] < card["x"] + card["width"]
        expect(aurora.get_by_test_id("look-state")).to_have_text("★ 50")
    finally:
        context.close()
