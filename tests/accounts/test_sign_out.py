"""A new password or a Sign out everywhere ends the account's other sessions and rotates its API token;
a deactivated player is refused, at once when it is saved, within seconds when only the database knows.

Each path is checked both ways a player is known: a browser session (``GET /accounts/session/``
says who plays there) and the API token (``GET /api/me/``), each cached before the change.
"""

from datetime import timedelta

import pytest
import time_machine
from django.core.management import call_command
from django.test import Client
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from blockknock.accounts.auth import CACHE_SECONDS
from blockknock.accounts.models import Player
from blockknock.accounts.services import guest_create, player_signup
from tests.accounts.second_factor import staff_signed_in_with_second_factor
from tests.helpers import api_client_for, log_in_new_guest

pytestmark = pytest.mark.django_db

PASSWORD = "old-password-77"
NEW_PASSWORD = "new-password-88"


@pytest.fixture
def account():
    return player_signup(player=None, username="ada", password=PASSWORD)


def _browser(username="ada", password=PASSWORD) -> Client:
    browser = Client()
    assert browser.login(username=username, password=password)
    return browser


def _plays_here(browser: Client):
    return browser.get("/accounts/session/").json()["player"]


@pytest.fixture
def elsewhere(account):
    """Another browser and an API client of the account, both known to the identity cache."""
    browser, api = _browser(), api_client_for(account)
    assert (_plays_here(browser), api.get("/api/me/").status_code) == (account.pk, 200)
    return browser, api


def _token(password: str):
    answer = APIClient().post("/api/auth/token/", {"username": "ada", "password": password}, format="json")
    return answer.status_code, answer.json().get("token")


def _signed_out(elsewhere) -> tuple:
    browser, api = elsewhere
    return _plays_here(browser), api.get("/api/me/").status_code


def test_a_password_change_in_settings_keeps_this_browser_and_ends_the_others(account, elsewhere):
    old_key = Token.objects.get(user=account).key
    here = _browser()
    answer = here.post(
        "/accounts/password/change/", {"oldpassword": PASSWORD, "password1": NEW_PASSWORD, "password2": NEW_PASSWORD}
    )
    assert (answer.status_code, answer["Location"]) == (302, "/settings/")
    assert _plays_here(here) == account.pk
    assert _signed_out(elsewhere) == (None, 401)
    assert _token(PASSWORD) == (400, None)
    status, new_key = _token(NEW_PASSWORD)
    assert status == 200 and new_key != old_key
    assert "every other device is signed out" in here.get("/settings/").content.decode().lower()


def test_a_wrong_old_password_changes_nothing(account, elsewhere):
    answer = _browser().post(
        "/accounts/password/change/", {"oldpassword": "wrong", "password1": NEW_PASSWORD, "password2": NEW_PASSWORD}
    )
    assert answer.status_code == 200
    assert _signed_out(elsewhere) == (account.pk, 200)


def test_a_guest_has_no_password_to_change_and_is_sent_to_sign_up():
    browser = Client()
    log_in_new_guest(browser)
    assert browser.get("/accounts/password/change/")["Location"] == "/accounts/signup/"
    assert browser.get("/accounts/password/set/")["Location"] == "/accounts/signup/"


def test_a_reset_by_staff_in_the_admin_ends_every_session_and_rotates_the_token(account, elsewhere):
    staff = staff_signed_in_with_second_factor()
    answer = staff.post(
        f"/admin/accounts/player/{account.pk}/password/",
        {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD, "usable_password": "true"},
    )
    assert answer.status_code == 302
    assert _signed_out(elsewhere) == (None, 401)
    assert not Token.objects.filter(user=account).exists()
    assert _token(NEW_PASSWORD)[0] == 200


def test_a_reset_with_manage_py_changepassword_ends_every_session_and_rotates_the_token(
    account, elsewhere, monkeypatch
):
    monkeypatch.setattr(
        "django.contrib.auth.management.commands.changepassword.Command._get_pass", lambda self, prompt="": NEW_PASSWORD
    )
    call_command("changepassword", "ada", stdout=None)
    assert _signed_out(elsewhere) == (None, 401)
    assert _token(NEW_PASSWORD)[0] == 200


def test_sign_out_everywhere_ends_every_session_this_one_too_and_rotates_the_token(account, elsewhere):
    here = _browser()
    page = here.get("/settings/").content.decode()
    assert 'action="/accounts/sign-out-everywhere/"' in page
    answer = here.post("/accounts/sign-out-everywhere/")
    assert (answer.status_code, answer["Location"]) == (302, "/accounts/login/")
    assert _plays_here(here) is None
    assert _signed_out(elsewhere) == (None, 401)
    again = _browser()  # the same password still signs in, as a new session
    assert _plays_here(again) == account.pk
    status, key = _token(PASSWORD)
    assert status == 200 and api_client_for(account).get("/api/me/").status_code == 200
    assert key == Token.objects.get(user=account).key


def test_sign_out_everywhere_is_a_post(account):
    here = _browser()
    assert here.get("/accounts/sign-out-everywhere/").status_code == 405
    assert _plays_here(here) == account.pk


def test_a_guest_cannot_sign_out_everywhere_and_lose_its_games():
    browser = Client()
    guest = log_in_new_guest(browser)
    assert browser.post("/accounts/sign-out-everywhere/")["Location"] == "/settings/"
    assert _plays_here(browser) == guest.pk
    assert Player.objects.get(pk=guest.pk).signed_out_at is None


def test_sessions_from_before_the_field_existed_stay_signed_in(account):
    """While a player never signed out everywhere, its session hash is Django's own."""
    plain = super(Player, account)._get_session_auth_hash()
    assert account.get_session_auth_hash() == plain
    account.signed_out_at = timezone.now()
    assert account.get_session_auth_hash() != plain


def test_a_player_deactivated_by_save_is_refused_at_once(account, elsewhere):
    account.is_active = False
    account.save()
    assert _signed_out(elsewhere) == (None, 401)


def test_a_player_deactivated_by_a_queryset_update_is_refused_within_seconds(account, elsewhere):
    assert CACHE_SECONDS <= 5
    Player.objects.filter(pk=account.pk).update(is_active=False)  # no signal: the caches do not hear of it
    with time_machine.travel(timezone.now() + timedelta(seconds=CACHE_SECONDS + 1), tick=False):
        assert _signed_out(elsewhere) == (None, 401)


def test_a_guest_made_by_the_api_keeps_its_token_when_renamed():
    """Only a password rotates the token: other saves of the player leave it alone."""
    guest = guest_create()
    api = api_client_for(guest)
    guest.name = "Someone"
    guest.save()
    assert api.get("/api/me/").json()["name"] == "Someone"


def test_a_guest_s_first_password_at_sign_up_keeps_its_api_token():
    guest = guest_create()
    api = api_client_for(guest)
    player_signup(player=guest, username="newcomer", password=PASSWORD)
    assert api.get("/api/me/").json()["is_guest"] is False


def test_a_log_in_that_re_hashes_the_password_keeps_the_api_token(account, settings):
    """Django saves a password hashed anew when the hasher changed; the password is the same."""
    api = api_client_for(account)
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.PBKDF2PasswordHasher", *settings.PASSWORD_HASHERS]
    assert Player.objects.get(pk=account.pk).check_password(PASSWORD)
    assert Player.objects.get(pk=account.pk).password.startswith("pbkdf2_sha256$")
    assert api.get("/api/me/").status_code == 200
