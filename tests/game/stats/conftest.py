"""Hand-built games for the Stats tests: rows with chosen modes, scores, days and statuses."""

import datetime as dt
from zoneinfo import ZoneInfo

import pytest

from game.models import Game

LA = ZoneInfo("America/Los_Angeles")


def ended_game(player, mode="classic", score=0, *, status="over", day=dt.date(2026, 3, 9), challenge=None):
    """A game of ``player`` that ended with ``score`` on game-calendar ``day`` (no events)."""
    return Game.objects.create(
        player=player,
        mode=mode,
        day=day,
        status=status,
        score=score,
        challenge=challenge,
        seed="00" * 32,
        rules_version=1,
        start_board="." * 64,
        board="." * 64,
        hand=["mono"] * 3,
        used=[False] * 3,
        finished_at=dt.datetime.combine(day, dt.time(12), tzinfo=LA) if status in ("over", "won") else None,
    )


@pytest.fixture
def make_game():
    return ended_game
