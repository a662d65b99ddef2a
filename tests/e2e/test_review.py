"""The review page and the Daily's Share in a real browser: stepping, keys, the copy, nothing wider than the screen.

Set ``REVIEW_SHOTS`` to a folder to keep screenshots at 360×640, 390×844 and 1280×800, English and Chinese.
"""

from __future__ import annotations

import os
import random
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from blockknock.accounts.services import guest_create
from game.daily.share import daily_share_text
from game.history import game_review
from tests.e2e.jargon import assert_no_jargon, swipe
from tests.e2e.test_stats import _sign_in
from tests.game.conftest import fixed_seeds  # noqa: F401 (a fixture: the same seeds, so the same game, every run)
from tests.game.test_audit import self_play
from tools.bots import random_bot

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = {"360": (360, 640), "390": (390, 844), "1280": (1280, 800)}


def _page(browser, live_server, size: str, language: str) -> Page:
    from django.conf import settings

    width, height = SIZES[size]
    phone = width < 800
    context = browser.new_context(
        base_url=live_server.url,
        locale="en-US",
        timezone_id=settings.GAME_TIMEZONE,
        viewport={"width": width, "height": height},
        is_mobile=phone,
        has_touch=phone,
        device_scale_factor=2 if phone else 1,
    )
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    return context.new_page()


def _shot(page: Page, name: str) -> None:
    if shots := os.environ.get("REVIEW_SHOTS"):
        Path(shots).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{shots}/{name}.png", full_page=True)


def _fits(page: Page) -> None:
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    box = page.locator("[data-review-board]").bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"]


@pytest.fixture
def ended(db, request):
    """A Classic game the random bot played to its end, its Continue taken: two lost hands, missed clears.

    Its seeds are fixed: with the server's random ones, about one game in forty lost its first
    hand on its next-to-last move, and the test's steps past that move stopped at the last one.
    """
    request.getfixturevalue("fixed_seeds")
    game = self_play(guest_create(), "classic", random_bot, random.Random(11), max_moves=300)
    assert game.status == "over"
    return game


@pytest.mark.parametrize("language", ["en", "zh-hant"])
@pytest.mark.parametrize("size", list(SIZES))
def test_the_review_steps_through_the_moves_and_fits_the_screen(browser, live_server, ended, size, language):
    moves = game_review(game=ended)["moves"]
    lost = next(move["number"] + 1 for move in moves if move["stranded"])
    assert lost + 2 <= len(moves), "the steps below need two moves after the lost one"
    page = _page(browser, live_server, size, language)
    page.goto(f"/games/{ended.public_id}/review/?move={lost}")
    _fits(page)
    expect(page.locator(".review-board .cell.is-hint")).not_to_have_count(0)
    expect(page.locator(".review-board .cell.is-played")).not_to_have_count(0)
    _shot(page, f"review-{size}-{language}")
    # Trial report: "13 of" over "15"; each figure stays on one line, inside its tile.
    figures = page.locator(".review-tile dd").evaluate_all("""dds => dds.map(dd => {
        const range = document.createRange(); range.selectNodeContents(dd);
        const lines = new Set([...range.getClientRects()].map(r => Math.round(r.top))).size;
        return [lines, dd.scrollWidth <= dd.clientWidth];
    })""")
    assert figures == [[1, True]] * 3
    # The arrow keys' hint is for a keyboard; a touch screen is told to swipe or tap the arrows.
    keys, touch = expect(page.locator(".review-help--keys")), expect(page.locator(".review-help--touch"))
    (keys.to_be_visible(), touch.to_be_hidden()) if size == "1280" else (keys.to_be_hidden(), touch.to_be_visible())
    assert_no_jargon(page)
    title = page.locator("[data-review-title]")
    before = title.inner_text()
    page.keyboard.press("ArrowRight")
    expect(title).not_to_have_text(before)
    expect(page).to_have_url(re.compile(rf"move={lost + 1}$"))
    if size != "1280":  # a swipe to the left shows the next move, to the right the one before
        swipe(page, "[data-review-board]", -80)
        expect(page).to_have_url(re.compile(rf"move={lost + 2}$"))
        swipe(page, "[data-review-board]", 80)
        expect(page).to_have_url(re.compile(rf"move={lost + 1}$"))
    page.keyboard.press("Home")
    expect(page.locator('[data-review-go="prev"]')).to_have_attribute("aria-disabled", "true")
    expect(page.locator("#announcer")).not_to_be_empty()
    page.locator("[data-review-move]").first.click()
    expect(page.locator("[data-review-move]").first).to_have_attribute("aria-current", "true")
    _fits(page)
    page.context.close()


@pytest.mark.parametrize("language", ["en", "zh-hant"])
@pytest.mark.parametrize("size", list(SIZES))
def test_share_copies_the_daily_text_and_says_so(browser, live_server, size, language):
    player = guest_create()
    game = self_play(player, "daily", random_bot, random.Random(5), max_moves=300)
    assert game.status == "over"
    page = _page(browser, live_server, size, language)
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    _sign_in(page, live_server, player)
    page.goto("/daily/")
    card = page.locator('[data-testid="daily-share"]')
    expect(card).to_be_visible()
    if size == "1280":  # on a desktop the end cards, Share included, are in view without scrolling
        page.evaluate("Promise.all(document.getAnimations().map((a) => a.finished))")
        bottoms = page.locator('[data-testid="game-over"] > .overlay-card').evaluate_all(
            "cards => cards.map(card => card.getBoundingClientRect().bottom)"
        )
        assert len(bottoms) == 2 and max(bottoms) <= page.viewport_size["height"], bottoms
    page.evaluate("() => { delete Navigator.prototype.share; }")  # the clipboard path, whatever this build offers
    card.locator("[data-share]").click()
    expect(card.locator("[data-share-status]")).not_to_be_empty()
    from django.utils import translation

    with translation.override(language):
        expected = daily_share_text(game=game, link=f"{live_server.url}/daily/")
    assert page.evaluate("navigator.clipboard.readText()") == expected
    card.locator("summary").click()
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    box = card.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= page.viewport_size["width"]
    _shot(page, f"share-{size}-{language}")
    page.context.close()
