"""The Stats numbers on hand-built games: exact values, ties, a streak across the Los Angeles midnight."""

import datetime as dt

import pytest
import time_machine

from blockknock.accounts.models import StarEntry
from blockknock.accounts.services import guest_create
from game.stats.selectors import player_stats

from .conftest import LA

pytestmark = pytest.mark.django_db
MARCH_10 = dt.date(2026, 3, 10)


def test_three_classic_games_give_best_2600_and_average_1033(player, make_game):
    for score in (100, 2600, 400):
        make_game(player, score=score)
    stats = player_stats(player=player, today=MARCH_10)
    assert (stats.classic.finished, stats.classic.best, stats.classic.average) == (3, 2600, 1033)
    assert [point.score for point in stats.recent_classic] == [100, 2600, 400]
    assert [(b.low, b.high, b.games) for b in stats.histogram] == [
        (0, 499, 2),
        (500, 999, 0),
        (1000, 1499, 0),
        (1500, 1999, 0),
        (2000, 2499, 0),
        (2500, 2999, 1),
    ]
    assert stats.level_games == 1


def test_abandoned_and_expired_games_are_counted_apart_and_add_no_score(player, make_game):
    make_game(player, score=300)
    make_game(player, score=9000, status="abandoned")
    make_game(player, "daily", score=5000, status="expired")
    make_game(player, score=50, status="playing")
    stats = player_stats(player=player, today=MARCH_10)
    classic, daily = stats.modes[0], stats.modes[1]
    assert (classic.finished, classic.abandoned, classic.best, classic.average) == (1, 1, 300, 300)
    assert (daily.mode, daily.finished, daily.expired, daily.best) == ("daily", 0, 1, None)
    assert stats.played == 3


def test_the_ladder_shows_the_highest_challenge_won_of_the_active_ones(player, make_game):
    make_game(player, "challenge", 900, status="won", challenge=3)
    make_game(player, "challenge", 4000, status="over", challenge=7)
    stats = player_stats(player=player, today=MARCH_10)
    assert (stats.challenge_best, stats.challenges_active, stats.modes[2].won) == (3, 32, 1)


def test_stars_earned_and_spent_come_from_the_ledger(player):
    for amount, day in (
        (5, MARCH_10),
        (3, MARCH_10),
        (-50, MARCH_10),
        (100, dt.date(2026, 3, 1)),
        (7, dt.date(2025, 1, 1)),
    ):
        StarEntry.objects.create(player=player, amount=amount, reason="game", day=day)
    stats = player_stats(player=player, today=MARCH_10)
    assert (stats.stars_earned, stats.stars_spent) == (115, 50)
    by_day = {day.day: day.stars for day in stats.stars_by_day}
    assert (len(by_day), by_day[MARCH_10], by_day[dt.date(2026, 3, 1)], sum(by_day.values())) == (30, 8, 100, 108)


def _dailies(player, make_game, *days):
    for day in days:
        make_game(player, "daily", 100, day=day)


def test_the_streak_counts_by_the_los_angeles_calendar_across_its_midnight(player, make_game):
    _dailies(player, make_game, dt.date(2026, 3, 8), dt.date(2026, 3, 9), dt.date(2026, 3, 5))
    # 23:30 on 9 March in Los Angeles is already 10 March in UTC: the streak still ends today.
    with time_machine.travel(dt.datetime(2026, 3, 9, 23, 30, tzinfo=LA), tick=False):
        assert (player_stats(player=player).daily_streak, player_stats(player=player).daily_longest) == (2, 2)
    # Half an hour later it is 10 March in Los Angeles: the streak ended yesterday and still counts.
    with time_machine.travel(dt.datetime(2026, 3, 10, 0, 30, tzinfo=LA), tick=False):
        assert player_stats(player=player).daily_streak == 2
    # A day later nothing was played yesterday: the streak is over, the longest stays.
    with time_machine.travel(dt.datetime(2026, 3, 11, 0, 30, tzinfo=LA), tick=False):
        stats = player_stats(player=player)
        assert (stats.daily_streak, stats.daily_longest) == (0, 2)


def test_an_unfinished_daily_still_counts_as_a_day_played(player, make_game):
    make_game(player, "daily", 0, day=dt.date(2026, 3, 9), status="expired")
    make_game(player, "daily", 100, day=dt.date(2026, 3, 10))
    assert player_stats(player=player, today=MARCH_10).daily_streak == 2


def test_the_best_daily_rank_is_one_plus_the_strictly_higher_scores_that_day(player, make_game):
    first, second = dt.date(2026, 3, 8), dt.date(2026, 3, 9)
    make_game(player, "daily", 500, day=first)
    make_game(player, "daily", 700, day=second)
    for day, score, status in (
        (first, 900, "over"),
        (first, 600, "over"),
        (second, 800, "over"),
        (second, 700, "over"),
        (second, 9999, "expired"),
        (first, 500, "over"),
    ):
        make_game(guest_create(), "daily", score, day=day, status=status)
    best = player_stats(player=player, today=MARCH_10).daily_best
    # 8 March: 900 and 600 beat 500 (the other 500 ties) -> 3rd; 9 March: only 800 beats 700 -> 2nd, tied.
    assert (best.rank, best.day, best.score) == (2, second, 700)


def test_a_new_player_has_nothing_yet(player):
    stats = player_stats(player=player, today=MARCH_10)
    assert (stats.played, stats.classic.best, stats.histogram, stats.recent_classic, stats.daily_best) == (
        0,
        None,
        [],
        [],
        None,
    )
