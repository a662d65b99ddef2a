"""Beat is one process for the whole site: a close it missed at midnight is caught up within the hour."""

import datetime as dt
from zoneinfo import ZoneInfo

import time_machine
from django.conf import settings

LA = ZoneInfo("America/Los_Angeles")


def next_close(last_run: dt.datetime, now: dt.datetime) -> dt.datetime:
    """When beat, whose schedule says ``close-dailies`` last ran at ``last_run``, runs it next, seen at ``now``."""
    from blockknock.celery import app

    schedule = settings.CELERY_BEAT_SCHEDULE["close-dailies"]["schedule"]
    schedule = schedule.__class__(
        minute=schedule._orig_minute, hour=schedule._orig_hour, app=app
    )  # bound to the app: its timezone, the game calendar's
    with time_machine.travel(now, tick=False):
        return (now.astimezone(dt.UTC) + schedule.remaining_estimate(last_run)).astimezone(LA)


def test_a_beat_started_after_a_missed_midnight_closes_the_day_within_the_hour():
    # a new beat host (no schedule file) starts at 00:20: its entries count from now
    started = dt.datetime(2026, 12, 2, 0, 20, tzinfo=LA)
    assert next_close(started, started + dt.timedelta(seconds=1)) == dt.datetime(2026, 12, 2, 1, 0, tzinfo=LA)


def test_the_close_still_runs_at_midnight():
    last = dt.datetime(2026, 12, 1, 23, 0, tzinfo=LA)
    assert next_close(last, last + dt.timedelta(minutes=1)) == dt.datetime(2026, 12, 2, 0, 0, tzinfo=LA)
