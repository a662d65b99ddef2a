"""Signing in through allauth's second-factor step in a test client: a player with an authenticator app (TOTP)."""

from allauth.mfa.totp.internal.auth import (
    TOTP,
    format_hotp_value,
    generate_totp_secret,
    hotp_value,
    yield_hotp_counters_from_time,
)
from django.test import Client

from blockknock.accounts.models import Player

PASSWORD = "pw-staff-123-long"


def totp_code(secret: str) -> str:
    """The authenticator app's code of the current time step."""
    return format_hotp_value(hotp_value(secret, next(yield_hotp_counters_from_time())))


def add_totp(player: Player) -> str:
    """Give ``player`` an authenticator app; its secret, to compute codes with :func:`totp_code`."""
    secret = generate_totp_secret()
    TOTP.activate(player, secret)
    return secret


def sign_in_with_second_factor(client: Client, login: str, password: str, secret: str) -> None:
    """allauth's sign-in: the password, then the authenticator's code (its ``mfa`` step)."""
    first = client.post("/accounts/login/", {"login": login, "password": password})
    assert (first.status_code, first["Location"]) == (302, "/accounts/2fa/authenticate/")
    second = client.post("/accounts/2fa/authenticate/", {"code": totp_code(secret)})
    assert second.status_code == 302, second.content.decode()[:500]


def staff_signed_in_with_second_factor(username: str = "staff") -> Client:
    """A client signed in as a new superuser through a password and an authenticator app."""
    staff = Player.objects.create_superuser(username=username, password=PASSWORD, name="Staff")
    secret = add_totp(staff)
    client = Client()
    sign_in_with_second_factor(client, username, PASSWORD, secret)
    return client
