"""With Redis unreachable the cached lookups fall back to the database: a browser signs in (a new
session) and the board takes a move, the API answers (slower, rate limits off, but play goes on)."""

import pytest
import redis
from django.core.cache import cache
from django.test import Client

from tests.helpers import EMPTY, api_client_for, set_position

CACHE_CALLS = ("get", "set", "add", "incr", "delete", "get_many", "set_many", "delete_many", "has_key")


@pytest.fixture
def cache_down(monkeypatch):
    def down(*args, **kwargs):
        raise redis.exceptions.ConnectionError("Connection refused")

    for name in CACHE_CALLS:
        monkeypatch.setattr(cache, name, down)


@pytest.mark.django_db
def test_a_sign_in_and_a_board_move_work_while_the_cache_is_down(player, classic, cache_down):
    browser = Client()
    browser.force_login(player)  # a new session: its key checked, the old one deleted, in the database only
    game = set_position(classic, EMPTY, ("mono", "mono", "mono"))
    answer = browser.post(
        f"/games/{game.pk}/move/", {"slot": 0, "row": 0, "col": 0, "move_number": 0}, HTTP_HX_REQUEST="true"
    )
    assert answer.status_code == 200 and 'data-moves="1"' in answer.content.decode()


@pytest.mark.django_db
def test_the_api_answers_while_the_cache_is_down(player, classic, cache_down):
    api = api_client_for(player)
    set_position(classic, EMPTY, ("mono", "mono", "mono"))
    assert api.get("/api/me/").json()["name"] == player.name
    answer = api.post(
        f"/api/games/{classic.pk}/moves/", {"slot": 0, "row": 0, "col": 0, "move_number": 0}, format="json"
    )
    assert (answer.status_code, answer.json()["game"]["moves"]) == (200, 1)
