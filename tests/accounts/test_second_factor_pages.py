"""The two-step sign-in pages (allauth.mfa's, in the site's words): the app's on/off pages, the overview and the
second sign-in step read in one language each, with no English word left in the Chinese."""

import re

import pytest
from django.test import Client

from blockknock.accounts.models import Player
from tests.accounts.second_factor import PASSWORD, add_totp

pytestmark = pytest.mark.django_db

HEADINGS = {
    "en": {
        "/accounts/2fa/": "Two-step sign-in",
        "/accounts/2fa/totp/activate/": "Turn on an authenticator app",
        "/accounts/2fa/totp/deactivate/": "Turn off the authenticator app",
        "/accounts/2fa/authenticate/": "Sign in",
        "/accounts/2fa/webauthn/add/": "Add a passkey",
    },
    "zh-hant": {
        "/accounts/2fa/": "兩步驟登入",
        "/accounts/2fa/totp/activate/": "開啟驗證器 App",
        "/accounts/2fa/totp/deactivate/": "關閉驗證器 App",
        "/accounts/2fa/authenticate/": "登入",
        "/accounts/2fa/webauthn/add/": "新增通行密鑰",
    },
}
# What a Chinese page may still show in Latin letters: the apps' own names, "App", "JavaScript", the site's name and the
# language switch.
LATIN_ALLOWED = {
    "App",
    "QR",
    "Google",
    "Authenticator",
    "Microsoft",
    "1Password",
    "Block",
    "Knock",
    "English",
    "JavaScript",
}


def _main_text(page: str) -> str:
    main = page[page.index("<main") : page.index("</main>")]
    main = re.sub(r"<(script|style)\b.*?</\1>", " ", main, flags=re.S)
    return " ".join(re.sub(r"<[^>]+>", " ", main).split())


def _signed_in(username: str, *, app: bool, language: str) -> Client:
    """A player signed in with its password and asked for it again (allauth's step before a two-step change);
    with ``app``, it has an authenticator app and is left at the second sign-in step of a new browser too."""
    player = Player.objects.create_user(username=username, password=PASSWORD, name=username.title())
    if app:
        add_totp(player)
    browser = Client(HTTP_ACCEPT_LANGUAGE=language)
    browser.force_login(player, backend="blockknock.accounts.auth.CachedModelBackend")
    assert browser.post("/accounts/reauthenticate/", {"password": PASSWORD}).status_code == 302
    return browser


def _second_step(username: str, language: str) -> Client:
    browser = Client(HTTP_ACCEPT_LANGUAGE=language)
    answer = browser.post("/accounts/login/", {"login": username, "password": PASSWORD})
    assert answer["Location"] == "/accounts/2fa/authenticate/"
    return browser


@pytest.mark.parametrize("language", ["en", "zh-hant"])
def test_the_two_step_pages_read_in_one_language(language):
    without_app = _signed_in("ada", app=False, language=language)
    with_app = _signed_in("bea", app=True, language=language)
    browsers = {
        "/accounts/2fa/": without_app,
        "/accounts/2fa/totp/activate/": without_app,
        "/accounts/2fa/webauthn/add/": without_app,
        "/accounts/2fa/totp/deactivate/": with_app,
        "/accounts/2fa/authenticate/": _second_step("bea", language),
    }
    for path, browser in browsers.items():
        answer = browser.get(path)
        assert answer.status_code == 200, path
        page = answer.content.decode()
        assert f"<h1>{HEADINGS[language][path]}</h1>" in page, path
        text = _main_text(page)
        assert "Credential" not in text, path  # the passkey's hidden answer has no label
        if language == "zh-hant":
            assert set(re.findall(r"[0-9]*[A-Za-z]+", text)) <= LATIN_ALLOWED, (path, text)


def test_the_add_a_passkey_page_leads_back_to_settings():
    page = _signed_in("ada", app=False, language="en").get("/accounts/2fa/webauthn/add/").content.decode()
    assert '<a class="btn" href="/settings/" data-testid="passkey-add-back">Back to Settings</a>' in page
