"""Can these pieces all be placed? A witness finder for the fair deal (docs/rules.md § The fair deal).

Pieces "can be placed together" when there is **some order** and some anchor for
each so that every placement is legal on the board left by the previous ones,
line clears applied between placements. The search is a depth-first search over
``(board, remaining pieces)`` with early exit at the first full placement:

- memoised on ``(board, sorted ids of the remaining pieces)``, so placing A then
  B and B then A without a clear meet in one node;
- identical pieces in the remaining multiset are tried first only once;
- pruned (soundly) when some remaining piece fits nowhere yet and the pieces that
  do fit cannot complete any line: the board only gains cells until the first
  clear, so the stuck piece waits for a clear that the others must make, and one
  placement covers at most ``Piece.row_reach`` cells of a row (``col_reach`` of a
  column); if their sum is below the fewest empty cells of every row (column),
  no line can complete;
- anchors come from :func:`game.engine.board.anchors` (one shift per cell) and
  clears check only the lines the placed piece touches (``Piece.lines_at``),
  except on a board that already has a full line, where all 16 are checked.

Pieces are identified by their ``id``.

>>> from game.engine.bitboard import from_rows
>>> from game.engine.pieces import PIECES
>>> board = from_rows(["#######."] * 7 + ["####...."])
>>> can_place_all(board, [PIECES["I5-h"]])
False
>>> witness(board, [PIECES["I5-h"], PIECES["I4-v"], PIECES["I3-v"]])
((2, 0, 7), (1, 0, 0), (0, 0, 1))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple, TypeAlias

from .bitboard import COL_MASKS, LINE_MASKS, ROW_MASKS, SIZE, Bitboard, has_full_line, validate_board
from .pieces import Piece

__all__ = ["Memo", "Solution", "Step", "can_place_all", "solve", "witness"]

Step: TypeAlias = tuple[int, int, int]
"""One placement of a witness: ``(index into the pieces given, row, col)``."""

_Found: TypeAlias = tuple[Bitboard, tuple[tuple[Piece, int], ...]]
Memo: TypeAlias = dict[tuple[Bitboard, tuple[str, ...]], _Found | None]
"""A search memo, ``{(board, ids): result}``; may be shared between searches on purpose."""

_MISSING = object()


class Solution(NamedTuple):
    """A full placement found by :func:`solve`.

    :ivar board: the board after every piece is placed and lines cleared.
    :ivar steps: ``((piece, row, col), ...)`` in placement order.
    """

    board: Bitboard
    steps: tuple[tuple[Piece, int, int], ...]


def _settle(board: Bitboard, piece: Piece, index: int, clean: bool) -> Bitboard:
    """Place ``piece`` (known to fit) at anchor ``index`` and clear full lines.

    ``clean``: the board had no full line, so only lines the piece touches can be full.
    """
    board |= piece.mask << index
    full = 0
    for line in piece.lines_at[index] if clean else LINE_MASKS:
        if board & line == line:
            full |= line
    return board & ~full if full else board


def _gaps(board: Bitboard) -> tuple[int, int]:
    """The fewest empty cells of any row, and of any column."""
    row_most = col_most = 0
    for line in ROW_MASKS:
        filled = (board & line).bit_count()
        if filled > row_most:
            row_most = filled
    for line in COL_MASKS:
        filled = (board & line).bit_count()
        if filled > col_most:
            col_most = filled
    return SIZE - row_most, SIZE - col_most


def _fitting(board: Bitboard, piece: Piece) -> Bitboard:
    """The anchors of ``piece`` that are free on ``board``."""
    blocked = 0
    for offset in piece.offsets:
        blocked |= board >> offset
    return piece.anchor_mask & ~blocked


def _hopeless(board: Bitboard, rem: tuple[Piece, ...], fittings: list[Bitboard]) -> bool:
    """A piece fits nowhere now, and the others together cannot reach far enough to clear a line for it."""
    if all(fittings):
        return False
    row_reach = sum(piece.row_reach for piece, fitting in zip(rem, fittings) if fitting)
    col_reach = sum(piece.col_reach for piece, fitting in zip(rem, fittings) if fitting)
    row_gap, col_gap = _gaps(board)
    return row_reach < row_gap and col_reach < col_gap


def _search(
    board: Bitboard,
    rem: tuple[Piece, ...],
    ids: tuple[str, ...],
    memo: Memo,
    clean: bool,
) -> _Found | None:
    """DFS core: ``rem`` sorted by id (``ids`` its ids); answer ``(final board, ((piece, anchor), ...))``."""
    key = (board, ids)
    found = memo.get(key, _MISSING)
    if found is not _MISSING:
        return found  # type: ignore[return-value]  # not the sentinel: a stored _Found | None
    result: _Found | None
    if len(rem) == 1:
        fitting = _fitting(board, rem[0])
        index = (fitting & -fitting).bit_length() - 1
        result = (_settle(board, rem[0], index, clean), ((rem[0], index),)) if fitting else None
    else:
        result = _search_orders(board, rem, ids, memo, clean)
    memo[key] = result
    return result


def _search_orders(
    board: Bitboard, rem: tuple[Piece, ...], ids: tuple[str, ...], memo: Memo, clean: bool
) -> _Found | None:
    """:func:`_search` for two or more pieces: each distinct piece first, at each of its anchors."""
    fittings = [_fitting(board, piece) for piece in rem]
    if _hopeless(board, rem, fittings):
        return None
    previous = None
    for i, piece in enumerate(rem):
        if ids[i] == previous:
            continue  # an identical piece was already tried first
        previous = ids[i]
        fitting = fittings[i]
        rest, rest_ids = rem[:i] + rem[i + 1 :], ids[:i] + ids[i + 1 :]
        while fitting:
            low = fitting & -fitting
            fitting ^= low
            index = low.bit_length() - 1
            sub = _search(_settle(board, piece, index, clean), rest, rest_ids, memo, True)
            if sub is not None:
                return (sub[0], ((piece, index),) + sub[1])
    return None


def solve(board: Bitboard, pieces: Sequence[Piece], memo: Memo | None = None) -> Solution | None:
    """Find an order and anchors placing every piece, clears applied between placements.

    :param board: the bitboard to place on.
    :param pieces: the pieces (a multiset; order irrelevant).
    :param memo: optional memo to share between calls on purpose (e.g. one deal).
    :returns: a :class:`Solution`, or ``None`` if no order works.
    :raises InvalidBoardError: ``board`` is not an int in ``[0, 2**64)``.

    >>> from game.engine.pieces import PIECES
    >>> solve(0, [PIECES["O9"], PIECES["mono"]]).steps[0][1:]
    (0, 0)
    """
    validate_board(board)
    rem = tuple(sorted(pieces, key=lambda piece: piece.id))
    if not rem:
        return Solution(board, ())
    memo = {} if memo is None else memo
    found = _search(board, rem, tuple(p.id for p in rem), memo, not has_full_line(board))
    if found is None:
        return None
    final, path = found
    return Solution(final, tuple((piece, index // SIZE, index % SIZE) for piece, index in path))


def witness(board: Bitboard, pieces: Sequence[Piece]) -> tuple[Step, ...] | None:
    """An order and placements that place all ``pieces``: ``((index, row, col), ...)``, or ``None``.

    ``index`` refers to the position in ``pieces``; steps are in placement order.
    With no pieces the witness is ``()`` (falsy: test the answer with ``is None``).

    >>> from game.engine.bitboard import from_rows
    >>> from game.engine.pieces import PIECES
    >>> witness(0, [PIECES["I2-h"], PIECES["I2-v"]])
    ((0, 0, 0), (1, 0, 2))
    >>> witness(from_rows(["########"] * 7 + ["####.###"]), [PIECES["mono"]]) is None
    False

    :raises InvalidBoardError: ``board`` is not an int in ``[0, 2**64)``.
    """
    pieces = list(pieces)
    found = solve(board, pieces)
    if found is None:
        return None
    free = list(range(len(pieces)))
    steps = []
    for piece, row, col in found.steps:
        index = next(i for i in free if pieces[i].id == piece.id)
        free.remove(index)
        steps.append((index, row, col))
    return tuple(steps)


def can_place_all(board: Bitboard, pieces: Sequence[Piece]) -> bool:
    """Whether all ``pieces`` can be placed on ``board`` in some order (clears between).

    >>> from game.engine.pieces import PIECES
    >>> can_place_all(0, [PIECES["O9"]] * 3), can_place_all(0, [PIECES["O9"]] * 5)
    (True, False)

    :raises InvalidBoardError: ``board`` is not an int in ``[0, 2**64)``.
    """
    return solve(board, pieces) is not None
