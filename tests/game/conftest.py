"""Fixtures for the Django side of the game: players, API clients, set positions."""

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from blockknock.accounts.services import guest_create
from game import services


@pytest.fixture
def player(db):
    return guest_create()


@pytest.fixture
def other_player(db):
    return guest_create()


def api_client_for(player) -> APIClient:
    client = APIClient()
    token, _ = Token.objects.get_or_create(user=player)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


@pytest.fixture
def api(player):
    """An API client authenticated as ``player`` with a token."""
    return api_client_for(player)


@pytest.fixture
def other_api(other_player):
    return api_client_for(other_player)


@pytest.fixture
def classic(player):
    return services.game_start(player=player, mode="classic")


def set_position(game, rows, hand=("mono", "mono", "mono"), *, used=(False, False, False), combo=0, moves_left=0):
    """Put a stored game on a chosen board and hand (a test set-up, as RULES.md's examples need).

    ``rows`` lists the board's 8 rows top first, ``#`` filled and ``.`` empty.
    """
    game.board = "".join(rows)
    game.hand = list(hand)
    game.used = list(used)
    game.combo = combo
    game.combo_moves_left = moves_left
    game.save()
    return game


EMPTY = ["........"] * 8
