"""Closing each day's Daily: expire the unfinished, fix the standing, pay the winners.

Run by Celery beat at midnight in the game's zone (``game.tasks.close_dailies``).
Idempotent by database constraints, not only checks: the ``DailyClose`` row of a
day is inserted first (unique ``day``) and every payment is a ledger row unique
per game and reason.
"""

import datetime as dt

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone

from blockknock.accounts.models import StarReason
from blockknock.accounts.selectors import is_secured
from blockknock.accounts.services import stars_add
from blockknock.calendar import game_day

from .. import engine
from ..models import FINISHED, UNFINISHED, DailyClose, DailySeed, Game, Mode, Status


def daily_close(*, day: dt.date) -> DailyClose | None:
    """Close ``day``'s Daily; ``None`` if it was already closed (nothing changes then).

    Every secured player (a passkey or a verified email, at the close) tied at the top finished score among
    secured players gets the Daily winner's stars of the game's rules version (``engine.Ruleset.daily_win_stars``),
    outside the 60-a-day cap; ``top_score`` is that score (None when no secured player finished). Guests rank on
    the board but are not paid: a guest who secures the account before the close is.
    """
    try:
        with transaction.atomic():
            closed = DailyClose.objects.create(day=day, closed_at=timezone.now())
            games = Game.objects.filter(mode=Mode.DAILY, day=day)
            closed.expired = games.filter(status__in=UNFINISHED).update(
                status=Status.EXPIRED, finished_at=closed.closed_at
            )
            finished = games.filter(status__in=FINISHED)
            closed.finished = finished.count()
            # Only secured accounts are paid: fresh guests would otherwise buy one person many tries.
            paid = finished.alias(secured=is_secured("player_id")).filter(secured=True)
            closed.top_score = paid.aggregate(top=Max("score"))["top"]
            winners = list(paid.filter(score=closed.top_score).select_related("player").order_by("finished_at", "pk"))
            for game in winners:
                stars_add(
                    player=game.player,
                    amount=engine.ruleset(game.rules_version).daily_win_stars,
                    reason=StarReason.DAILY_WIN,
                    day=day,
                    game=game,
                )
            closed.winners = [game.player.name for game in winners]
            closed.save()
            return closed
    except IntegrityError:
        return None


def daily_close_due(*, now: dt.datetime | None = None) -> list[dt.date]:
    """Close every day before today (game calendar) that has Daily games or a drawn Daily seed and
    is not closed yet (closing reveals the day's seed, played or not).

    Catches up after a worker was down: each missed day is closed in order.
    :returns: the days this call closed.
    """
    today = game_day(now)
    closed = DailyClose.objects.values("day")
    played = Game.objects.filter(mode=Mode.DAILY, day__lt=today).exclude(day__in=closed).values_list("day", flat=True)
    drawn = DailySeed.objects.filter(day__lt=today).exclude(day__in=closed).values_list("day", flat=True)
    return [day for day in sorted(set(played) | set(drawn)) if daily_close(day=day) is not None]
