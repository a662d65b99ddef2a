"""An account's flows in the browser, in both languages: what a sign-up, a sign-in and a sign-out say (on the
board the play page deals), a forgotten password reset by the mailed link, an email change told to the old
address, a device signed out from another, Download my games and Close my account."""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from allauth.account.models import EmailAddress
from django.conf import settings
from django.core import mail
from playwright.sync_api import Browser, BrowserContext, Page, expect

from blockknock.accounts.models import Player
from tests.helpers import abandoned_game

from .conftest import DEFAULT_TIMEOUT_MS, PHONE

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "tiles-and-lines-42"
NEW_PASSWORD = "rows-and-columns-77"
LOCALES = ["en-US", "zh-TW"]
WORDS = {
    "en-US": {
        "kept": "Your progress is kept, ada:",
        "signed_in": "Signed in as Bea.",
        "signed_out": "You are signed out.",
        "device_out": "That device is signed out.",
        "closed": "Your account is closed.",
    },
    "zh-TW": {
        "kept": "ada，你的進度已保存",
        "signed_in": "已登入為 Bea。",
        "signed_out": "你已登出。",
        "device_out": "那台裝置已登出。",
        "closed": "你的帳號已關閉。",
    },
}


@contextlib.contextmanager
def _contexts(browser: Browser, live_server, locale: str, count: int = 1) -> Iterator[list[BrowserContext]]:
    contexts = [
        browser.new_context(
            base_url=live_server.url,
            locale=locale,
            timezone_id=settings.GAME_TIMEZONE,
            service_workers="block",
            **PHONE,
        )
        for _ in range(count)
    ]
    for context in contexts:
        context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    try:
        yield contexts
    finally:
        for context in contexts:
            context.close()


def _account(username: str, name: str, email: str | None = None) -> Player:
    player = Player.objects.create_user(username=username, password=PASSWORD, name=name)
    if email:
        EmailAddress.objects.create(user=player, email=email, verified=True, primary=True)
    return player


def _sign_in(page: Page, username: str, password: str = PASSWORD) -> None:
    page.goto("/accounts/login/")
    page.locator("#id_login").fill(username)
    page.locator("#id_password").fill(password)
    page.locator("main form.form [type=submit]").click()
    expect(page.locator("#play-area")).to_be_visible()  # the play page, its game dealt


def _submit(page: Page) -> None:
    page.locator("main form.form [type=submit]").first.click()


def _link(body: str) -> str:
    return re.search(r"https?://\S+/accounts/\S+/", body).group(0)


@pytest.mark.parametrize("locale", LOCALES)
def test_sign_up_sign_out_and_sign_in_say_what_happened_on_the_dealt_board(browser, live_server, locale):
    words = WORDS[locale]
    _account("bea", "Bea")  # no game yet: the play page deals one first
    with _contexts(browser, live_server, locale) as (context,):
        page = context.new_page()
        page.goto("/accounts/signup/")
        page.locator("#id_username").fill("ada")
        page.locator("#id_password1").fill(PASSWORD)
        page.locator("#id_password2").fill(PASSWORD)
        _submit(page)
        expect(page.locator("#play-area")).to_be_visible()
        expect(page.locator(".messages")).to_contain_text(words["kept"])
        page.goto("/settings/")
        page.get_by_test_id("sign-out").click()
        expect(page.locator(".messages")).to_contain_text(words["signed_out"])
        _sign_in(page, "bea")
        expect(page.locator(".messages")).to_contain_text(words["signed_in"])


@pytest.mark.parametrize("locale", LOCALES)
def test_a_forgotten_password_is_reset_by_the_mailed_link(browser, live_server, locale):
    _account("ada", "Ada", "ada@example.org")
    with _contexts(browser, live_server, locale) as (context,):
        page = context.new_page()
        page.goto("/accounts/login/")
        page.locator('main a[href="/accounts/password/reset/"]').click()
        page.locator("#id_email").fill("ada@example.org")
        _submit(page)
        expect(page).to_have_url(re.compile(r"/accounts/password/reset/done/$"))
        (message,) = mail.outbox
        assert message.to == ["ada@example.org"]
        page.goto(_link(message.body))
        page.locator("#id_password1").fill(NEW_PASSWORD)
        page.locator("#id_password2").fill(NEW_PASSWORD)
        _submit(page)
        expect(page).to_have_url(re.compile(r"/accounts/password/reset/key/done/$"))
        _sign_in(page, "ada", NEW_PASSWORD)
        expect(page.get_by_test_id("player-name")).to_have_text("Ada")


@pytest.mark.parametrize("locale", LOCALES)
def test_a_changed_email_is_verified_by_the_new_address_and_told_to_the_old(browser, live_server, locale):
    ada = _account("ada", "Ada", "ada@example.org")
    with _contexts(browser, live_server, locale) as (context,):
        page = context.new_page()
        _sign_in(page, "ada")
        page.goto("/settings/")
        page.get_by_test_id("email-link").click()
        page.locator("#id_email").fill("lovelace@example.org")
        page.locator('main [name="action_add"]').click()
        expect(page).to_have_url(re.compile(r"/accounts/email/$"))
        (verify,) = mail.outbox
        assert verify.to == ["lovelace@example.org"]
        page.goto(_link(verify.body))
        _submit(page)
        expect(page).not_to_have_url(re.compile(r"/confirm-email/"))
        addresses = EmailAddress.objects.filter(user=ada).values_list("email", "verified", "primary")
        assert list(addresses) == [("lovelace@example.org", True, True)]
        told = [message for message in mail.outbox if message.to == ["ada@example.org"]]
        assert len(told) == 1 and "lovelace@example.org" in told[0].body


@pytest.mark.parametrize("locale", LOCALES)
def test_a_device_is_signed_out_from_another(browser, live_server, locale):
    _account("ada", "Ada")
    with _contexts(browser, live_server, locale, count=2) as (phone_context, laptop_context):
        phone, laptop = phone_context.new_page(), laptop_context.new_page()
        _sign_in(phone, "ada")
        _sign_in(laptop, "ada")
        laptop.goto("/settings/")
        laptop.get_by_test_id("devices-link").click()
        expect(laptop.get_by_test_id("device")).to_have_count(2)
        laptop.get_by_test_id("device-end").click()
        expect(laptop.locator(".messages")).to_contain_text(WORDS[locale]["device_out"])
        expect(laptop.get_by_test_id("device")).to_have_count(1)
        expect(laptop.get_by_test_id("device-current")).to_be_visible()
        assert phone.request.get("/accounts/session/").json()["player"] is None
        assert laptop.request.get("/accounts/session/").json()["player"] is not None


@pytest.mark.parametrize("locale", LOCALES)
def test_my_games_are_downloaded_then_the_account_is_closed(browser, live_server, locale, tmp_path: Path):
    ada = _account("ada", "Ada", "ada@example.org")
    ended = abandoned_game(ada)
    with _contexts(browser, live_server, locale) as (context,):
        page = context.new_page()
        _sign_in(page, "ada")
        page.goto("/settings/")
        with page.expect_download() as download:
            page.get_by_test_id("your-data").get_by_test_id("download-games").click()
        saved = tmp_path / download.value.suggested_filename
        download.value.save_as(saved)
        export = json.loads(saved.read_text())
        assert (export["format"], [replay["game"]["id"] for replay in export["replays"]]) == (
            "blockknock-games",
            [ended.public_id],
        )
        page.get_by_test_id("close-account-link").click()
        page.get_by_test_id("close-confirm").check()
        page.get_by_test_id("close-submit").click()
        expect(page.locator(".messages")).to_contain_text(WORDS[locale]["closed"])
        closed = Player.objects.get(pk=ada.pk)
        assert (closed.username, closed.name, closed.is_active) == (f"closed-{ada.pk}", "", False)
