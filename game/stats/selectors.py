"""Every number of a player's Stats page and ``GET /api/me/stats/``, read in a fixed number of queries.

What counts: scores, lines, combos and emptied boards come from finished games
(over or won) only; abandoned and expired games are counted apart and add nothing
else. The Daily streak counts every day a Daily was started (finished or not).
Lines, combos and emptied boards are the stored :class:`~game.stats.models.GameSummary`
rows (written as a game finishes, :func:`game.stats.summaries.summary_record`).
"""

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Count, F, Max, OuterRef, Q, Subquery, Sum
from django.db.models.functions import Coalesce

from blockknock.accounts.models import StarEntry
from blockknock.calendar import game_day

from ..models import FINISHED, Challenge, Game, Mode, Status
from ..rewards import LEVEL_SCORE

MODE_ORDER = (Mode.CLASSIC, Mode.DAILY, Mode.CHALLENGE, Mode.PRACTICE)
"""The order modes are shown in: Classic foremost."""
RECENT_GAMES = 30
"""Classic games in the scores-over-time chart (the latest ones)."""
STAR_DAYS = 30
"""Game-calendar days in the stars-earned chart, ending today."""
MAX_BUCKETS = 10
"""Bars of the score histogram at most."""
ONE_DAY = dt.timedelta(days=1)


@dataclass(frozen=True)
class ModeStats:
    """One mode's games: finished (over + won) and ended off the board, with the finished games' figures."""

    mode: str
    label: str
    finished: int = 0
    won: int = 0
    abandoned: int = 0
    expired: int = 0
    best: int | None = None
    average: int | None = None
    lines: int = 0
    best_combo: int = 0
    empties: int = 0


@dataclass(frozen=True)
class ScorePoint:
    """A finished Classic game in the scores-over-time chart."""

    game_id: int
    day: dt.date
    score: int


@dataclass(frozen=True)
class Bucket:
    """Finished Classic games scoring ``low`` to ``high`` (both included)."""

    low: int
    high: int
    games: int


@dataclass(frozen=True)
class DayStars:
    """Stars earned (the ledger's positive rows) on one game-calendar day."""

    day: dt.date
    stars: int


@dataclass(frozen=True)
class DailyRank:
    """A finished Daily's place among that day's finished Dailies: 1 + the strictly higher scores."""

    rank: int
    day: dt.date
    score: int


@dataclass(frozen=True)
class PlayerStats:
    """A player's Stats; ``modes`` in :data:`MODE_ORDER`.

    ``pending`` counts finished games whose lines, combo and emptied boards are not
    in the totals yet (filled by the hourly job, :func:`game.stats.summaries.summaries_backlog_fill`).
    """

    modes: list[ModeStats]
    recent_classic: list[ScorePoint]
    histogram: list[Bucket]
    stars_balance: int
    stars_earned: int
    stars_spent: int
    stars_by_day: list[DayStars]
    level: int
    level_games: int
    daily_streak: int
    daily_longest: int
    daily_best: DailyRank | None
    challenge_best: int
    challenges_active: int
    pending: int = 0
    level_score: int = LEVEL_SCORE
    lines: int = field(init=False)
    best_combo: int = field(init=False)
    empties: int = field(init=False)
    played: int = field(init=False)

    def __post_init__(self) -> None:
        total = lambda name: sum(getattr(mode, name) for mode in self.modes)  # noqa: E731
        object.__setattr__(self, "lines", total("lines"))
        object.__setattr__(self, "best_combo", max(mode.best_combo for mode in self.modes))
        object.__setattr__(self, "empties", total("empties"))
        object.__setattr__(self, "played", sum(m.finished + m.abandoned + m.expired for m in self.modes))

    @property
    def classic(self) -> ModeStats:
        return self.modes[0]


def _mode_stats(player) -> list[ModeStats]:
    """One grouped query over the player's games by mode and status, joined to their summaries."""
    rows = (
        Game.objects.filter(player=player)
        .order_by()
        .values("mode", "status")
        .annotate(
            games=Count("pk"),
            best=Max("score"),
            total=Sum("score"),
            lines=Sum("summary__lines"),
            combo=Max("summary__best_combo"),
            empties=Sum("summary__empties"),
        )
    )
    grouped: dict[str, dict[str, Mapping[str, Any]]] = {}
    for row in rows:
        grouped.setdefault(row["mode"], {})[row["status"]] = row
    return [_one_mode(mode, grouped.get(mode, {})) for mode in MODE_ORDER]


def _one_mode(mode: Mode, by_status: dict[str, Mapping[str, Any]]) -> ModeStats:
    done = [by_status[status] for status in FINISHED if status in by_status]
    count = lambda rows, key: sum(row[key] or 0 for row in rows)  # noqa: E731
    finished = count(done, "games")
    return ModeStats(
        mode=mode.value,
        label=str(mode.label),
        finished=finished,
        won=by_status.get(Status.WON, {}).get("games", 0),
        abandoned=by_status.get(Status.ABANDONED, {}).get("games", 0),
        expired=by_status.get(Status.EXPIRED, {}).get("games", 0),
        best=max(row["best"] for row in done) if done else None,
        average=round(count(done, "total") / finished) if finished else None,
        lines=count(done, "lines"),
        best_combo=max((row["combo"] or 0 for row in done), default=0),
        empties=count(done, "empties"),
    )


def _finished(player, mode: Mode):
    return Game.objects.filter(player=player, mode=mode, status__in=FINISHED)


def _recent_classic(player) -> list[ScorePoint]:
    latest = _finished(player, Mode.CLASSIC).order_by("-finished_at", "-pk")
    rows = latest.values_list("pk", "finished_at", "score")[:RECENT_GAMES]
    return [ScorePoint(pk, game_day(finished_at), score) for pk, finished_at, score in reversed(rows)]


def bucket_width(best: int) -> int:
    """The histogram's bar width: the smallest of 100, 250, 500, 1,000, 2,500, … giving at most 10 bars.

    >>> bucket_width(0), bucket_width(999), bucket_width(1000), bucket_width(2600), bucket_width(123456)
    (100, 100, 250, 500, 25000)
    """
    scale = 100
    while True:
        for step in (1, 2.5, 5):
            width = int(scale * step)
            if best // width < MAX_BUCKETS:
                return width
        scale *= 10


def _histogram(player, best: int | None) -> list[Bucket]:
    if best is None:
        return []
    width = bucket_width(best)
    rows = _finished(player, Mode.CLASSIC).order_by().values(bucket=F("score") / width).annotate(games=Count("pk"))
    games = {row["bucket"]: row["games"] for row in rows}
    return [Bucket(i * width, (i + 1) * width - 1, games.get(i, 0)) for i in range(best // width + 1)]


def _stars(player, today: dt.date) -> dict:
    ledger = StarEntry.objects.filter(player=player)
    totals = ledger.aggregate(
        earned=Coalesce(Sum("amount", filter=Q(amount__gt=0)), 0),
        spent=Coalesce(Sum("amount", filter=Q(amount__lt=0)), 0),
    )
    first = today - dt.timedelta(days=STAR_DAYS - 1)
    rows = ledger.filter(day__gte=first, amount__gt=0).order_by().values("day").annotate(stars=Sum("amount"))
    earned = {row["day"]: row["stars"] for row in rows}
    days = [first + dt.timedelta(days=n) for n in range(STAR_DAYS)]
    return {
        "stars_balance": player.stars,
        "stars_earned": totals["earned"],
        "stars_spent": -totals["spent"],
        "stars_by_day": [DayStars(day, earned.get(day, 0)) for day in days],
    }


def streaks(days: list[dt.date], today: dt.date) -> tuple[int, int]:
    """``(current, longest)`` runs of consecutive days in ``days`` (newest first, no repeats).

    The current run must end today or yesterday; otherwise it is 0.

    >>> d = dt.date
    >>> streaks([d(2026, 3, 9), d(2026, 3, 8), d(2026, 3, 6), d(2026, 3, 5), d(2026, 3, 4)], d(2026, 3, 10))
    (2, 3)
    >>> streaks([d(2026, 3, 8)], d(2026, 3, 10))
    (0, 1)
    """
    runs: list[int] = []
    for newer, day in zip([None, *days], days):
        if newer is not None and newer - day == ONE_DAY:
            runs[-1] += 1
        else:
            runs.append(1)
    current = runs[0] if runs and today - days[0] <= ONE_DAY else 0
    return current, max(runs, default=0)


def _daily_best(player) -> DailyRank | None:
    """The player's best rank among a day's finished Dailies (ties share a rank); the latest day first among equals."""
    higher = (
        Game.objects.filter(mode=Mode.DAILY, status__in=FINISHED, day=OuterRef("day"), score__gt=OuterRef("score"))
        .order_by()
        .values("day")
        .annotate(n=Count("pk"))
        .values("n")
    )
    ranked = _finished(player, Mode.DAILY).annotate(higher=Coalesce(Subquery(higher), 0))
    best = ranked.order_by("higher", "-day").values_list("higher", "day", "score").first()
    return DailyRank(best[0] + 1, best[1], best[2]) if best else None


def _daily(player, today: dt.date) -> dict:
    days = list(Game.objects.filter(player=player, mode=Mode.DAILY).order_by("-day").values_list("day", flat=True))
    current, longest = streaks(days, today)
    return {"daily_streak": current, "daily_longest": longest, "daily_best": _daily_best(player)}


def _ladder_and_level(player) -> dict:
    facts = Game.objects.filter(player=player, status__in=FINISHED).aggregate(
        challenge_best=Max("challenge", filter=Q(mode=Mode.CHALLENGE, status=Status.WON)),
        level_games=Count("pk", filter=Q(mode=Mode.CLASSIC, score__gte=LEVEL_SCORE)),
    )
    return {
        "level": player.level,
        "level_games": facts["level_games"],
        "challenge_best": facts["challenge_best"] or 0,
        "challenges_active": Challenge.objects.filter(active=True).count(),
    }


def player_stats(*, player, pending: int = 0, today: dt.date | None = None) -> PlayerStats:
    """Everything on the Stats page for ``player``; ``today`` is the game-calendar date (default: now's)."""
    today = today or game_day()
    modes = _mode_stats(player)
    return PlayerStats(
        modes=modes,
        recent_classic=_recent_classic(player),
        histogram=_histogram(player, modes[0].best),
        **_stars(player, today),
        **_daily(player, today),
        **_ladder_and_level(player),
        pending=pending,
    )
