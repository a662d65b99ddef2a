"""Settings → Signed-in devices (allauth.usersessions): every device that signed in, when each was last seen, and
signing out one of them."""

import re
from datetime import UTC, datetime, timedelta

import pytest
import time_machine
from allauth.mfa.models import Authenticator
from allauth.usersessions.models import UserSession
from django.test import Client

from blockknock.accounts.adapter import on_authenticator_added
from blockknock.accounts.models import Player
from tests.helpers import log_in_new_guest

pytestmark = pytest.mark.django_db

PASSWORD = "tiles-and-lines-42"


def _device(agent: str) -> Client:
    client = Client(HTTP_USER_AGENT=agent)
    assert client.post("/accounts/login/", {"login": "ada", "password": PASSWORD}).status_code == 302
    return client


def test_the_devices_are_listed_and_one_is_signed_out():
    ada = Player.objects.create_user(username="ada", password=PASSWORD, name="Ada")
    phone, laptop = _device("PhoneBrowser/1.0"), _device("LaptopBrowser/2.0")
    page = laptop.get("/accounts/sessions/").content.decode()
    assert page.count('data-testid="device"') == 2 and "PhoneBrowser/1.0" in page and "LaptopBrowser/2.0" in page
    assert page.count('data-testid="device-end"') == 1  # not this one: Sign out is for that
    phone_session = UserSession.objects.get(user=ada, user_agent="PhoneBrowser/1.0")
    ended = laptop.post(f"/accounts/devices/{phone_session.pk}/end/")
    assert (ended.status_code, ended["Location"]) == (302, "/accounts/sessions/")
    assert phone.get("/accounts/session/").json()["player"] is None
    assert laptop.get("/accounts/session/").json()["player"] == ada.pk
    assert list(UserSession.objects.filter(user=ada).values_list("user_agent", flat=True)) == ["LaptopBrowser/2.0"]


def test_another_players_device_cannot_be_ended():
    Player.objects.create_user(username="ada", password=PASSWORD, name="Ada")
    eve = Player.objects.create_user(username="eve", password=PASSWORD, name="Eve")
    phone = _device("PhoneBrowser/1.0")
    intruder = Client()
    intruder.force_login(eve, backend="blockknock.accounts.auth.CachedModelBackend")
    session = UserSession.objects.get(user_agent="PhoneBrowser/1.0")
    assert intruder.post(f"/accounts/devices/{session.pk}/end/").status_code == 302
    assert phone.get("/accounts/session/").json()["player"] is not None


def _phone_seen(ada) -> datetime:
    return UserSession.objects.get(user=ada, user_agent="PhoneBrowser/1.0").last_seen_at


def test_a_devices_last_seen_is_written_at_most_once_in_five_minutes():
    ada = Player.objects.create_user(username="ada", password=PASSWORD, name="Ada")
    start = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
    with time_machine.travel(start, tick=False) as clock:
        phone = _device("PhoneBrowser/1.0")
        clock.shift(timedelta(minutes=1))
        phone.get("/settings/")
        assert _phone_seen(ada) == start + timedelta(minutes=1)
        clock.shift(timedelta(minutes=4, seconds=59))
        phone.get("/settings/")
        assert _phone_seen(ada) == start + timedelta(minutes=1)
        clock.shift(timedelta(seconds=2))
        phone.get("/settings/")
        assert _phone_seen(ada) == start + timedelta(minutes=6, seconds=1)


def test_a_guests_pages_write_no_device():
    browser = Client(HTTP_USER_AGENT="PhoneBrowser/1.0")
    guest = log_in_new_guest(browser)
    for _ in range(3):
        assert browser.get("/settings/").status_code == 200
    assert UserSession.objects.filter(user=guest).count() == 0


@pytest.mark.parametrize(
    ("language", "seen", "now"),
    [("en", "last seen 10\xa0minutes ago", "in use now"), ("zh-hant", "10\xa0分前使用過", "正在使用")],
)
def test_the_device_list_says_when_each_device_was_last_seen(language, seen, now):
    Player.objects.create_user(username="ada", password=PASSWORD, name="Ada", language=language)
    start = datetime(2026, 3, 2, 9, 0, tzinfo=UTC)
    with time_machine.travel(start, tick=False) as clock:
        phone = _device("PhoneBrowser/1.0")
        phone.get("/settings/")
        clock.shift(timedelta(minutes=10))
        laptop = _device("LaptopBrowser/2.0")
        page = laptop.get("/accounts/sessions/").content.decode()
    lines = dict(
        re.findall(r'<strong>([^<]*)</strong>\s*<span class="helptext" data-testid="device-seen">([^<]*)<', page)
    )
    assert lines == {"PhoneBrowser/1.0": f"127.0.0.1 · {seen}", "LaptopBrowser/2.0": f"127.0.0.1 · {now}"}


def test_a_guest_that_keeps_its_progress_with_a_passkey_lists_this_device():
    """A guest's session began without allauth's sign-in (no device row); once an account, it is listed."""
    browser = Client(HTTP_USER_AGENT="PhoneBrowser/1.0")
    guest = log_in_new_guest(browser)
    key = Authenticator.objects.create(user=guest, type=Authenticator.Type.WEBAUTHN, data={"name": "My phone"})
    on_authenticator_added(Authenticator, request=browser.get("/settings/").wsgi_request, user=guest, authenticator=key)
    page = browser.get("/accounts/sessions/").content.decode()
    assert page.count('data-testid="device"') == 1 and "PhoneBrowser/1.0" in page
    assert list(UserSession.objects.filter(user=guest).values_list("user_agent", flat=True)) == ["PhoneBrowser/1.0"]
