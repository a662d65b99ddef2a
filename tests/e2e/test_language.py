"""Switching the language in a real browser: Settings → Language, the footer, and the choice
remembered for the player (a guest is a player too) across reloads and without the cookie."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from playwright.sync_api import Page, expect

from blockknock.accounts.models import Player
from game.models import Game
from tests.helpers import log_in_new_guest_browser

pytestmark = pytest.mark.django_db(transaction=True)

MONO_HAND = ["mono", "mono", "mono"]


def test_switching_to_chinese_in_settings_shows_the_board_in_chinese_and_is_remembered(page: Page):
    page.goto("/")
    log_in_new_guest_browser(page)
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_test_id("combo").locator(".combo-word")).to_have_text("COMBO")

    page.goto("/settings/")
    language = page.get_by_test_id("language-setting")
    language.get_by_label("繁體中文").check()
    language.get_by_role("button", name="Save language").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("設定")
    expect(page.locator("html")).to_have_attribute("lang", "zh-Hant")
    assert Player.objects.get().language == "zh-hant"

    page.get_by_role("navigation", name="主選單").get_by_role("link", name="開始玩").click()
    expect(page.get_by_test_id("combo").locator(".combo-word")).to_have_text("連擊")
    expect(page.locator("#play-area .tools-new button")).to_contain_text("新遊戲")
    expect(page.locator(".stat--best .stat-label")).to_contain_text("最高分")

    # A move: the live region reads the server's summary in Chinese.
    game = Game.objects.get(pk=page.locator("#play-area").get_attribute("data-game-id"))
    Game.objects.filter(pk=game.pk).update(board="." * 64, hand=MONO_HAND, used=[False, False, False])
    page.reload()
    page.locator('#play-area .piece[data-slot="0"]').click()
    page.locator('#board .cell[data-row="4"][data-col="4"]').click()
    expect(page.locator("#announcer")).to_contain_text("加 10 分。目前 10 分。")

    page.reload()
    expect(page.get_by_test_id("combo").locator(".combo-word")).to_have_text("連擊")

    # Without the language cookie the player's saved language still applies (and the cookie comes back).
    page.context.clear_cookies(name=settings.LANGUAGE_COOKIE_NAME)
    page.reload()
    expect(page.locator("html")).to_have_attribute("lang", "zh-Hant")
    expect(page.get_by_test_id("combo").locator(".combo-word")).to_have_text("連擊")
    assert any(c["name"] == settings.LANGUAGE_COOKIE_NAME and c["value"] == "zh-hant" for c in page.context.cookies())


def test_the_footer_switches_back_to_english_on_the_same_page(page: Page):
    page.goto("/")
    log_in_new_guest_browser(page)  # this browser's guest player (a first visit's first move would make it)
    page.goto("/how-to-play/")
    footer = page.get_by_test_id("language-footer")
    footer.get_by_role("button", name="繁體中文").click()
    expect(page).to_have_url(re.compile(r"/how-to-play/$"))
    expect(page.get_by_role("heading", level=1)).to_have_text("玩法說明")
    page.get_by_test_id("language-footer").get_by_role("button", name="English").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("How to play")
    assert Player.objects.get().language == "en"


def test_the_footer_switch_stays_off_the_board_on_the_desktop_and_off_the_phone_play_page(page: Page, phone_page: Page):
    page.goto("/")
    switch = page.get_by_test_id("language-footer")
    expect(switch).to_be_visible()
    box = switch.bounding_box()
    for selector in ("#board", "#play-area .hand", "#play-area .scorebar", "#play-area .tools"):
        other = page.locator(selector).bounding_box()
        apart = (
            box["x"] + box["width"] <= other["x"]
            or other["x"] + other["width"] <= box["x"]
            or box["y"] + box["height"] <= other["y"]
            or other["y"] + other["height"] <= box["y"]
        )
        assert apart, (selector, box, other)

    phone_page.goto("/")
    log_in_new_guest_browser(phone_page)
    expect(phone_page.get_by_test_id("language-footer")).to_be_hidden()
    phone_page.goto("/how-to-play/")
    phone_page.get_by_test_id("language-footer").get_by_role("button", name="繁體中文").click()
    expect(phone_page.get_by_role("heading", level=1)).to_have_text("玩法說明")
    # The longest Chinese guest name and a two-digit level: the board and hand still fit the phone.
    Player.objects.update(name="機靈貓頭鷹 999", level=12)
    phone_page.goto("/")
    expect(phone_page.get_by_test_id("combo").locator(".combo-word")).to_have_text("連擊")
    viewport = phone_page.viewport_size
    for selector in ("#board", "#play-area .hand", ".site-header"):
        box = phone_page.locator(selector).bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= viewport["height"], selector
    assert phone_page.evaluate("document.documentElement.scrollHeight") <= viewport["height"]


def test_the_header_menu_switches_the_language_on_the_phone_daily_page(phone_page: Page):
    """Trial report: a phone's Play/Daily pages hide the footer; the menu has the same switch, on every page."""
    phone_page.goto("/daily/")
    expect(phone_page.locator("html")).to_have_attribute("lang", "en")
    expect(phone_page.get_by_test_id("language-footer")).to_be_hidden()
    phone_page.get_by_test_id("menu-button").tap()
    switch = phone_page.locator("#site-menu").get_by_test_id("language-menu")
    expect(switch).to_be_visible()
    box, viewport = switch.bounding_box(), phone_page.viewport_size
    assert (
        box["x"] >= 0
        and box["x"] + box["width"] <= viewport["width"]
        and box["y"] + box["height"] <= viewport["height"]
    )
    switch.get_by_role("button", name="繁體中文").tap()
    expect(phone_page).to_have_url(re.compile(r"/daily/$"))
    expect(phone_page.locator("html")).to_have_attribute("lang", "zh-Hant")
    assert Player.objects.get().language == "zh-hant"
    phone_page.get_by_test_id("menu-button").tap()
    phone_page.get_by_test_id("language-menu").get_by_role("button", name="English").tap()
    expect(phone_page.locator("html")).to_have_attribute("lang", "en")
