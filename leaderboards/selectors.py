"""Reads of the leaderboards: a page of a board, a player's own entry, the page it is on.

Ranks are competition ranks over the whole board (1, 2, 2, 4): an entry's rank
is one more than the number of players with a strictly better value. Among
equal values the earlier finished game lists first, then the lower game id, so
the order is the same on every load. Each query is a range scan of the index
``standing_board_order`` (board, value DESC, finished_at, game).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q

from .boards import PAGE_SIZE, Board
from .models import BOARD_ORDER, Standing


@dataclass(frozen=True)
class Entry:
    """One row of a board: ``rank``, the player's display ``player`` name, ``value`` and ``game`` (public id or None)."""

    rank: int
    player: str
    value: int
    game: str | None
    player_id: int


@dataclass(frozen=True)
class Page:
    number: int
    entries: list[Entry]
    has_next: bool

    @property
    def has_previous(self) -> bool:
        return self.number > 1


def display_name(player) -> str:
    """The name a board shows for a player."""
    return player.name or player.username


def _entry(board: Board, standing: Standing, rank: int, player) -> Entry:
    game = str(standing.game_id) if board.kind.shows_game else None
    return Entry(rank=rank, player=display_name(player), value=standing.value, game=game, player_id=standing.player_id)


def _rank_of(board: Board, value: int) -> int:
    """The competition rank of ``value`` on ``board``: 1 + the players strictly above it."""
    return 1 + Standing.objects.filter(board=board.key, value__gt=value).count()


def leaderboard_page(*, board: Board, page: int = 1, per_page: int = PAGE_SIZE) -> Page:
    """Page ``page`` (from 1) of ``board``, ``per_page`` entries; past the end, no entries."""
    offset = (page - 1) * per_page
    rows = list(
        Standing.objects.filter(board=board.key)
        .order_by(*BOARD_ORDER)
        .select_related("player")
        .only("value", "finished_at", "game_id", "player__name", "player__username")[offset:offset + per_page + 1]
    )
    has_next = len(rows) > per_page
    rows = rows[:per_page]
    entries: list[Entry] = []
    for index, row in enumerate(rows):
        if index == 0:
            rank = 1 if offset == 0 else _rank_of(board, row.value)
        elif row.value != rows[index - 1].value:
            rank = offset + index + 1  # everyone before this row on the board has a higher value
        entries.append(_entry(board, row, rank, row.player))
    return Page(number=page, entries=entries, has_next=has_next)


def leaderboard_me(*, board: Board, player) -> Entry | None:
    """``player``'s own entry on ``board`` with its rank, or None if they are not on it."""
    if player is None or not getattr(player, "is_authenticated", False):
        return None
    standing = Standing.objects.filter(board=board.key, player=player).only("value", "finished_at", "game_id").first()
    if standing is None:
        return None
    return _entry(board, standing, _rank_of(board, standing.value), player)


def leaderboard_page_of(*, board: Board, player, per_page: int = PAGE_SIZE) -> int | None:
    """The page number that lists ``player``'s entry on ``board`` (None if they are not on it)."""
    standing = Standing.objects.filter(board=board.key, player=player).only("value", "finished_at", "game_id").first()
    if standing is None:
        return None
    equal_before = Standing.objects.filter(board=board.key, value=standing.value).filter(
        Q(finished_at__lt=standing.finished_at) | Q(finished_at=standing.finished_at, game_id__lt=standing.game_id)
    ).count()
    before = _rank_of(board, standing.value) - 1 + equal_before
    return before // per_page + 1
