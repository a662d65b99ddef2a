"""Reads of the Daily: a player's game of a day, a day's close."""

import datetime as dt

from ..models import DailyClose, Game, Mode


def daily_today(*, player, day) -> Game | None:
    """The player's Daily of game-calendar ``day``, if started."""
    return Game.objects.filter(player=player, mode=Mode.DAILY, day=day).first()


def daily_result(*, day) -> DailyClose | None:
    """The closed Daily of ``day`` (top score and winners), or ``None`` while it is open."""
    return DailyClose.objects.filter(day=day).first()


def day_closed(day: dt.date) -> bool:
    """Whether the Daily of ``day`` is closed (its results are in), so its shared seed may be shown."""
    return DailyClose.objects.filter(day=day).exists()
