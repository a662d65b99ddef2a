"""Bit-parallel tables and primitives the fair deal's exact decisions are built from.

Per piece set a :class:`PieceTable` (anchor masks, cell masks, the offsets at
which two pieces overlap), :func:`clear_lines` (full lines found with shifts and
ANDs), :func:`near_lines` and :func:`clearing_anchors` (which placements complete
a line), :func:`fitting` and :func:`cover` (anchors of one piece, and those that
cover given cells). Used by :mod:`game.engine.deal`.

>>> from game.engine.pieces import BASE_SET
>>> table = piece_table(BASE_SET)
>>> bin(fitting(table, 0xFE, 0))  # the monomino fits only the one empty cell of row 0, and rows 1-7
'0b1111111111111111111111111111111111111111111111111111111100000001'
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeAlias

from .bitboard import COL_MASKS, FULL, ROW_MASKS, SIZE, Bitboard
from .pieces import Piece

__all__ = [
    "CONFLICT_BASE",
    "MAX_REACH",
    "NearLines",
    "PieceTable",
    "all_fitting",
    "clear_lines",
    "clearing_anchors",
    "cover",
    "fitting",
    "near_lines",
    "piece_table",
]

_COL_0 = COL_MASKS[0]
_ROW_0 = ROW_MASKS[0]

MAX_REACH = SIZE - 3
"""Most cells any piece covers in one row or column (5, the I5): a line with more
empty cells than this cannot be completed by one placement."""

CONFLICT_BASE = 64
"""Offset bias of a conflict mask (:attr:`PieceTable.conflicts`): bit ``d + CONFLICT_BASE``
stands for the anchor offset ``d`` (``-63 <= d <= 63``). So ``(conflicts[x][y] * low) >> CONFLICT_BASE``,
with ``low`` the single bit of ``x``'s anchor, is the mask of ``y``'s anchors that overlap ``x`` there."""

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
    :ivar conflicts: ``conflicts[x][y]``: bit ``d + CONFLICT_BASE`` set when ``y`` anchored ``d``
        after ``x``'s anchor overlaps ``x``; so ``(conflicts[x][y] << a) >> CONFLICT_BASE`` are
        the anchors of ``y`` that overlap ``x`` placed at ``a``.
    :ivar overlaps: ``overlaps[x][y]``: the number of such offsets ``d``.
    :ivar plan: how :func:`all_fitting` shares shifts between pieces (see :func:`_anchor_plan`).
    """

    __slots__ = (
        "pieces", "offsets", "anchor_masks", "masks", "reverse", "row_reach", "col_reach",
        "heights", "lines_at", "conflicts", "overlaps", "plan",
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
        self.plan = _anchor_plan(self.offsets)


def _anchor_plan(offsets: list[tuple[int, ...]]) -> tuple[tuple[int, int, tuple[int, ...]], ...]:
    """How :func:`all_fitting` builds every piece's blocked anchors from the others'.

    ``(piece, base, extra)`` in an order where ``base`` (a piece whose offsets are a
    subset of ``piece``'s, the largest such, or ``-1``) comes first: the blocked
    anchors of ``piece`` are ``base``'s OR ``board >> o`` for each ``o`` in ``extra``.
    """
    order = sorted(range(len(offsets)), key=lambda i: (len(offsets[i]), i))
    plan, done = [], []
    for i in order:
        own = set(offsets[i])
        base = max((j for j in done if own >= set(offsets[j])), key=lambda j: len(offsets[j]), default=-1)
        extra = tuple(sorted(own - set(offsets[base]))) if base >= 0 else tuple(sorted(own))
        plan.append((i, base, extra))
        done.append(i)
    return tuple(plan)


def _conflict(x: Piece, y: Piece) -> tuple[int, int]:
    """``(mask, count)`` of the anchor offsets ``d`` at which ``y`` overlaps ``x`` (see :class:`PieceTable`)."""
    key = (x.id, y.id)
    found = _CONFLICTS.get(key)
    if found is None:
        mask = 0
        for offset in y.offsets:  # x's cells shifted by -offset: bit (cx - offset + CONFLICT_BASE) per cell cx
            mask |= x.mask << (CONFLICT_BASE - offset)
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


def all_fitting(table: PieceTable, board: Bitboard) -> list[Bitboard]:
    """The anchors of every piece of ``table`` on ``board``: ``[fitting(table, board, i) for i ...]``,
    with the shifts shared between pieces (:attr:`PieceTable.plan`).

    >>> from game.engine.pieces import BASE_SET
    >>> table = piece_table(BASE_SET)
    >>> all_fitting(table, 0x0F0F) == [fitting(table, 0x0F0F, i) for i in range(35)]
    True
    """
    blocked = [0] * len(table.pieces)
    for i, base, extra in table.plan:
        mask = blocked[base] if base >= 0 else 0
        for offset in extra:
            mask |= board >> offset
        blocked[i] = mask
    return [anchor & ~mask for anchor, mask in zip(table.anchor_masks, blocked)]


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
