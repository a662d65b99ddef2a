"""Reads of the leaderboards: a page of a board, a player's own entry, the page it is on.

Ranks are competition ranks over the whole board (1, 2, 2, 4): an entry's rank
is one more than the number of players with a strictly better value. Among
equal values the earlier finished game lists first, then the lower game id, so
the order is the same on every load. Each query is an index range scan: pages
and positions among equals use ``standing_board_order`` (board, value DESC,
finished_at, game), rank counts the compact ``standing_board_value`` (board, value).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from django.db.models import Q

from blockknock.accounts.names import shown_name
from blockknock.accounts.selectors import is_secured

from .boards import PAGE_SIZE, Board
from .models import BOARD_ORDER, Standing


@dataclass(frozen=True)
class Entry:
    """One row of a board.

    ``rank``, the player's display ``player`` name, ``value``, ``game`` (public id or None) and ``guest``: the
    player cannot get back in on another device (no passkey, no verified email), so a Daily entry is not paid.
    """

    rank: int
    player: str
    value: int
    game: str | None
    player_id: int
    guest: bool
    page: int | None = None  # the page listing it, when asked for (leaderboard_me(with_page=True))


@dataclass(frozen=True)
class Page:
    number: int
    entries: list[Entry]
    has_next: bool

    @property
    def has_previous(self) -> bool:
        return self.number > 1


def display_name(player) -> str:
    """The name a board shows for a player: "closed account" once closed (``Player.__str__``)."""
    return str(player)


def _entry(*, rank: int, name: str, value: int, game_id: int, player_id: int, shown: bool, guest: bool) -> Entry:
    """``shown``: the board names its games now (:meth:`~leaderboards.boards.Kind.games_shown`)."""
    game = str(game_id) if shown else None
    return Entry(rank=rank, player=name, value=value, game=game, player_id=player_id, guest=guest)


def _rank_of(board: Board, value: int) -> int:
    """The competition rank of ``value`` on ``board``: 1 + the players strictly above it."""
    return 1 + Standing.objects.filter(board=board.key, value__gt=value).count()


def leaderboard_page(*, board: Board, page: int = 1, per_page: int = PAGE_SIZE) -> Page:
    """Page ``page`` (from 1) of ``board``, ``per_page`` entries; past the end, no entries."""
    offset = (page - 1) * per_page
    rows = list(
        Standing.objects.filter(board=board.key)
        .order_by(*BOARD_ORDER)
        .annotate(secured=is_secured("player_id"))
        .values_list(
            "value", "game_id", "player_id", "player__name", "player__username", "player__closed_at", "secured"
        )[offset : offset + per_page + 1]
    )
    has_next = len(rows) > per_page
    shown = board.kind.games_shown(board.period)
    entries: list[Entry] = []
    for index, (value, game_id, player_id, name, username, closed_at, secured) in enumerate(rows[:per_page]):
        if index == 0:
            rank = 1 if offset == 0 else _rank_of(board, value)
        elif value != rows[index - 1][0]:
            rank = offset + index + 1  # everyone before this row on the board has a higher value
        entries.append(
            _entry(
                rank=rank,
                name=shown_name(name=name, username=username, closed=closed_at is not None),
                value=value,
                game_id=game_id,
                player_id=player_id,
                shown=shown,
                guest=not secured,
            )
        )
    return Page(number=page, entries=entries, has_next=has_next)


def _standing_of(board: Board, player) -> Standing | None:
    rows = Standing.objects.filter(board=board.key, player=player).only("value", "finished_at", "game_id", "player_id")
    return next(iter(rows[:1]), None)


def _equal_before(board: Board, standing: Standing) -> int:
    """How many entries with the same value list before ``standing`` (finished earlier, then lower game id)."""
    return (
        Standing.objects.filter(board=board.key, value=standing.value)
        .filter(
            Q(finished_at__lt=standing.finished_at) | Q(finished_at=standing.finished_at, game_id__lt=standing.game_id)
        )
        .count()
    )


def leaderboard_me(*, board: Board, player, with_page: bool = False, per_page: int = PAGE_SIZE) -> Entry | None:
    """``player``'s own entry on ``board`` with its rank, or None (not on it, or not signed in).

    With ``with_page``, ``entry.page`` is the page number (``per_page`` a page) that lists it.
    """
    if player is None or not getattr(player, "is_authenticated", False):
        return None
    standing = _standing_of(board, player)
    if standing is None:
        return None
    entry = _entry(
        rank=_rank_of(board, standing.value),
        name=display_name(player),
        value=standing.value,
        game_id=standing.game_id,
        player_id=standing.player_id,
        shown=board.kind.games_shown(board.period),
        guest=not player.is_secured,
    )
    if with_page:
        position = entry.rank - 1 + _equal_before(board, standing)  # entries listed before it
        entry = replace(entry, page=position // per_page + 1)
    return entry
