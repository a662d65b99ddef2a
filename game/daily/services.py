"""Writes of the Daily's one game a day: close the player's unfinished Dailies of earlier days, refuse a second."""

import datetime as dt

from django.utils import timezone
from django.utils.translation import gettext as _

from ..errors import DailyPlayed
from ..models import UNFINISHED, Game, Mode, Status


def daily_expire(*, before: dt.date, player=None) -> int:
    """Close every unfinished Daily of a day before ``before`` as expired (it does not count).

    :param player: only this player's, or everyone's when ``None``.
    :returns: how many games were closed.
    """
    games = Game.objects.filter(mode=Mode.DAILY, day__lt=before, status__in=UNFINISHED)
    if player is not None:
        games = games.filter(player=player)
    return games.update(status=Status.EXPIRED, finished_at=timezone.now())


def daily_refuse_second(*, player, day: dt.date) -> None:
    """:raises errors.DailyPlayed: the player already started the Daily of ``day`` (``extra["game"]`` names it)."""
    existing = Game.objects.filter(player=player, mode=Mode.DAILY, day=day).first()
    if existing is not None:
        raise DailyPlayed(
            _("Today's Daily was already started: game %(game)s.") % {"game": existing.public_id},
            game=existing.public_id,
        )
