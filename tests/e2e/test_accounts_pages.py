"""The account pages (allauth's, drawn in the site's page) in both languages at a small phone, a phone and a
desktop: no serious accessibility issue, nothing wider than the screen, and a screenshot of each in
var/test-artifacts/accounts/ to look at."""

from __future__ import annotations

import pytest
from allauth.account.models import EmailAddress
from django.conf import settings
from django.test import Client
from playwright.sync_api import Browser, expect

from blockknock.accounts.models import Player
from tests.accounts.second_factor import PASSWORD, add_totp, sign_in_with_second_factor
from tests.helpers import log_in_new_guest

from .conftest import ARTIFACTS
from .test_accessibility import axe_issues

SIZES = {"360x640": (360, 640), "390x844": (390, 844), "1280x800": (1280, 800)}
GUEST_PAGES = ["/accounts/signup/", "/accounts/2fa/webauthn/add/", "/settings/"]
VISITOR_PAGES = ["/accounts/login/", "/accounts/signup/", "/accounts/password/reset/", "/"]
ACCOUNT_PAGES = [
    "/settings/",
    "/accounts/2fa/webauthn/",
    "/accounts/sessions/",
    "/accounts/email/",
    "/accounts/password/change/",
    "/accounts/2fa/",
    "/accounts/2fa/totp/activate/",
    "/accounts/close/",
]
# An account with an authenticator app: its two-step page, and turning the app off.
TOTP_PAGES = ["/accounts/2fa/", "/accounts/2fa/totp/deactivate/"]
SECOND_STEP_PAGES = ["/accounts/2fa/authenticate/"]  # the password given, the app's code asked
WIDER = "() => document.documentElement.scrollWidth > document.documentElement.clientWidth"


def _session(client: Client) -> str:
    return client.cookies[settings.SESSION_COOKIE_NAME].value


def _account_session() -> str:
    ada = Player.objects.create_user(username="ada", password=PASSWORD, name="Ada", email="a@example.org")
    EmailAddress.objects.create(user=ada, email="a@example.org", verified=True, primary=True)
    client = Client()
    client.post("/accounts/login/", {"login": "ada", "password": PASSWORD})
    client.post("/accounts/reauthenticate/", {"password": PASSWORD})  # allauth asks again before a two-step change
    return _session(client)


def _totp_session() -> str:
    bea = Player.objects.create_user(username="bea", password=PASSWORD, name="Bea")
    client = Client()
    sign_in_with_second_factor(client, "bea", PASSWORD, add_totp(bea))
    client.post("/accounts/reauthenticate/", {"password": PASSWORD})
    return _session(client)


def _second_step_session() -> str:
    cy = Player.objects.create_user(username="cy", password=PASSWORD, name="Cy")
    add_totp(cy)
    client = Client()
    assert client.post("/accounts/login/", {"login": "cy", "password": PASSWORD})["Location"] == SECOND_STEP_PAGES[0]
    return _session(client)


def _guest_session() -> str:
    client = Client()
    log_in_new_guest(client)
    return _session(client)


@pytest.mark.parametrize("locale", ["en-US", "zh-TW"])
def test_the_account_pages_in_both_languages_and_three_sizes(browser: Browser, live_server, locale):
    sessions = {
        "visitor": None,
        "guest": _guest_session(),
        "account": _account_session(),
        "totp": _totp_session(),
        "second-step": _second_step_session(),
    }
    pages = {
        "visitor": VISITOR_PAGES,
        "guest": GUEST_PAGES,
        "account": ACCOUNT_PAGES,
        "totp": TOTP_PAGES,
        "second-step": SECOND_STEP_PAGES,
    }
    folder = ARTIFACTS / "accounts"
    folder.mkdir(parents=True, exist_ok=True)
    problems = []
    for size, (width, height) in SIZES.items():
        for who, session in sessions.items():
            context = browser.new_context(
                base_url=live_server.url, locale=locale, viewport={"width": width, "height": height}
            )
            if session:
                context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": live_server.url}])
            page = context.new_page()
            for path in pages[who]:
                page.goto(path)
                expect(page.locator("main")).to_be_visible()
                name = f"{locale}-{size}-{who}-{path.strip('/').replace('/', '_') or 'play'}.png"
                page.screenshot(path=str(folder / name), full_page=True)
                if page.evaluate(WIDER):
                    problems.append(f"{name}: wider than the screen")
                if size == "390x844":
                    problems += [f"{name}: {issue}" for issue in axe_issues(page)]
            context.close()
    assert problems == []
