"""API tokens: the token → player lookup is cached, and forgotten when the token or player changes."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from blockknock.accounts.auth import CachedTokenAuthentication
from blockknock.accounts.models import Player
from blockknock.accounts.services import guest_create, level_raise, player_rename, stars_add
from game.models import Game, seed_commitment
from tests.helpers import api_client_for


@pytest.fixture
def player(db):
    return guest_create()


def test_a_cached_token_is_authenticated_without_a_query(player):
    key = Token.objects.create(user=player).key
    CachedTokenAuthentication().authenticate_credentials(key)
    with CaptureQueriesContext(connection) as queries:
        found, token = CachedTokenAuthentication().authenticate_credentials(key)
    assert (len(queries), found.pk, found.name, token.key) == (0, player.pk, player.name, key)


def test_me_is_answered_without_a_query_once_cached(player):
    client = api_client_for(player)
    with CaptureQueriesContext(connection) as first:
        client.get("/api/me/")
    with CaptureQueriesContext(connection) as queries:
        response = client.get("/api/me/")
    assert response.status_code == 200
    # the first: the token with its player (one join), the two bests, and the next seed (drawn with the player)
    assert (len(first), len(queries)) == (4, 0)


def test_a_deleted_token_is_refused_at_once(player):
    client = api_client_for(player)
    assert client.get("/api/me/").status_code == 200
    Token.objects.filter(user=player).get().delete()
    assert client.get("/api/me/").status_code == 401


def test_a_rotated_token_refuses_the_old_key(player):
    client = api_client_for(player)
    client.get("/api/me/")
    Token.objects.filter(user=player).delete()
    new_key = Token.objects.create(user=player).key
    assert client.get("/api/me/").status_code == 401
    fresh = APIClient()
    fresh.credentials(HTTP_AUTHORIZATION=f"Token {new_key}")
    assert fresh.get("/api/me/").json()["name"] == player.name


def test_a_renamed_player_shows_the_new_name(player):
    client = api_client_for(player)
    client.get("/api/me/")
    player_rename(player=Player.objects.get(pk=player.pk), name="Tile Queen")
    assert client.get("/api/me/").json()["name"] == "Tile Queen"


def test_stars_and_levels_moved_by_a_queryset_update_show_at_once(player):
    client = api_client_for(player)
    assert client.get("/api/me/").json()["stars"] == 0
    stars_add(player=player, amount=7, reason="game", day="2026-01-05")
    level_raise(player_id=player.pk)
    body = client.get("/api/me/").json()
    assert (body["stars"], body["level"]) == (7, 1)


def test_a_finished_game_shows_its_score_as_the_best_at_once(player):
    from game import services

    client = api_client_for(player)
    game = services.game_start(player=player, mode="classic")
    assert client.get("/api/me/").json()["high_score"] == 0
    Game.objects.filter(pk=game.pk).update(status="no_moves", score=1300)
    assert client.post(f"/api/games/{game.pk}/decline/").json()["status"] == "over"
    assert client.get("/api/me/").json()["high_score"] == 1300


def test_a_deactivated_player_is_refused(player):
    client = api_client_for(player)
    client.get("/api/me/")
    player.is_active = False
    player.save()
    assert client.get("/api/me/").status_code == 401


def test_me_shows_the_new_commitment_once_a_game_takes_the_seed(player):
    client = api_client_for(player)
    before = client.get("/api/me/").json()["next_commitment"]
    assert client.post("/api/games/", {"mode": "classic"}, format="json").status_code == 201
    after = client.get("/api/me/").json()["next_commitment"]
    game = Game.objects.get(player=player)
    assert before != after and seed_commitment(game.seed) == before
