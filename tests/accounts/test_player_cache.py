"""Every write that changes what the cache keeps about a player makes it forget, through one hook
(blockknock.accounts.player_cache.player_changed): each write path below, run on a player whose
every cache entry is filled, leaves none of them, and ``/api/me/`` shows the change at once."""

import pytest
from django.core.cache import cache
from django.db import transaction
from rest_framework.authtoken.models import Token

from blockknock.accounts import services as accounts
from blockknock.accounts.auth import CachedModelBackend
from blockknock.accounts.models import Player, StarReason
from blockknock.accounts.player_cache import PLAYER_KEYS, player_keys
from blockknock.calendar import game_day
from game import selectors
from game import services as games
from game.models import Game, Mode
from tests.helpers import api_client_for
from tests.themes.conftest import ensure_looks, give_stars
from themes import services as themes

CHANGED = object()
"""In an expectation: the field shows a value other than before."""


def fill(player):
    """Fill every cache entry kept about ``player`` (its token's, ``/api/me/``, its session's, its best
    scores): the API client that filled them, the keys."""
    client = api_client_for(player)
    assert client.get("/api/me/").status_code == 200
    CachedModelBackend().get_user(player.pk)
    for mode in Mode.values:
        selectors.high_score(player=player, mode=mode)
    keys = player_keys(player.pk)
    assert len(keys) == 8 and set(cache.get_many(keys)) == set(keys)  # token, pointer, me, user; a best per mode
    return client, keys


def fresh(player) -> Player:
    return Player.objects.get(pk=player.pk)


def pay(player):
    with transaction.atomic():
        accounts.stars_add(player=player, amount=7, reason=StarReason.GAME, day=game_day())


def buy_setup(player):
    ensure_looks()
    give_stars(player, 120)


def use_setup(player):
    buy_setup(player)
    themes.theme_buy(player=fresh(player), slug="aurora")


def password(player):
    player = fresh(player)
    player.set_password("a new secret, long enough")
    player.save()


def deactivate(player):
    player = fresh(player)
    player.is_active = False
    player.save()


def rotate_token(player):
    Token.objects.filter(user=player).delete()
    Token.objects.create(user=player)


def ended_game(player, status: str, score: int) -> Game:
    game = games.game_start(player=player, mode="classic")
    Game.objects.filter(pk=game.pk).update(status=status, score=score)
    return game


WRITES = {
    # name: (before filling the cache, the write, what /api/me/ shows after: fields or a status code)
    "star ledger": (None, pay, {"stars": 7}),
    "theme buy": (buy_setup, lambda p: themes.theme_buy(player=fresh(p), slug="aurora"), {"stars": 70}),
    "theme use": (use_setup, lambda p: themes.theme_use(player=fresh(p), slug="aurora"), {"theme": "aurora"}),
    "level": (None, lambda p: accounts.level_raise(player_id=p.pk), {"level": 1}),
    "name": (None, lambda p: accounts.player_rename(player=fresh(p), name="Tile Queen"), {"name": "Tile Queen"}),
    "language": (None, lambda p: accounts.player_language_set(player=fresh(p), language="zh-hant"), {}),
    "sign-up": (
        None,
        lambda p: accounts.player_signup(player=fresh(p), username="tilequeen", password="a secret, long enough"),
        {"is_guest": False},
    ),
    "password": (None, password, {}),
    "deactivation": (None, deactivate, 401),
    "token rotated": (None, rotate_token, 401),
    "game finished": (
        lambda p: ended_game(p, "no_moves", 1300),
        lambda p: games.game_decline(player=p, game_id=Game.objects.get(player=p).pk),
        {"high_score": 1300, "stars": 1},  # 1 + 1300 // 2500, no earlier game (docs/rules.md § Stars, levels)
    ),
    "game deleted": (
        lambda p: ended_game(p, "over", 900),
        lambda p: Game.objects.get(player=p).delete(),
        {"high_score": 0},
    ),
    "next seed taken": (None, lambda p: games.game_start(player=p, mode="classic"), {"next_commitment": CHANGED}),
}


@pytest.mark.parametrize("name", WRITES)
def test_every_write_path_makes_the_cache_forget_the_player(player, name):
    setup, write, shows = WRITES[name]
    if setup:
        setup(player)
    client, keys = fill(player)
    before = client.get("/api/me/").json()  # from the cache
    write(player)
    assert cache.get_many(keys) == {}
    after = client.get("/api/me/")  # the same token as before the write
    if shows == 401:
        assert after.status_code == 401
        return
    body = after.json()
    for field, value in shows.items():
        assert body[field] != before[field] if value is CHANGED else body[field] == value
    unchanged = {field for field in before if field not in shows}
    assert {field: body[field] for field in unchanged} == {field: before[field] for field in unchanged}


def test_the_keys_come_from_the_apps_that_keep_them():
    """The accounts' four entries and the game's best scores: two apps declare keys, nothing else does."""
    assert [keys.__module__ for keys in PLAYER_KEYS] == ["blockknock.accounts.auth", "game.selectors"]
