"""The player's words: a signed-out board asks to sign in for the best, Settings never says "API token" (the
developer key is folded away), and a guest is offered to keep its progress from the chip, Settings and an end card."""

import re

import pytest
from django.test import Client

from blockknock.accounts.models import Player
from tests.helpers import log_in_new_guest

pytestmark = pytest.mark.django_db

PASSWORD = "tiles-and-lines-42"


def test_a_signed_out_board_asks_to_sign_in_instead_of_showing_best_0():
    page = Client().get("/").content.decode()
    assert 'data-testid="best-sign-in"' in page and "Sign in to see your best" in page
    assert re.search(r'data-testid="high-score" data-value="0" hidden>', page)


def test_a_players_board_shows_the_best():
    client = Client()
    log_in_new_guest(client)
    page = client.get("/").content.decode()
    assert "Sign in to see your best" not in page
    assert re.search(r'data-testid="high-score" data-value="0">0<', page)


def test_settings_folds_the_developer_key_and_never_says_api_token():
    Player.objects.create_user(username="ada", password=PASSWORD, name="Ada")
    client = Client()
    client.post("/accounts/login/", {"login": "ada", "password": PASSWORD})
    page = client.get("/settings/").content.decode()
    assert "API token" not in page
    assert re.search(r'<details class="settings-group developer" data-testid="developer">', page)
    assert "Replace my developer key" in page


def test_a_guest_is_offered_to_keep_its_progress_from_the_chip_and_settings():
    client = Client()
    log_in_new_guest(client)
    page = client.get("/settings/").content.decode()
    assert page.count('data-testid="chip-keep-progress"') == 1
    assert 'data-testid="keep-with-passkey"' in page and 'data-testid="keep-with-email"' in page
