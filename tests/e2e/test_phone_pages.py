"""Off the play page, in a real browser: Settings in plain words, forms with the on-screen keyboard up.

Set ``PHONE_SHOTS`` to a folder to keep screenshots of Settings at 360×640 and 390×844, English and Chinese.
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from blockknock.accounts.services import guest_create
from tests.e2e.conftest import DEFAULT_TIMEOUT_MS
from tests.e2e.jargon import assert_no_jargon
from tests.e2e.test_stats import _sign_in

pytestmark = pytest.mark.django_db(transaction=True)

PHONES = {"360": (360, 640), "390": (390, 844)}
PHONE = PHONES["360"]
KEYBOARD_UP = (360, 340)
"""A 360×640 phone with the on-screen keyboard up."""


def _page(browser, live_server, size: tuple[int, int], language: str = "en") -> Page:
    width, height = size
    context = browser.new_context(
        base_url=live_server.url,
        viewport={"width": width, "height": height},
        is_mobile=width < 800,
        has_touch=width < 800,
        service_workers="block",
    )
    context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    return context.new_page()


def _shot(page: Page, name: str) -> None:
    if shots := os.environ.get("PHONE_SHOTS"):
        Path(shots).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{shots}/{name}.png")


@pytest.mark.parametrize("language", ["en", "zh-hant"])
@pytest.mark.parametrize("size", list(PHONES))
def test_settings_shows_no_seed_or_commitment_and_links_the_fair_deal(browser, live_server, size, language):
    page = _page(browser, live_server, PHONES[size], language)
    _sign_in(page, live_server, guest_create())  # a player: the next game's commitment exists
    page.goto("/settings/")
    assert_no_jargon(page)
    _shot(page, f"settings-{size}-{language}")
    fair = page.get_by_test_id("fair-deal-link")
    expect(fair).to_have_text("Fair deal ✓" if language == "en" else "公平發牌 ✓")
    for keep in ("theme-setting", "mute-setting", "vibrate-setting", "language-setting"):
        expect(page.get_by_test_id(keep)).to_have_count(1)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    fair.click()  # the proof, one tap away
    expect(page).to_have_url(f"{live_server.url}/how-to-play/#fair-deal")
    expect(page.get_by_test_id("settings-commitment")).to_have_text(re.compile(r"^[0-9a-f]{64}$"))
    page.context.close()


UNCOVERED = """el => { const box = el.getBoundingClientRect();
    return box.top > -1 && box.bottom < innerHeight + 1
        && el.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2)); }"""
"""The element is inside the visible area (to a pixel: scrolling rounds) and nothing lies over its middle."""


def _reachable(page: Page, form: str) -> None:
    """Focus each field of ``form`` on a 360×640 phone, then bring the keyboard up (360×340): the field still
    shows, and the submit button scrolls into view, uncovered, and takes a click.

    With the last field focused the submit button is in view by itself (static/js/form-focus.js; without it
    the keyboard's resize leaves the focused field below the visible area).
    """
    fields = page.locator(f"{form} input:not([type=hidden]), {form} select")
    submit = page.locator(f"{form} [type=submit]")
    assert fields.count() > 0
    for index in range(fields.count()):
        page.set_viewport_size({"width": PHONE[0], "height": PHONE[1]})
        fields.nth(index).focus()
        page.set_viewport_size({"width": KEYBOARD_UP[0], "height": KEYBOARD_UP[1]})
        page.wait_for_function(f"innerHeight === {KEYBOARD_UP[1]}")
        expect_uncovered = (fields.nth(index), submit) if index == fields.count() - 1 else (fields.nth(index),)
        for element in expect_uncovered:
            page.wait_for_function(UNCOVERED, arg=element.element_handle(), timeout=2_000)
        submit.scroll_into_view_if_needed()
        assert submit.evaluate(UNCOVERED), (form, index)
        submit.click(trial=True)


def test_sign_up_and_settings_buttons_are_reachable_with_the_keyboard_up(browser, live_server):
    page = _page(browser, live_server, PHONE)
    page.goto("/accounts/signup/")
    _reachable(page, "main form.form")
    page.get_by_label("Username").fill("keyboard-up")
    page.locator("#id_password1").fill("a long enough pass phrase 26")
    page.locator("#id_password2").fill("a long enough pass phrase 26")
    page.locator("main form.form [type=submit]").click()
    expect(page).not_to_have_url(f"{live_server.url}/accounts/signup/")
    expect(page.locator("#play-area")).to_be_visible()  # the play page posts its start first (game/pages.py)
    page.goto("/settings/")
    _reachable(page, "form.inline-form")
    _reachable(page, "form.language-form")
    page.locator("form.language-form [type=submit]").click()
    expect(page).to_have_url(f"{live_server.url}/settings/")
    page.context.close()


@pytest.mark.parametrize("language", ["en", "zh-hant"])
def test_a_sign_up_sent_back_with_errors_shows_its_first_error_on_a_phone(browser, live_server, language):
    """A password of "1234" comes back with its errors under the field, a screen below the page's top at 390×844."""
    page = _page(browser, live_server, PHONES["390"], language)
    page.goto("/accounts/signup/")
    page.locator("#id_username").fill("four-digits")
    page.locator("#id_password1").fill("1234")
    page.locator("#id_password2").fill("1234")
    page.locator("main form.form [type=submit]").click()
    field = page.locator("#id_password1")
    expect(field).to_have_attribute("aria-invalid", "true")
    expect(field).to_be_focused()
    expect(field).to_be_in_viewport()
    errors = page.locator("#id_password1_error")
    expect(errors).to_be_in_viewport()
    colour = errors.evaluate("el => getComputedStyle(el).color")  # the error colour, not the page's text
    expect(errors.locator("li").first).to_have_css("color", colour)
    assert colour != page.locator("label[for=id_password1]").evaluate("el => getComputedStyle(el).color")
    page.context.close()


@pytest.mark.parametrize(("language", "text"), [("en", "Skip to the game"), ("zh-hant", "跳到遊戲")])
def test_the_first_tab_stop_skips_to_the_game_and_enter_goes_there(browser, live_server, language, text):
    page = _page(browser, live_server, (1280, 800), language)
    page.goto("/")
    expect(page.locator("#play-area")).to_be_visible()
    page.keyboard.press("Tab")
    skip = page.locator(":focus")
    expect(skip).to_have_text(text)
    expect(skip).to_be_in_viewport()
    page.keyboard.press("Enter")
    expect(page).to_have_url(f"{live_server.url}/#play-area")
    page.keyboard.press("Tab")  # the next stop is the game's own first control, not the site's menu
    assert page.evaluate("document.activeElement.closest('#play-area') !== null")
    page.goto("/settings/")  # elsewhere the first stop skips to the page's content
    page.keyboard.press("Tab")
    expect(page.locator(":focus")).to_have_attribute("href", "#main")
    page.context.close()


@pytest.mark.parametrize("language", ["en", "zh-hant"])
@pytest.mark.parametrize("size", list(PHONES))
def test_how_to_play_leads_with_a_short_version_that_fits_one_phone_screen(browser, live_server, size, language):
    page = _page(browser, live_server, PHONES[size], language)
    page.goto("/how-to-play/")
    quick = page.get_by_test_id("how-quick")
    box = quick.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= PHONES[size][1], box
    expect(quick.locator(".how-step")).to_have_count(4)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    _shot(page, f"how-to-play-{size}-{language}")
    page.context.close()


OFFER_INSTALL = """() => {
    const offer = new Event("beforeinstallprompt", {cancelable: true});
    window.prompted = 0;
    offer.prompt = () => { window.prompted += 1; return Promise.resolve({outcome: "accepted"}); };
    window.dispatchEvent(offer);
    return offer.defaultPrevented;
}"""
"""What Chromium does when the site can be installed: a ``beforeinstallprompt`` whose ``prompt()`` is counted."""


@pytest.mark.parametrize(("language", "text"), [("en", "Install"), ("zh-hant", "安裝")])
def test_install_shows_only_when_the_browser_offers_it_and_calls_prompt(browser, live_server, language, text):
    page = _page(browser, live_server, PHONES["390"], language)
    page.goto("/settings/")
    button = page.locator("[data-install-button]")
    expect(button).to_be_hidden()
    assert page.evaluate(OFFER_INSTALL) is True  # kept for the button, not shown by the browser itself
    expect(button).to_be_visible()
    expect(button).to_have_text(text)
    button.click()
    assert page.evaluate("window.prompted") == 1
    expect(button).to_be_hidden()  # an offer is used once
    page.context.close()


def test_install_stays_hidden_when_the_site_runs_installed(browser, live_server):
    page = _page(browser, live_server, PHONES["390"])
    page.add_init_script("""{
        const matchMedia = window.matchMedia.bind(window);
        window.matchMedia = (query) => query === "(display-mode: standalone)"
            ? Object.assign(matchMedia("all"), {matches: true, media: query}) : matchMedia(query);
    }""")
    page.goto("/settings/")
    assert page.evaluate(OFFER_INSTALL) is False
    expect(page.locator("[data-install-button]")).to_be_hidden()
    page.context.close()
