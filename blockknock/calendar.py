"""The game calendar: days and weeks in one time zone (docs/rules.md § Days and weeks).

Every app counts days by it (the Daily, the star cap, the shop, the weekly
board). ``settings.GAME_TIMEZONE`` names the zone (America/Los_Angeles); nothing
else hard-codes it. Weeks start on Monday at midnight there.
"""

import datetime as dt
from zoneinfo import ZoneInfo

from django.conf import settings
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

ZONE_NAMES = {"America/Los_Angeles": _("San Francisco")}
"""How players are told the zone: a city they know, in their language (the zone's key otherwise)."""


def game_zone() -> ZoneInfo:
    """The zone of the game calendar."""
    return ZoneInfo(settings.GAME_TIMEZONE)


def zone_name() -> str:
    """The game calendar's zone as players read it, e.g. "San Francisco" (translated)."""
    return str(ZONE_NAMES.get(settings.GAME_TIMEZONE, settings.GAME_TIMEZONE))


def game_day(moment: dt.datetime | None = None) -> dt.date:
    """The game-calendar date of an aware ``moment`` (default: now)."""
    return (moment or timezone.now()).astimezone(game_zone()).date()


def day_end(day: dt.date) -> dt.datetime:
    """The end of game-calendar ``day``: the next midnight in the game's zone (when its Daily closes).

    Aware, and right across daylight-saving changes (a day may last 23 or 25 hours).
    """
    return dt.datetime.combine(day + dt.timedelta(days=1), dt.time(0), tzinfo=game_zone())


def week_start(day: dt.date) -> dt.date:
    """The Monday that starts the game-calendar week holding ``day``.

    >>> week_start(dt.date(2026, 3, 8))  # a Sunday: the week began on Monday the 2nd
    datetime.date(2026, 3, 2)
    >>> week_start(dt.date(2026, 3, 9))
    datetime.date(2026, 3, 9)
    """
    return day - dt.timedelta(days=day.weekday())


def week_end(day: dt.date) -> dt.datetime:
    """The end of the game-calendar week holding ``day``: the next Monday's midnight in the game's zone.

    >>> week_end(dt.date(2026, 12, 2)).isoformat()  # a Wednesday
    '2026-12-07T00:00:00-08:00'
    """
    return day_end(week_start(day) + dt.timedelta(days=6))
