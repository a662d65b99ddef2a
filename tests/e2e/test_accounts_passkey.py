"""A guest keeps its progress with a passkey, in both languages: Chromium's virtual authenticator (CDP WebAuthn)
plays the phone's fingerprint. The passkey is made on one browser, signs in on a second one (the credential
copied across, as a synced passkey would be), is listed, renamed and removed in Settings."""

from __future__ import annotations

import contextlib
import re

import pytest
from allauth.mfa.models import Authenticator
from django.conf import settings
from playwright.sync_api import Browser, BrowserContext, CDPSession, Page, expect

from blockknock.accounts.models import Player
from game.models import Game
from tests.helpers import log_in_new_guest_browser

from .conftest import ARTIFACTS, DEFAULT_TIMEOUT_MS, PHONE

AUTHENTICATOR = {
    "protocol": "ctap2",
    "transport": "internal",
    "hasResidentKey": True,
    "hasUserVerification": True,
    "isUserVerified": True,
    "automaticPresenceSimulation": True,
}
WORDS = {
    "en-US": {"signed_out": "You are signed out.", "signed_in": "Signed in as", "added": "Add a passkey"},
    "zh-TW": {"signed_out": "你已登出。", "signed_in": "已登入", "added": "新增通行密鑰"},
}


def _context(browser: Browser, live_server, locale: str) -> BrowserContext:
    context = browser.new_context(
        base_url=live_server.url,
        locale=locale,
        timezone_id=settings.GAME_TIMEZONE,
        service_workers="block",
        **PHONE,
    )
    context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    return context


def _authenticator(page: Page) -> tuple[CDPSession, str]:
    """A virtual platform authenticator on ``page`` (its fingerprint always says yes): the session and its id."""
    cdp = page.context.new_cdp_session(page)
    cdp.send("WebAuthn.enable")
    answer = cdp.send("WebAuthn.addVirtualAuthenticator", {"options": AUTHENTICATOR})
    return cdp, answer["authenticatorId"]


@contextlib.contextmanager
def _browsers(browser: Browser, live_server, locale: str, request):
    contexts = [_context(browser, live_server, locale), _context(browser, live_server, locale)]
    try:
        yield contexts
    finally:
        for n, context in enumerate(contexts):
            report = getattr(request.node, "rep_call", None)
            if report is not None and report.failed:
                ARTIFACTS.mkdir(parents=True, exist_ok=True)
                for m, pg in enumerate(context.pages):
                    with contextlib.suppress(Exception):
                        pg.screenshot(path=str(ARTIFACTS / f"passkey-{locale}-{n}-{m}.png"), full_page=True)
            context.close()


def _keep_with_passkey(page: Page, name: str) -> None:
    page.goto("/settings/")
    page.get_by_test_id("keep-progress").get_by_test_id("keep-with-passkey").click()
    expect(page).to_have_url(re.compile(r"/accounts/2fa/webauthn/add/$"))
    expect(page.get_by_test_id("passkey-keeps-progress")).to_be_visible()
    page.get_by_role("textbox").fill(name)
    page.get_by_test_id("passkey-create").click()
    expect(page).to_have_url(re.compile(r"/accounts/2fa/recovery-codes/$"))  # allauth shows backup codes next


@pytest.mark.parametrize("locale", ["en-US", "zh-TW"])
def test_a_guest_keeps_its_progress_with_a_passkey_and_signs_in_with_it_elsewhere(
    browser: Browser, live_server, locale, request
):
    words = WORDS[locale]
    with _browsers(browser, live_server, locale, request) as (phone_context, laptop_context):
        phone = phone_context.new_page()
        phone.goto("/")
        cdp, authenticator_id = _authenticator(phone)
        guest = log_in_new_guest_browser(phone)
        games = list(Game.objects.filter(player=guest).values_list("pk", flat=True))
        _keep_with_passkey(phone, "My phone")
        player = Player.objects.get(pk=guest.pk)
        assert (player.is_guest, player.is_secured, player.name) == (False, True, guest.name)
        passkeys = Authenticator.objects.filter(user=player, type="webauthn")
        assert list(passkeys.values_list("data__name", flat=True)) == ["My phone"]

        phone.goto("/settings/")
        phone.get_by_test_id("sign-out").click()
        expect(phone.locator(".messages")).to_contain_text(words["signed_out"])
        expect(phone.get_by_test_id("best-sign-in")).to_be_visible()  # not "Best 0": the best is the account's

        credentials = cdp.send("WebAuthn.getCredentials", {"authenticatorId": authenticator_id})["credentials"]
        laptop = laptop_context.new_page()
        laptop.goto("/accounts/login/")
        laptop_cdp, laptop_id = _authenticator(laptop)
        for credential in credentials:  # a synced passkey: the same key on the other device
            laptop_cdp.send("WebAuthn.addCredential", {"authenticatorId": laptop_id, "credential": credential})
        laptop.get_by_test_id("passkey-login").click()
        expect(laptop.locator(".messages")).to_contain_text(words["signed_in"])
        expect(laptop.get_by_test_id("player-name")).to_have_text(guest.name)
        assert laptop.request.get("/accounts/session/").json()["player"] == guest.pk
        assert list(Game.objects.filter(player=guest.pk).values_list("pk", flat=True)) == games

        _add_one_and_remove_the_other(laptop, laptop_cdp, laptop_id, guest.pk)


def _add_one_and_remove_the_other(laptop: Page, cdp: CDPSession, authenticator_id: str, player_id: int) -> None:
    """On the second device: its own passkey added ("Laptop"), then the phone's removed, in Settings → Passkeys."""
    laptop.goto("/settings/")
    laptop.get_by_test_id("passkeys-link").click()
    expect(laptop.get_by_test_id("passkey-name")).to_have_text(["My phone"])
    laptop.get_by_test_id("passkey-add").click()
    _reauthenticate_if_asked(laptop)  # with the synced passkey
    # the laptop's own passkey: its authenticator must not hold the phone's (WebAuthn excludes a known key)
    cdp.send("WebAuthn.clearCredentials", {"authenticatorId": authenticator_id})
    laptop.get_by_role("textbox").fill("Laptop")
    laptop.get_by_test_id("passkey-create").click()
    expect(laptop).to_have_url(re.compile(r"/accounts/2fa/$"))
    laptop.goto("/accounts/2fa/webauthn/")
    expect(laptop.get_by_test_id("passkey-name")).to_have_text(["My phone", "Laptop"])
    laptop.get_by_test_id("passkey").filter(has_text="My phone").get_by_test_id("passkey-remove").click()
    _reauthenticate_if_asked(laptop)
    laptop.get_by_test_id("passkey-remove-confirm").click()
    expect(laptop.get_by_test_id("passkey-name")).to_have_text(["Laptop"])
    remaining = Authenticator.objects.filter(user_id=player_id, type="webauthn")
    assert list(remaining.values_list("data__name", flat=True)) == ["Laptop"]


def _reauthenticate_if_asked(page: Page) -> None:
    """allauth asks for the passkey again before a change to the passkeys (a recent sign-in is not enough)."""
    page.wait_for_load_state()
    if "/reauthenticate/" in page.url:
        page.locator('main a[href*="/2fa/webauthn/reauthenticate/"]').click()
        page.locator("#mfa_webauthn_reauthenticate").click()
        expect(page).not_to_have_url(re.compile(r"/reauthenticate/"))


@pytest.mark.parametrize("locale", ["en-US", "zh-TW"])
def test_a_visitor_who_never_played_signs_up_with_a_passkey(browser: Browser, live_server, locale, request):
    with _browsers(browser, live_server, locale, request) as (context, _unused):
        page = context.new_page()
        page.goto("/accounts/signup/")
        _authenticator(page)
        page.get_by_test_id("keep-with-passkey").click()
        expect(page).to_have_url(re.compile(r"/accounts/2fa/webauthn/add/$"))
        expect(page.get_by_test_id("passkey-keeps-progress")).to_be_visible()
        page.get_by_role("textbox").fill("My phone")
        page.get_by_test_id("passkey-create").click()
        expect(page).to_have_url(re.compile(r"/accounts/2fa/recovery-codes/$"))
        player = Player.objects.get()
        assert (player.is_guest, player.is_secured) == (False, True)
        passkeys = Authenticator.objects.filter(user=player, type="webauthn")
        assert list(passkeys.values_list("data__name", flat=True)) == ["My phone"]
        page.goto("/settings/")
        expect(page.get_by_test_id("passkeys-link")).to_be_visible()  # Settings of an account, not a guest's card
