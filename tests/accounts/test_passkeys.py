"""A guest secured by a passkey is an account; its last way in cannot be removed."""

import pytest
from allauth.account.models import EmailAddress
from allauth.mfa.models import Authenticator
from django.test import Client

from blockknock.accounts import services
from blockknock.accounts.adapter import on_authenticator_added
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
