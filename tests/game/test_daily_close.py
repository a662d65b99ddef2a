"""Closing each Daily at midnight in Los Angeles: expiry, winners paid 100 once, catch-up, DST."""

import datetime as dt
import threading
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.conf import settings
from django.db import connections

from blockknock.accounts.models import StarEntry
from blockknock.accounts.services import guest_create
from game import services
from game.daily.close import daily_close, daily_close_due
from game.models import DailyClose, Game
from game.tasks import close_dailies
from tests.helpers import secure

LA = ZoneInfo("America/Los_Angeles")
D = dt.date(2026, 12, 1)


def at(*args):
    return time_machine.travel(dt.datetime(*args, tzinfo=LA), tick=False)


def daily(player, day, score, status="over"):
    """A Daily of ``day`` for ``player`` with ``score`` and ``status``, played on its day."""
    with at(day.year, day.month, day.day, 12, 0):
        game = services.game_start(player=player, mode="daily")
    Game.objects.filter(pk=game.pk).update(score=score, status=status)
    return game


def test_closing_a_day_expires_the_unfinished_and_pays_every_tied_winner(db):
    alice, bob, cleo, dan = (secure(guest_create()) for _ in range(4))
    daily(alice, D, 900)
    daily(bob, D, 900)
    daily(cleo, D, 400)
    late = daily(dan, D, 5000, status="playing")
    with at(2026, 12, 2, 0, 0, 5):
        assert close_dailies() == ["2026-12-01"]
    closed = DailyClose.objects.get(day=D)
    assert (closed.top_score, closed.finished, closed.expired, sorted(closed.winners)) == (
        900,
        3,
        1,
        sorted([alice.name, bob.name]),
    )
    late.refresh_from_db()
    assert late.status == "expired"
    paid = StarEntry.objects.filter(reason="daily_win")
    assert sorted((entry.player_id, entry.amount, entry.day) for entry in paid) == sorted(
        [(alice.pk, 100, D), (bob.pk, 100, D)]
    )


def test_running_it_twice_or_late_changes_nothing(db):
    winner = secure(guest_create())
    daily(winner, D, 700)
    with at(2026, 12, 2, 0, 0):
        daily_close_due()
    with at(2026, 12, 5, 9, 0):
        drawn = [D + dt.timedelta(days=n) for n in (1, 2, 3)]  # seeds the start drew ahead: closed (revealed) too
        assert daily_close_due() == drawn
        assert daily_close_due() == []
        assert daily_close(day=D) is None
    winner.refresh_from_db()
    assert (winner.stars, StarEntry.objects.filter(reason="daily_win").count()) == (100, 1)


def test_it_catches_up_on_three_missed_days(db):
    player = secure(guest_create())
    for offset in range(3):
        daily(player, D + dt.timedelta(days=offset), 100 * (offset + 1))
    daily(player, D + dt.timedelta(days=3), 50, status="playing")  # today's: not closed
    with at(2026, 12, 4, 0, 0, 1):
        assert daily_close_due() == [D, D + dt.timedelta(days=1), D + dt.timedelta(days=2)]
    assert StarEntry.objects.filter(reason="daily_win").count() == 3
    assert Game.objects.get(day=D + dt.timedelta(days=3)).status == "playing"


def test_the_daily_win_is_paid_on_top_of_the_cap(db):
    player = secure(guest_create())
    from blockknock.accounts.services import stars_add

    stars_add(player=player, amount=60, reason="game", day=D)
    daily(player, D, 10)
    with at(2026, 12, 2, 0, 0):
        daily_close_due()
    player.refresh_from_db()
    assert player.stars == 160


@pytest.mark.parametrize(
    ("last_run", "next_run"),
    [
        (dt.datetime(2026, 3, 7, 0, 0, tzinfo=LA), dt.datetime(2026, 3, 8, 0, 0, tzinfo=LA)),  # spring forward day
        (dt.datetime(2026, 3, 8, 0, 0, tzinfo=LA), dt.datetime(2026, 3, 9, 0, 0, tzinfo=LA)),
        (dt.datetime(2026, 10, 31, 0, 0, tzinfo=LA), dt.datetime(2026, 11, 1, 0, 0, tzinfo=LA)),  # fall back day
        (dt.datetime(2026, 11, 1, 0, 0, tzinfo=LA), dt.datetime(2026, 11, 2, 0, 0, tzinfo=LA)),
    ],
)
def test_beat_runs_the_closing_at_midnight_in_los_angeles_across_dst(last_run, next_run):
    from blockknock.celery import app

    schedule = settings.CELERY_BEAT_SCHEDULE["close-dailies"]["schedule"]
    schedule = schedule.__class__(hour=0, minute=0, app=app)
    assert str(app.conf.timezone) == "America/Los_Angeles"
    now = last_run + dt.timedelta(minutes=1)
    with time_machine.travel(now, tick=False):
        remaining = schedule.remaining_estimate(last_run)
    runs_at = now.astimezone(dt.UTC) + remaining
    assert runs_at == next_run.astimezone(dt.UTC)
    assert (runs_at.astimezone(LA).hour, runs_at.astimezone(LA).minute) == (0, 0)


@pytest.mark.needs("postgresql")  # concurrent transactions
@pytest.mark.django_db(transaction=True)
def test_two_workers_closing_at_once_pay_once():
    winner = secure(guest_create())
    daily(winner, D, 300)
    barrier = threading.Barrier(2)
    results = []

    def run():
        barrier.wait()
        try:
            results.append(daily_close(day=D) is not None)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(results) == [False, True]
    assert StarEntry.objects.filter(reason="daily_win").count() == 1


def test_a_guests_top_score_ranks_but_is_not_paid_the_best_secured_player_is(db):
    guest, passkey_player, email_player = guest_create(), guest_create(), secure(guest_create())
    from allauth.mfa.models import Authenticator

    Authenticator.objects.create(user=passkey_player, type=Authenticator.Type.WEBAUTHN, data={})
    daily(guest, D, 5000)  # the day's top score, by a guest: fresh guests would buy one person many tries
    daily(passkey_player, D, 900)
    daily(email_player, D, 700)
    with at(2026, 12, 2, 0, 0, 5):
        close_dailies()
    closed = DailyClose.objects.get(day=D)
    assert (closed.top_score, closed.winners, closed.finished) == (900, [passkey_player.name], 3)
    paid = StarEntry.objects.filter(reason="daily_win")
    assert [(entry.player_id, entry.amount) for entry in paid] == [(passkey_player.pk, 100)]


def test_a_guest_who_secures_the_account_before_the_close_is_paid_for_that_days_game(db):
    guest, other = guest_create(), guest_create()
    daily(guest, D, 1200)
    daily(other, D, 800)
    with at(2026, 12, 1, 23, 59):
        secure(guest)  # a verified email before midnight
    with at(2026, 12, 2, 0, 0, 5):
        close_dailies()
    assert DailyClose.objects.get(day=D).winners == [guest.name]
    assert StarEntry.objects.get(reason="daily_win").player_id == guest.pk


def test_a_day_no_secured_player_finished_closes_with_no_winner_and_pays_nothing(db):
    daily(guest_create(), D, 3000)
    with at(2026, 12, 2, 0, 0, 5):
        close_dailies()
    closed = DailyClose.objects.get(day=D)
    assert (closed.top_score, closed.winners, closed.finished) == (None, [], 1)
    assert not StarEntry.objects.filter(reason="daily_win").exists()
