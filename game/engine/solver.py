"""Can these pieces all be placed? A witness finder for the fair deal (RULES.md § The fair deal).

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

The second half of the module holds the bit-parallel tables and primitives the
deal's exact decisions are built from (:mod:`game.engine.deal`): per piece set a
:class:`PieceTable` (anchor masks, cell masks, the offsets at which two pieces
overlap), :func:`clear_lines` (full lines found with shifts and ANDs),
:func:`near_lines` and :func:`clearing_anchors` (which placements complete a line).

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

from .bitboard import COL_MASKS, FULL, LINE_MASKS, ROW_MASKS, SIZE, Bitboard, has_full_line, validate_board
from .pieces import Piece

__all__ = [
    "MAX_REACH",
    "Memo",
    "PieceTable",
    "Solution",
    "Step",
    "can_place_all",
    "clear_lines",
    "clearing_anchors",
    "cover",
    "fitting",
    "near_lines",
    "piece_table",
    "solve",
    "witness",
]

Step: TypeAlias = tuple[int, int, int]
"""One placement of a witness: ``(index into the pieces given, row, col)``."""

Memo: TypeAlias = dict
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


def _search(
    board: Bitboard,
    rem: tuple[Piece, ...],
    ids: tuple[str, ...],
    memo: Memo,
    clean: bool,
) -> tuple[Bitboard, tuple[tuple[Piece, int], ...]] | None:
    """DFS core: ``rem`` sorted by id (``ids`` its ids); answer ``(final board, ((piece, anchor), ...))``."""
    key = (board, ids)
    found = memo.get(key, _MISSING)
    if found is not _MISSING:
        return found  # type: ignore[return-value]
    result = None
    if len(rem) == 1:
        piece = rem[0]
        blocked = 0
        for offset in piece.offsets:
            blocked |= board >> offset
        fitting = piece.anchor_mask & ~blocked
        if fitting:
            index = (fitting & -fitting).bit_length() - 1
            result = (_settle(board, piece, index, clean), ((piece, index),))
    else:
        fittings = []
        row_reach = col_reach = 0
        stuck = False
        for piece in rem:
            blocked = 0
            for offset in piece.offsets:
                blocked |= board >> offset
            fitting = piece.anchor_mask & ~blocked
            fittings.append(fitting)
            if fitting:
                row_reach += piece.row_reach
                col_reach += piece.col_reach
            else:
                stuck = True
        if stuck:
            row_gap, col_gap = _gaps(board)
            if row_reach < row_gap and col_reach < col_gap:
                memo[key] = None
                return None
        previous = None
        for i, piece in enumerate(rem):
            if ids[i] == previous:
                continue  # an identical piece was already tried first
            previous = ids[i]
            fitting = fittings[i]
            if not fitting:
                continue
            rest, rest_ids = rem[:i] + rem[i + 1:], ids[:i] + ids[i + 1:]
            while fitting:
                low = fitting & -fitting
                fitting ^= low
                index = low.bit_length() - 1
                sub = _search(_settle(board, piece, index, clean), rest, rest_ids, memo, True)
                if sub is not None:
                    result = (sub[0], ((piece, index),) + sub[1])
                    break
            if result is not None:
                break
    memo[key] = result
    return result


# ---------------------------------------------------------------------------
# Bit-parallel tables and primitives for exact decisions (used by the deal)
# ---------------------------------------------------------------------------

_COL_0 = COL_MASKS[0]
_ROW_0 = ROW_MASKS[0]

MAX_REACH = SIZE - 3
"""Most cells any piece covers in one row or column (5, the I5): a line with more
empty cells than this cannot be completed by one placement."""

_CONFLICT_BASE = 64
"""Offset bias of a conflict mask: bit ``d + 64`` stands for the anchor offset ``d`` (``-63 <= d <= 63``)."""

_CONFLICTS: dict[tuple[str, str], tuple[int, int]] = {}


def clear_lines(board: Bitboard) -> Bitboard:
    """The board with every full row and column cleared, found with shifts and ANDs.

    ``board & board >> 1``, then ``>> 2``, ``>> 4`` leaves bit ``8r`` set exactly
    when row ``r`` is full; ``>> 8``, ``>> 16``, ``>> 32`` does the same for the
    columns in bits ``0..7``. Multiplying spreads them back over their lines.

    >>> from game.engine.bitboard import from_rows
    >>> clear_lines(from_rows(["########"] + ["#......."] * 7)) == 0
    True
    >>> clear_lines(0b1111111) == 0b1111111
    True
    """
    rows = board & board >> 1
    rows &= rows >> 2
    rows &= rows >> 4
    rows &= _COL_0
    cols = board & board >> 8
    cols &= cols >> 16
    cols &= cols >> 32
    cols &= _ROW_0
    if rows or cols:
        return board & ~(rows * 0xFF | cols * _COL_0)
    return board


class PieceTable:
    """The distinct pieces of a set with their bit tables, indexed ``0 .. n-1`` in the set's order.

    :ivar pieces: each id once, first occurrence kept, in the set's order.
    :ivar offsets: per piece, the bit offsets of its cells.
    :ivar anchor_masks: per piece, the anchors where it stays on the board.
    :ivar masks: per piece, its cells with the anchor on ``(0, 0)``.
    :ivar reverse: per piece, ``sum(1 << (63 - offset))``: ``(reverse << e) >> 63`` is
        the set of anchors whose placement covers cell ``e``.
    :ivar row_reach: per piece, most of its cells in one row (``col_reach``: one column).
    :ivar lines_at: per piece, per anchor, the masks of the lines it touches (``Piece.lines_at``):
        its ``heights[i]`` rows first, then its columns.
    :ivar conflicts: ``conflicts[x][y]``: bit ``d + 64`` set when ``y`` anchored ``d``
        after ``x``'s anchor overlaps ``x``; so ``(conflicts[x][y] << a) >> 64`` are the
        anchors of ``y`` that overlap ``x`` placed at ``a``.
    :ivar overlaps: ``overlaps[x][y]``: the number of such offsets ``d``.
    """

    __slots__ = (
        "pieces", "offsets", "anchor_masks", "masks", "reverse", "row_reach", "col_reach",
        "heights", "lines_at", "conflicts", "overlaps",
    )

    def __init__(self, pieces: Sequence[Piece]) -> None:
        self.pieces = pieces = tuple(pieces)
        self.offsets = [piece.offsets for piece in pieces]
        self.anchor_masks = [piece.anchor_mask for piece in pieces]
        self.masks = [piece.mask for piece in pieces]
        self.reverse = [sum(1 << (63 - offset) for offset in piece.offsets) for piece in pieces]
        self.row_reach = [piece.row_reach for piece in pieces]
        self.col_reach = [piece.col_reach for piece in pieces]
        self.heights = [piece.height for piece in pieces]
        self.lines_at = [piece.lines_at for piece in pieces]
        pairs = [[_conflict(x, y) for y in pieces] for x in pieces]
        self.conflicts = [[mask for mask, _ in row] for row in pairs]
        self.overlaps = [[count for _, count in row] for row in pairs]


def _conflict(x: Piece, y: Piece) -> tuple[int, int]:
    """``(mask, count)`` of the anchor offsets ``d`` at which ``y`` overlaps ``x`` (see :class:`PieceTable`)."""
    key = (x.id, y.id)
    found = _CONFLICTS.get(key)
    if found is None:
        mask = 0
        for offset in y.offsets:  # x's cells shifted by -offset: bit (cx - offset + 64) for every cell cx
            mask |= x.mask << (_CONFLICT_BASE - offset)
        found = _CONFLICTS[key] = (mask, mask.bit_count())
    return found


_TABLES: dict[tuple[str, ...], PieceTable] = {}
_TABLES_BY_OBJECT: dict[int, tuple[tuple[Piece, ...], PieceTable]] = {}


def piece_table(pieces: Sequence[Piece]) -> PieceTable:
    """The :class:`PieceTable` of a piece set (each id once, in the set's order), built once per set.

    >>> from game.engine.pieces import BASE_SET
    >>> table = piece_table(BASE_SET + BASE_SET[:2])
    >>> len(table.pieces), table.pieces[1].id, table.overlaps[0][0]
    (35, 'I2-h', 1)
    """
    if type(pieces) is tuple:
        cached = _TABLES_BY_OBJECT.get(id(pieces))
        if cached is not None and cached[0] is pieces:
            return cached[1]
    first: dict[str, Piece] = {}
    for piece in pieces:
        first.setdefault(piece.id, piece)
    key = tuple(first)
    table = _TABLES.get(key)
    if table is None:
        table = _TABLES[key] = PieceTable(first.values())
    if type(pieces) is tuple and len(_TABLES_BY_OBJECT) < 256:
        _TABLES_BY_OBJECT[id(pieces)] = (pieces, table)  # holds the tuple, so its id is not reused
    return table


def fitting(table: PieceTable, board: Bitboard, i: int) -> Bitboard:
    """The anchors of piece ``i`` of ``table`` on ``board`` (as :func:`game.engine.board.anchors`)."""
    blocked = 0
    for offset in table.offsets[i]:
        blocked |= board >> offset
    return table.anchor_masks[i] & ~blocked


NearLines: TypeAlias = tuple[tuple[Bitboard, int, bool], ...]
"""Lines one placement might complete: ``((empty cells, how many, is_column), ...)``."""


def near_lines(board: Bitboard) -> NearLines:
    """The rows and columns of ``board`` with ``1 .. MAX_REACH`` empty cells.

    >>> from game.engine.bitboard import from_rows
    >>> [(bin(e), k, col) for e, k, col in near_lines(from_rows(["###.####"] + ["...#...."] * 7))]
    [('0b1000', 1, False), ('0b1000', 1, True)]
    """
    empty = ~board & FULL
    near = []
    for line in ROW_MASKS:
        cells = empty & line
        count = cells.bit_count()
        if count <= MAX_REACH:
            near.append((cells, count, False))
    for line in COL_MASKS:
        cells = empty & line
        count = cells.bit_count()
        if count <= MAX_REACH:
            near.append((cells, count, True))
    return tuple(near)


def cover(table: PieceTable, i: int, candidates: Bitboard, cells: Bitboard) -> Bitboard:
    """The anchors among ``candidates`` where piece ``i`` covers every one of ``cells``."""
    reverse = table.reverse[i]
    while cells and candidates:
        low = cells & -cells
        cells ^= low
        candidates &= (reverse * low) >> 63
    return candidates


def clearing_anchors(table: PieceTable, near: NearLines, i: int, candidates: Bitboard) -> Bitboard:
    """The anchors among ``candidates`` (fitting ones) where piece ``i`` completes a line.

    ``near`` is :func:`near_lines` of the board; the board must have no full line.
    """
    found = 0
    if not candidates:
        return found
    row_reach, col_reach = table.row_reach[i], table.col_reach[i]
    for cells, count, is_column in near:
        if count <= (col_reach if is_column else row_reach):
            found |= cover(table, i, candidates, cells)
    return found


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
