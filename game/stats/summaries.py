"""Fill :class:`~game.stats.models.GameSummary` rows by replaying finished games with the engine.

A finished game (over or won) never changes, so its summary is computed once, as it
finishes (:func:`summary_record`, called by the services), and kept; games finished
before that have theirs filled by the hourly job (:func:`summaries_backlog_fill`),
:data:`FILL_LIMIT` games a player a run, so reading the Stats never writes.
Abandoned and expired games get none: Stats count finished games only.
"""

from collections.abc import Iterable

from .. import engine
from ..models import FINISHED, Game
from .models import GameSummary

FILL_LIMIT = 200
"""Games replayed by one read of the Stats at most (a replay takes about 80 µs a move)."""

_GAME_FIELDS = (
    "id",
    "mode",
    "challenge",
    "target",
    "piece_set",
    "seed",
    "dealer",
    "rules_version",
    "client_seed",
    "start_board",
    "record",
)


def summary_of(game: Game, events: Iterable[tuple] | None = None) -> GameSummary:
    """The unsaved summary of ``game`` from engine events in order (default: its record's).

    Lines and the best combo are the engine's :class:`~game.engine.MoveResult`
    figures; a board counts as emptied when a placement leaves no block on it
    (in Practice too, which pays no bonus for it).

    :raises EngineError: an event the game's rules refuse (a corrupt record).
    """
    lines = best_combo = empties = 0
    for state, _event, result in game.replay(events):
        if result is None:
            continue
        lines += result.lines
        best_combo = max(best_combo, result.combo)
        empties += state.board == engine.EMPTY
    return GameSummary(game_id=game.pk, lines=lines, best_combo=best_combo, empties=empties)


def summary_record(game: Game) -> None:
    """Store the summary of ``game``, which has just finished (every event of it stored).

    A record that does not replay (a position set by hand, as tests do; never a game played
    through the services) gets none, and its finish goes on: Stats leave it out as unsummarised.
    """
    try:
        summary = summary_of(game)
    except engine.EngineError:
        return
    GameSummary.objects.bulk_create([summary], ignore_conflicts=True)


def summaries_missing(*, player) -> int:
    """How many of ``player``'s finished games have no summary yet (read only)."""
    return Game.objects.filter(player=player, status__in=FINISHED, summary__isnull=True).count()


def summaries_backlog_fill(*, limit: int = FILL_LIMIT) -> int:
    """Fill the summaries of up to ``limit`` finished games of each player who has games without one
    (:func:`summaries_fill`, the hourly job). :returns: how many games are still without one."""
    players = Game.objects.filter(status__in=FINISHED, summary__isnull=True).values_list("player", flat=True)
    return sum(summaries_fill(player=player, limit=limit) for player in set(players))


def summaries_fill(*, player, limit: int = FILL_LIMIT) -> int:
    """Compute and store the summaries of up to ``limit`` of ``player``'s finished games that have none.

    Returns how many such games are still left without one (0 once all are done):
    a player with a long history is summarised over several reads. Two concurrent
    fills of the same games store each row once (conflicts are ignored).
    """
    missing = Game.objects.filter(player=player, status__in=FINISHED, summary__isnull=True)
    games = list(missing.only(*_GAME_FIELDS).order_by("pk")[:limit])
    if not games:
        return 0
    GameSummary.objects.bulk_create([summary_of(game) for game in games], ignore_conflicts=True)
    return missing.count() if len(games) == limit else 0
