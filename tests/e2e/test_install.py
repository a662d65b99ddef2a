"""Installable in a real browser: the service worker takes the whole site, a page
that can't be reached offline is the offline page in the player's language, the page
comes back with the connection, and Chromium finds nothing against installing the site.

These tests make their own browser contexts: the suite's contexts block service workers.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import BrowserContext, expect

from tests.e2e.conftest import CHROMIUM, CHROMIUM_ARGS, DEFAULT_TIMEOUT_MS

pytestmark = pytest.mark.django_db(transaction=True)


def _context(browser, live_server, locale: str) -> BrowserContext:
    context = browser.new_context(
        base_url=live_server.url, locale=locale, service_workers="allow", viewport={"width": 390, "height": 844}
    )
    context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    return context


def _controlled(page) -> str:
    """Wait for the service worker to be ready and to control the page; its scope."""
    scope = page.evaluate("navigator.serviceWorker.ready.then(registration => registration.scope)")
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    return scope


@pytest.mark.parametrize(
    ("locale", "lang", "title"),
    [("en-US", "en", "You’re offline"), ("zh-TW", "zh-Hant", "目前離線")],
)
def test_offline_a_page_is_the_offline_page_in_the_player_s_language(browser, live_server, locale, lang, title):
    context = _context(browser, live_server, locale)
    try:
        page = context.new_page()
        page.goto("/")
        expect(page.locator("#play-area")).to_be_visible()
        assert _controlled(page) == live_server.url + "/"
        context.set_offline(True)
        page.goto("/stats/")
        expect(page.get_by_test_id("offline")).to_be_visible()
        expect(page.locator("h1")).to_have_text(title)
        assert page.evaluate("document.documentElement.lang") == lang
        context.set_offline(False)  # the offline page reloads itself: the server's page again
        expect(page.get_by_test_id("offline")).to_have_count(0, timeout=15_000)
        expect(page).to_have_url(live_server.url + "/stats/")
    finally:
        context.close()


def test_a_move_is_never_answered_offline(browser, live_server):
    context = _context(browser, live_server, "en-US")
    try:
        page = context.new_page()
        page.goto("/")
        _controlled(page)
        moves = page.locator("#play-area").get_attribute("data-moves")
        context.set_offline(True)
        page.locator('#play-area .piece[data-slot]:not([aria-disabled="true"])').first.click()
        page.locator("#board .cell").first.click()
        expect(page.get_by_test_id("connection-lost")).to_be_visible()
        assert page.locator("#play-area").get_attribute("data-moves") == moves
        context.set_offline(False)  # the board script fetches the server's board again
        expect(page.get_by_test_id("connection-lost")).to_be_hidden(timeout=15_000)
    finally:
        context.close()


def test_chromium_finds_the_site_installable(playwright, live_server, tmp_path):
    # a profile of its own: the suite's contexts are incognito, which Chromium never installs from
    context = playwright.chromium.launch_persistent_context(
        str(tmp_path), executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS, base_url=live_server.url
    )
    try:
        page = context.new_page()
        page.goto("/")
        _controlled(page)
        cdp = context.new_cdp_session(page)
        manifest = cdp.send("Page.getAppManifest")
        assert manifest["url"] == live_server.url + "/manifest.webmanifest" and manifest["errors"] == []
        assert cdp.send("Page.getInstallabilityErrors") == {"installabilityErrors": []}
    finally:
        context.close()
