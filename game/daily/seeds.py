"""The Daily's seeds: one stored random seed a day, committed a week ahead, revealed at the day's close
(docs/api.md § Verifiable deal; docs/rules.md § Modes, Daily).

- Each day's Daily has a stored random seed (:class:`~game.models.DailySeed`), drawn a
  week ahead (:func:`dailies_ahead`, Celery beat) or on demand; a day whose Daily was
  started before stored seeds existed keeps its stored games' seed and dealer, so every
  player of that day still gets the same deal (:func:`daily_deal_seed`).
- ``GET /api/dailies/`` lists the commitments and, once a day is closed, its seed (:func:`dailies_list`);
  ``GET /api/dailies/{day}/`` answers one day's entry, of any day ever published (:func:`daily_entry`).
"""

from __future__ import annotations

import datetime as dt

from blockknock.calendar import game_day

from .. import engine
from ..models import DailyClose, DailySeed, Game, Mode
from ..modes import ClientSeedBy, DealSeeds

DAILIES_AHEAD = 7
"""Days ahead whose Daily seed is drawn and whose commitment is public."""
DAILIES_BACK = 30
"""Days back ``GET /api/dailies/`` lists."""


def _legacy_daily(day: dt.date) -> Game | None:
    """A Daily of ``day`` dealt before stored Daily seeds existed (dealer 1), if there is one."""
    return Game.objects.filter(mode=Mode.DAILY, day=day, dealer=1).order_by("pk").first()


def daily_deal_seed(day: dt.date, client_seed: str, client_seed_by: ClientSeedBy) -> DealSeeds:
    """The seeds of a player's Daily of ``day``: the day's stored seed (drawn now if missing) under
    :data:`~game.engine.DAILY_DEALER` with the player's ``client_seed`` (mixed in from the second hand
    on); for a day already begun under dealer 1, that day's stored seed and dealer, and no client seed."""
    legacy = _legacy_daily(day)
    if legacy is not None:
        return DealSeeds(bytes.fromhex(legacy.seed), legacy.dealer, None, None)
    row, _created = DailySeed.objects.get_or_create(day=day)
    return DealSeeds(bytes.fromhex(row.seed), engine.DAILY_DEALER, client_seed, client_seed_by)


def dailies_ahead(*, today: dt.date | None = None) -> list[dt.date]:
    """Draw the Daily seed of today and each of the next :data:`DAILIES_AHEAD` days where missing.

    A day whose Daily was already dealt under dealer 1 keeps that deal (it gets no row).
    :returns: the days drawn now.
    """
    today = today or game_day()
    days = [today + dt.timedelta(days=n) for n in range(DAILIES_AHEAD + 1)]
    known = set(DailySeed.objects.filter(day__in=days).values_list("day", flat=True))
    known |= set(Game.objects.filter(mode=Mode.DAILY, day__in=days, dealer=1).values_list("day", flat=True))
    drawn = [day for day in days if day not in known]
    DailySeed.objects.bulk_create([DailySeed(day=day) for day in drawn], ignore_conflicts=True)
    return drawn


def dailies_list(*, today: dt.date | None = None) -> list[dict]:
    """``GET /api/dailies/``: the stored Daily seeds from :data:`DAILIES_BACK` days ago to
    :data:`DAILIES_AHEAD` days ahead, each ``{"day", "commitment", "server_seed"}``, the seed
    only once the day is closed."""
    today = today or game_day()
    rows = DailySeed.objects.filter(
        day__gte=today - dt.timedelta(days=DAILIES_BACK), day__lte=today + dt.timedelta(days=DAILIES_AHEAD)
    )
    closed = set(DailyClose.objects.filter(day__in=rows.values("day")).values_list("day", flat=True))
    return [_entry(row, row.day in closed) for row in rows]


def daily_entry(day: dt.date, *, today: dt.date | None = None) -> dict | None:
    """``GET /api/dailies/{day}/``: day ``day``'s entry as :func:`dailies_list` gives it, however long ago the day
    was (a checker holds a Daily to it for ever); ``None`` for a day never published: no seed stored, or one drawn
    further ahead than :data:`DAILIES_AHEAD` days, whose commitment is not public yet."""
    today = today or game_day()
    row = DailySeed.objects.filter(day=day, day__lte=today + dt.timedelta(days=DAILIES_AHEAD)).first()
    if row is None:
        return None
    return _entry(row, DailyClose.objects.filter(day=day).exists())


def _entry(row: DailySeed, closed: bool) -> dict:
    """One day's published entry: the seed only once the day is ``closed``."""
    return {"day": row.day, "commitment": row.commitment, "server_seed": row.seed if closed else None}
