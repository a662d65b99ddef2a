"""Celery tasks of the game: thin, they call a service and retry on failure."""

from celery import shared_task
from django.db import OperationalError

from .daily.close import daily_close_due
from .daily.seeds import dailies_ahead
from .stats.summaries import summaries_backlog_fill


@shared_task(autoretry_for=(OperationalError,), retry_backoff=True, max_retries=5)
def close_dailies() -> list[str]:
    """Close every ended Daily not closed yet and pay its winners (beat: 00:00 America/Los_Angeles)."""
    return [day.isoformat() for day in daily_close_due()]


@shared_task(autoretry_for=(OperationalError,), retry_backoff=True, max_retries=5)
def draw_daily_seeds() -> list[str]:
    """Draw the Daily seeds of today and the coming week where missing (beat: hourly)."""
    return [day.isoformat() for day in dailies_ahead()]


@shared_task(autoretry_for=(OperationalError,), retry_backoff=True, max_retries=5)
def fill_summaries() -> int:
    """Summarise the finished games that have no summary yet (beat: hourly); how many are left."""
    return summaries_backlog_fill()
