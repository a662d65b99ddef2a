"""Fixtures for the leaderboards: players and finished games made straight with the ORM."""

import datetime as dt
import itertools

import pytest
from django.utils import timezone

from blockknock.accounts.services import guest_create
from blockknock.calendar import game_day, game_zone
from game.models import Game
from leaderboards.services import standing_record

_names = itertools.count(1)


def local(*args) -> dt.datetime:
    """An aware moment on the game calendar, e.g. ``local(2026, 3, 8, 23, 59)``."""
    return dt.datetime(*args, tzinfo=game_zone())


def make_player(name: str | None = None):
    player = guest_create()
    player.name = name or f"Player {next(_names)}"
    player.save(update_fields=["name"])
    return player


def make_game(player, *, mode="classic", score=0, status="over", finished_at=None, day=None, challenge=None) -> Game:
    """A game as the services leave it, a finished one on its boards.

    Board and hand are placeholders (the boards never read them).
    """
    finished_at = finished_at or (timezone.now() if status in ("over", "won", "abandoned", "expired") else None)
    game = Game.objects.create(
        player=player,
        mode=mode,
        challenge=challenge,
        status=status,
        score=score,
        day=day or game_day(finished_at),
        finished_at=finished_at,
        rules_version=1,
        start_board="." * 64,
        board="." * 64,
        hand=["mono", "mono", "mono"],
        used=[False, False, False],
    )
    if game.is_finished:
        standing_record(game=game)
    return game


@pytest.fixture
def player(db):
    return make_player("Me")


@pytest.fixture
def new_player(db):
    return make_player
