"""The four kinds of leaderboard and which finished games count on them (RULES.md § Leaderboards).

A *kind* says which games count and what they put on the board (a score or a
challenge number); a :class:`Board` is one kind for one period: Classic this
week is the kind ``classic-week`` for the week that starts on a given Monday,
a Daily board is the kind ``daily`` for one game-calendar day.

Weeks and days follow the game calendar (:mod:`blockknock.calendar`, the zone named by
``settings.GAME_TIMEZONE``): a week starts on Monday at midnight there.
**A Classic game belongs to the week in which it finished** — the game-calendar
date of its ``finished_at`` — so a week's board is final once the week is over
and a score shows on the board of the week it was made in. Week starts are
computed on calendar dates, never by adding 7 × 24 hours, so the weeks holding
a daylight-saving change (23 or 25 hours on that Sunday) start and end at local
midnight like every other week.

A Daily game belongs to its ``day`` (the day of that Daily, every player's same
puzzle), whenever it finished.

Only finished games count (status ``over`` or ``won``); abandoned, expired,
unfinished and Practice games never do, and the Challenge board counts only
``won`` challenges.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple

from django.utils.translation import gettext_lazy as _

from blockknock.calendar import game_day, week_start
from game.models import FINISHED, Mode, Status

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

PAGE_SIZE = 50


class GameFacts(NamedTuple):
    """What the boards need to know about one game (plain values: usable from migrations)."""

    game_id: int
    player_id: int
    mode: str
    status: str
    challenge: int | None
    day: dt.date
    score: int
    finished_at: dt.datetime


#: the Game columns :func:`facts_from_row` reads, in order (for ``values_list``)
GAME_FACT_FIELDS = ("id", "player_id", "mode", "status", "challenge", "day", "score", "finished_at", "updated_at")


def facts_from_row(row: tuple) -> GameFacts:
    """The facts from a row of :data:`GAME_FACT_FIELDS`.

    ``finished_at`` falls back to ``updated_at`` for a finished game saved
    without one (the services always set it).
    """
    game_id, player_id, mode, status, challenge, day, score, finished_at, updated_at = row
    return GameFacts(game_id, player_id, mode, status, challenge, day, score, finished_at or updated_at)


def game_facts(game) -> GameFacts:
    """The facts of a :class:`~game.models.Game` instance."""
    return facts_from_row(tuple(getattr(game, field) for field in GAME_FACT_FIELDS))


class Kind:
    """A kind of leaderboard: which games count and the value each puts on it.

    Class-level settings; subclasses override :meth:`period_of` / :meth:`value_of`.
    """

    slug: str = ""
    mode: str = ""
    statuses: tuple[str, ...] = FINISHED
    title: StrOrPromise = ""
    value_label: StrOrPromise = _("Score")
    #: entries link to the game (its replay); the Challenge board's value is a ladder position, not one game
    shows_game: bool = True
    #: one board per period (week, day) rather than one for all time
    periodic: bool = False

    def counts(self, facts: GameFacts) -> bool:
        return facts.mode == self.mode and facts.status in self.statuses

    def period_of(self, facts: GameFacts) -> dt.date | None:
        return None

    def value_of(self, facts: GameFacts) -> int:
        return facts.score

    def current_period(self, today: dt.date) -> dt.date | None:
        """The period of this kind's board on game-calendar date ``today``."""
        return None

    def board(self, period: dt.date | None = None) -> Board:
        return Board(self, period)

    def __repr__(self) -> str:
        return f"<Kind {self.slug}>"


class ClassicWeekKind(Kind):
    """Classic games finished this week (Monday 00:00 in the game zone to the next)."""

    slug = "classic-week"
    mode = Mode.CLASSIC
    title = _("Classic this week")
    periodic = True

    def period_of(self, facts: GameFacts) -> dt.date:
        return week_start(game_day(facts.finished_at))

    def current_period(self, today: dt.date) -> dt.date:
        return week_start(today)


class ClassicAllKind(Kind):
    """Every finished Classic game."""

    slug = "classic-all"
    mode = Mode.CLASSIC
    title = _("Classic all time")


class ChallengeKind(Kind):
    """The highest challenge number each player has won."""

    slug = "challenge"
    mode = Mode.CHALLENGE
    statuses = (Status.WON,)
    title = _("Challenge")
    value_label = _("Challenge")
    shows_game = False

    def counts(self, facts: GameFacts) -> bool:
        return super().counts(facts) and facts.challenge is not None

    def value_of(self, facts: GameFacts) -> int:
        assert facts.challenge is not None, "counts() takes won challenges only"
        return facts.challenge


class DailyKind(Kind):
    """The finished Daily games of one day (the Daily's ``day``)."""

    slug = "daily"
    mode = Mode.DAILY
    title = _("Daily")
    periodic = True

    def period_of(self, facts: GameFacts) -> dt.date:
        return facts.day

    def current_period(self, today: dt.date) -> dt.date:
        return today


CLASSIC_WEEK, CLASSIC_ALL, CHALLENGE, DAILY = ClassicWeekKind(), ClassicAllKind(), ChallengeKind(), DailyKind()
KINDS: dict[str, Kind] = {kind.slug: kind for kind in (CLASSIC_WEEK, CLASSIC_ALL, CHALLENGE, DAILY)}


@dataclass(frozen=True)
class Board:
    """One leaderboard: a kind and, for weekly and daily boards, its period (a Monday or a day)."""

    kind: Kind
    period: dt.date | None = None

    @property
    def key(self) -> str:
        """The board's storage key, e.g. ``"classic-week:2026-03-09"``, ``"challenge"``."""
        return f"{self.kind.slug}:{self.period.isoformat()}" if self.period else self.kind.slug

    @property
    def period_end(self) -> dt.date | None:
        """The last game-calendar day of the period."""
        if self.period is None:
            return None
        return self.period + dt.timedelta(days=6 if isinstance(self.kind, ClassicWeekKind) else 0)


def current_board(kind: Kind, today: dt.date | None = None) -> Board:
    """The board of ``kind`` now (this week's, today's) on the game calendar."""
    return Board(kind, kind.current_period(today or game_day()))


class Candidate(NamedTuple):
    """A game's entry on one board, before it is compared with the player's best there."""

    key: str
    player_id: int
    value: int
    finished_at: dt.datetime
    game_id: int

    def sort_key(self) -> tuple:
        """Board order: higher value first, then the earlier finished game, then the lower id."""
        return (-self.value, self.finished_at, self.game_id)


def candidates(facts: GameFacts) -> list[Candidate]:
    """The boards a game is on and what it puts there (empty if it does not count)."""
    return [
        Candidate(
            Board(kind, kind.period_of(facts)).key,
            facts.player_id,
            kind.value_of(facts),
            facts.finished_at,
            facts.game_id,
        )
        for kind in KINDS.values()
        if kind.counts(facts)
    ]


def best_per_board(games: Iterable[GameFacts]) -> Iterator[Candidate]:
    """Each player's best entry on each board, from games **sorted by player**.

    Holds one player's entries at a time, so it streams any number of games.
    """
    player_id = None
    best: dict[str, Candidate] = {}
    for facts in games:
        if facts.player_id != player_id:
            yield from best.values()
            player_id, best = facts.player_id, {}
        for candidate in candidates(facts):
            held = best.get(candidate.key)
            if held is None or candidate.sort_key() < held.sort_key():
                best[candidate.key] = candidate
    yield from best.values()
