"""Settings → Signed-in devices (allauth.usersessions): every device that signed in, and signing out one of them."""

import pytest
from allauth.usersessions.models import UserSession
from django.test import Client

from blockknock.accounts.models import Player

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
