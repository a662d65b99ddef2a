"""Email with django-allauth: optional at sign-up, verified by a link, a password reset by email, and a change
of address told to the old one. Mails are read from Django's locmem outbox."""

import re

import pytest
from allauth.account.models import EmailAddress
from django.core import mail
from django.test import Client
from rest_framework.authtoken.models import Token

from blockknock.accounts.models import Player
from blockknock.accounts.selectors import secured_players
from game.models import Game
from tests.helpers import api_client_for, first_move, open_page

pytestmark = pytest.mark.django_db

PASSWORD = "tiles-and-lines-42"
NEW_PASSWORD = "rows-and-columns-77"


def _link(message) -> str:
    """The one site link in a mail's body, as a path."""
    return re.search(r"http://testserver(/accounts/\S+/)", message.body).group(1)


def _sign_up(client, **fields):
    body = {"username": "ada", "password1": PASSWORD, "password2": PASSWORD, **fields}
    return client.post("/accounts/signup/", body)


def test_a_guest_signs_up_in_place_with_an_email_and_a_link_verifies_it(client):
    first_move(client)
    guest = Player.objects.get()
    games = list(Game.objects.filter(player=guest).values_list("pk", flat=True))
    answer = _sign_up(client, email="ada@example.org")
    assert (answer.status_code, answer["Location"]) == (302, "/")
    player = Player.objects.get()
    assert (player.pk, player.is_guest, player.username, player.name) == (guest.pk, False, "ada", guest.name)
    assert list(Game.objects.filter(player=player).values_list("pk", flat=True)) == games
    assert not player.is_secured  # a password alone: not until the email is verified
    assert [m.to for m in mail.outbox] == [["ada@example.org"]]
    confirm = _link(mail.outbox[0])
    assert client.post(confirm).status_code == 302
    assert EmailAddress.objects.get(user=player).verified
    assert player.is_secured and list(secured_players()) == [player]


def test_email_is_optional_at_sign_up(client):
    answer = _sign_up(client)
    assert answer.status_code == 302
    player = Player.objects.get()
    assert (player.is_guest, player.email, player.name) == (False, "", "ada")
    assert mail.outbox == [] and not player.is_secured and list(secured_players()) == []


def test_a_sign_up_says_the_progress_is_kept(client):
    _sign_up(client)
    page = client.get("/settings/").content.decode()
    assert "Your progress is kept, ada: sign in on any device to find your games, stars and looks." in page


def test_signing_in_and_out_say_what_happened(client):
    Player.objects.create_user(username="ada", password=PASSWORD, name="Ada")
    client.post("/accounts/login/", {"login": "ada", "password": PASSWORD})
    assert "Signed in as Ada. Your games, stars and looks are here." in client.get("/settings/").content.decode()
    client.post("/accounts/logout/")
    page = client.get("/settings/").content.decode()
    assert "You are signed out. Your progress stays with your account: sign in to see it again." in page


@pytest.fixture
def ada():
    player = Player.objects.create_user(username="ada", password=PASSWORD, name="Ada", email="ada@example.org")
    EmailAddress.objects.create(user=player, email="ada@example.org", verified=True, primary=True)
    return player


def test_a_forgotten_password_is_reset_by_a_link_in_a_mail(ada):
    old_token = Token.objects.create(user=ada).key
    client = Client()
    sent = client.post("/accounts/password/reset/", {"email": "ada@example.org"})
    assert (sent.status_code, sent["Location"]) == (302, "/accounts/password/reset/done/")
    assert [m.to for m in mail.outbox] == [["ada@example.org"]]
    link = client.get(_link(mail.outbox[0]))  # allauth moves the key out of the URL, into the session
    form_url = link["Location"]
    done = client.post(form_url, {"password1": NEW_PASSWORD, "password2": NEW_PASSWORD})
    assert (done.status_code, done["Location"]) == (302, "/accounts/password/reset/key/done/")
    assert Client().login(username="ada", password=NEW_PASSWORD)
    assert not Token.objects.filter(key=old_token).exists()  # a new password retires the developer key
    assert api_client_for(Player.objects.get()).get("/api/me/").status_code == 200


def test_a_reset_for_an_unknown_address_tells_nobody_who_has_an_account():
    client = Client()
    sent = client.post("/accounts/password/reset/", {"email": "nobody@example.org"})
    assert (sent.status_code, sent["Location"]) == (302, "/accounts/password/reset/done/")
    assert [m.to for m in mail.outbox] == [["nobody@example.org"]]  # "no account uses this address"
    assert "/accounts/password/reset/key/" not in mail.outbox[0].body


def test_a_changed_email_is_verified_at_the_new_address_and_told_to_the_old_one(ada):
    client = Client()
    client.force_login(ada, backend="blockknock.accounts.auth.CachedModelBackend")
    added = client.post("/accounts/email/", {"action_add": "", "email": "lovelace@example.org"})
    assert added.status_code == 302
    assert [m.to for m in mail.outbox] == [["lovelace@example.org"]]
    client.post(_link(mail.outbox[0]))
    assert list(EmailAddress.objects.filter(user=ada).values_list("email", "verified", "primary")) == [
        ("lovelace@example.org", True, True)
    ]
    told = [m for m in mail.outbox if m.to == ["ada@example.org"]]
    assert len(told) == 1 and "lovelace@example.org" in told[0].body


def test_the_sign_in_message_waits_for_the_dealt_board_not_the_page_that_deals_it(client):
    Player.objects.create_user(username="ada", password=PASSWORD, name="Ada")  # no game yet: "/" deals one
    client.post("/accounts/login/", {"login": "ada", "password": PASSWORD})
    starter = client.get("/")
    assert "start_url" in starter.context and "Signed in as Ada" not in starter.content.decode()
    board = open_page(client, "/")
    assert board.context["game"].player.username == "ada"
    assert "Signed in as Ada. Your games, stars and looks are here." in board.content.decode()
