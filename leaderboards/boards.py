"""The four kinds of leaderboard and which finished games count on them (docs/rules.md § Leaderboards).

A *kind* says which games count and what they put on the board (a score or a
challenge number), its period (a week, a day, or all time), its page (URL name,
template) and whether its entries link their replay; a :class:`Board` is one kind
for one period: Classic this week is the kind ``classic-week`` for the week that
starts on a given Monday, a Daily board is the kind ``daily`` for one game-calendar
day. Everything that differs between the boards is here, one class per kind: the
views, the URLs and the templates ask the kind, never which kind it is.

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
from typing import NamedTuple

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from blockknock.calendar import game_day, week_start
from game.daily.selectors import day_closed
from game.models import FINISHED, Mode, Status

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
    """A kind of leaderboard: which games count, the value each puts on it, its period and its page.

    Class-level settings; subclasses override :meth:`period_of` / :meth:`value_of`
    (and, for a periodic kind, :meth:`current_period`).
    """

    slug: str = ""
    mode: str = ""
    statuses: tuple[str, ...] = FINISHED
    title: str | Promise = ""
    value_label = _("Score")
    #: entries link to the game (its replay); the Challenge board's value is a ladder position, not one game
    shows_game: bool = True
    #: the days one board covers (7 a week, 1 a day); None: one board for all time
    period_days: int | None = None
    #: the page of this kind's current board (``leaderboards:<url_name>``, at ``path``)
    url_name: str = ""
    path: str = ""
    #: the page of an earlier board, by its period (``<isodate:day>`` in ``dated_path``); "" when it has none
    dated_url_name: str = ""
    dated_path: str = ""
    #: the page's part that says what the board is, and what to do to get on it (partials ``head`` and ``join``)
    template: str = ""

    def counts(self, facts: GameFacts) -> bool:
        return facts.mode == self.mode and facts.status in self.statuses

    def period_of(self, facts: GameFacts) -> dt.date | None:
        return None

    def value_of(self, facts: GameFacts) -> int:
        return facts.score

    def current_period(self, today: dt.date) -> dt.date | None:
        """The period of this kind's board on game-calendar date ``today``."""
        return None

    def games_shown(self, period: dt.date | None) -> bool:
        """Whether the board of ``period`` names each entry's game (its replay): :attr:`shows_game`."""
        return self.shows_game

    def board(self, period: dt.date | None = None) -> Board:
        return Board(self, period)

    def route(self, board: Board, today: dt.date) -> tuple[str, dict]:
        """The URL name and arguments of ``board``'s page: the current board at the plain URL, an earlier one dated."""
        if self.dated_url_name and board.period != self.current_period(today):
            return self.dated_url_name, {"day": board.period}
        return self.url_name, {}

    def neighbours(self, board: Board, today: dt.date) -> tuple[Board | None, Board | None]:
        """The boards a page steps to from ``board``, earlier and later (None: no step that way)."""
        return None, None

    def __repr__(self) -> str:
        return f"<Kind {self.slug}>"


class ClassicWeekKind(Kind):
    """Classic games finished this week (Monday 00:00 in the game zone to the next)."""

    slug = "classic-week"
    mode = Mode.CLASSIC
    title = _("Classic this week")
    period_days = 7
    url_name, path = "index", ""
    template = "leaderboards/kinds/classic_week.html"

    def period_of(self, facts: GameFacts) -> dt.date:
        return week_start(game_day(facts.finished_at))

    def current_period(self, today: dt.date) -> dt.date:
        return week_start(today)


class ClassicAllKind(Kind):
    """Every finished Classic game."""

    slug = "classic-all"
    mode = Mode.CLASSIC
    title = _("Classic all time")
    url_name, path = "classic_all", "classic/all/"
    template = "leaderboards/kinds/classic_all.html"


class ChallengeKind(Kind):
    """The highest challenge number each player has won."""

    slug = "challenge"
    mode = Mode.CHALLENGE
    statuses = (Status.WON,)
    title = _("Challenge")
    value_label = _("Challenge")
    shows_game = False
    url_name, path = "challenge", "challenge/"
    template = "leaderboards/kinds/challenge.html"

    def counts(self, facts: GameFacts) -> bool:
        return super().counts(facts) and facts.challenge is not None

    def value_of(self, facts: GameFacts) -> int:
        assert facts.challenge is not None, "counts() lets on only games with a challenge number"
        return facts.challenge


class DailyKind(Kind):
    """The finished Daily games of one day (the Daily's ``day``); its page steps through the earlier days."""

    slug = "daily"
    mode = Mode.DAILY
    title = _("Daily")
    period_days = 1
    url_name, path = "daily", "daily/"
    dated_url_name, dated_path = "daily_day", "daily/<isodate:day>/"
    template = "leaderboards/kinds/daily.html"

    def period_of(self, facts: GameFacts) -> dt.date:
        return facts.day

    def current_period(self, today: dt.date) -> dt.date:
        return today

    def games_shown(self, period: dt.date | None) -> bool:
        """Everyone that day shares the Daily's start: its games are named only once the day closed."""
        assert period is not None, "a Daily board is always of one day"
        return day_closed(period)

    def neighbours(self, board: Board, today: dt.date) -> tuple[Board | None, Board | None]:
        """The day before, and the day after unless ``board`` is today's."""
        one = dt.timedelta(days=1)
        assert board.period is not None, "a Daily board is always of one day"
        return self.board(board.period - one), (self.board(board.period + one) if board.period < today else None)


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
        assert self.kind.period_days is not None, "a board with a period is of a periodic kind"
        return self.period + dt.timedelta(days=self.kind.period_days - 1)


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
