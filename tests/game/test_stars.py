"""Stars paid by finished games through the services: ledger, cap per game-calendar day, levels."""

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.db import IntegrityError, transaction

from blockknock.accounts.models import StarEntry, ledger_balance
from blockknock.accounts.services import stars_add
from game import services
from game.models import Game

LA = ZoneInfo("America/Los_Angeles")


def finish(player, score, mode="classic"):
    """Start a game of ``mode``, put it at "No moves left" with ``score``, and say No thanks (or end it)."""
    game = services.game_start(player=player, mode=mode)
    Game.objects.filter(pk=game.pk).update(status="no_moves", score=score)
    return services.game_decline(player=player, game_id=game.pk)


def at(*args):
    return time_machine.travel(dt.datetime(*args, tzinfo=LA), tick=False)


def test_a_first_classic_game_pays_its_stars_into_the_ledger(player):
    game = finish(player, 7600)
    player.refresh_from_db()
    assert (game.stars, player.stars, ledger_balance(player)) == (4, 4, 4)
    assert game.stars_detail == {
        "base": 1,
        "score_bonus": 3,
        "high_score": 0,
        "challenge": 0,
        "capped": 0,
        "earned": 4,
        "paid": 4,
    }
    entry = StarEntry.objects.get(player=player)
    assert (entry.amount, entry.reason, entry.game_id) == (4, "game", game.pk)


def test_beating_the_best_earlier_classic_game_adds_two(player):
    finish(player, 7600)
    assert finish(player, 7601).stars == 6
    assert finish(player, 7601).stars == 4


def test_practice_and_abandoned_games_earn_nothing(player):
    assert finish(player, 9000, mode="practice").stars is None
    game = services.game_start(player=player, mode="classic")
    Game.objects.filter(pk=game.pk).update(score=9000)
    services.game_start(player=player, mode="classic")
    game.refresh_from_db()
    player.refresh_from_db()
    assert (game.status, game.stars, player.stars) == ("abandoned", None, 0)


def test_the_sixty_a_day_cap_spans_games_of_the_same_day(player):
    with at(2026, 6, 10, 12, 0):
        for _ in range(9):
            finish(player, 12500)  # equal scores never beat the best: 6 stars each
        game = finish(player, 12500)
        capped = finish(player, 12500)
    player.refresh_from_db()
    assert (game.stars, capped.stars, capped.stars_detail["capped"], player.stars) == (6, 0, 6, 60)


@pytest.mark.parametrize(
    ("last_minute", "first_minute"),
    [
        ((2026, 6, 10, 23, 59), (2026, 6, 11, 0, 0)),
        ((2026, 3, 7, 23, 59), (2026, 3, 8, 0, 0)),  # spring forward on 2026-03-08
        ((2026, 3, 8, 23, 59), (2026, 3, 9, 0, 0)),
        ((2026, 11, 1, 23, 59), (2026, 11, 2, 0, 0)),  # fall back: 2026-11-01 has 25 hours
    ],
)
def test_the_cap_resets_at_midnight_in_los_angeles(player, last_minute, first_minute):
    day = dt.date(*last_minute[:3])
    stars_add(player=player, amount=56, reason="game", day=day)
    with at(*last_minute):
        late = finish(player, 12500)
    with at(*first_minute):
        early = finish(player, 12500)
    assert (late.stars, early.stars) == (4, 6)
    assert list(StarEntry.objects.filter(game__isnull=False).order_by("pk").values_list("day", flat=True)) == [
        day,
        day + dt.timedelta(days=1),
    ]


def test_a_game_is_paid_at_most_once(player):
    game = finish(player, 100)
    with pytest.raises(IntegrityError), transaction.atomic():
        stars_add(player=player, amount=1, reason="game", day=game.day, game=game)


def test_a_balance_never_goes_negative(player):
    with pytest.raises(IntegrityError), transaction.atomic():
        stars_add(player=player, amount=-1, reason="purchase", day=dt.date(2026, 6, 10))
    player.refresh_from_db()
    assert (player.stars, StarEntry.objects.count()) == (0, 0)


def test_a_classic_game_of_2500_raises_the_level_once(player):
    finish(player, 2499)
    finish(player, 3000, mode="practice")
    player.refresh_from_db()
    assert player.level == 0
    finish(player, 2500)
    finish(player, 40000)
    player.refresh_from_db()
    assert player.level == 2


def test_me_shows_stars_level_and_high_score(api, player):
    finish(player, 2600)
    me = api.get("/api/me/").json()
    assert (me["stars"], me["level"], me["high_score"]) == (2, 1, 2600)
