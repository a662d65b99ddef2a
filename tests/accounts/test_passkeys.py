"""A guest secured by a passkey is an account (a visitor who never played too, through a new guest); its last way
in cannot be removed."""

import pytest
from allauth.account.models import EmailAddress
from allauth.mfa.models import Authenticator
from django.test import Client

from blockknock.accounts import services
from blockknock.accounts.adapter import on_authenticator_added
from blockknock.accounts.models import Player
from blockknock.accounts.selectors import secured_players
from tests.helpers import log_in_new_guest

pytestmark = pytest.mark.django_db


def _passkey(player, name: str) -> Authenticator:
    return Authenticator.objects.create(user=player, type=Authenticator.Type.WEBAUTHN, data={"name": name})


def test_a_guest_that_adds_a_passkey_becomes_a_secured_account_with_the_same_row():
    client = Client()
    guest = log_in_new_guest(client)
    request = client.get("/settings/").wsgi_request
    key = _passkey(guest, "My phone")
    on_authenticator_added(Authenticator, request=request, user=guest, authenticator=key)
    guest.refresh_from_db()
    assert (guest.is_guest, guest.is_secured, list(secured_players())) == (False, True, [guest])
    records = request.session["account_authentication_methods"]
    assert [(r["method"], r["reauthenticated"]) for r in records] == [("mfa", True)]


def test_the_last_way_in_cannot_be_removed():
    guest = services.guest_create()
    phone = _passkey(guest, "My phone")
    assert services.is_last_way_in(guest, phone.pk)
    Authenticator.objects.create(user=guest, type=Authenticator.Type.RECOVERY_CODES, data={})
    assert services.is_last_way_in(guest, phone.pk)  # backup codes only back a sign-in up
    laptop = _passkey(guest, "Laptop")
    assert not services.is_last_way_in(guest, phone.pk) and not services.is_last_way_in(guest, laptop.pk)
    laptop.delete()
    EmailAddress.objects.create(user=guest, email="g@example.org", verified=True, primary=True)
    assert not services.is_last_way_in(guest, phone.pk)


def test_a_visitor_who_never_played_keeps_with_a_passkey_through_a_new_guest():
    visitor = Client()
    assert visitor.get("/accounts/keep/passkey/").status_code == 405  # a GET makes no guest
    assert Player.objects.count() == 0
    answer = visitor.post("/accounts/keep/passkey/")
    assert (answer.status_code, answer["Location"]) == (302, "/accounts/2fa/webauthn/add/")
    guest = Player.objects.get()
    assert (guest.is_guest, visitor.get("/accounts/session/").json()["player"]) == (True, guest.pk)
    page = visitor.get("/accounts/2fa/webauthn/add/")  # no sign-in asked: the new guest has nothing to re-enter
    assert page.status_code == 200 and 'data-testid="passkey-keeps-progress"' in page.content.decode()


def test_a_guest_keeping_with_a_passkey_stays_the_same_player():
    client = Client()
    guest = log_in_new_guest(client)
    answer = client.post("/accounts/keep/passkey/")
    assert (answer.status_code, answer["Location"]) == (302, "/accounts/2fa/webauthn/add/")
    assert list(Player.objects.values_list("pk", flat=True)) == [guest.pk]


def test_the_sign_up_page_offers_a_passkey_to_visitors_and_guests_only():
    offer = 'action="/accounts/keep/passkey/"'
    assert offer in Client().get("/accounts/signup/").content.decode()
    guest_browser = Client()
    log_in_new_guest(guest_browser)
    assert offer in guest_browser.get("/accounts/signup/").content.decode()
    account = Client()
    account.force_login(services.player_signup(player=None, username="ada", password="tiles-and-lines-42"))
    assert offer not in account.get("/accounts/signup/").content.decode()
