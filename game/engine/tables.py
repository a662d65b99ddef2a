"""Bit-parallel tables and primitives the fair deal's exact decisions are built from.

Per piece set a :class:`PieceTable` (anchor masks, cell masks, the offsets at
which two pieces overlap), :func:`clear_lines` (full lines found with shifts and
ANDs), :func:`near_lines` and :func:`clearing_anchors` (which placements complete
a line), :func:`fitting` and :func:`cover` (anchors of one piece, and those that
cover given cells), :func:`disjoint` and :func:`room_after` (two pieces side by
side, or one after the other's placement). Used by :mod:`game.engine.together`.

What concerns every piece of the set at once is computed on **lanes**: one int
holding a 64-bit board per piece, piece ``i`` in bits ``64 i .. 64 i + 63``
(:func:`packed_fitting`, :attr:`PieceTable.overlap_rows`; :func:`lanes` reads them back,
:func:`nonempty_lanes` flags the lanes that are not empty). One shift or AND of
that int does the work of one per piece.

>>> from game.engine.pieces import BASE_SET
>>> table = piece_table(BASE_SET)
>>> bin(fitting(table, 0xFE, 0))  # the monomino fits only the one empty cell of row 0, and rows 1-7
'0b1111111111111111111111111111111111111111111111111111111100000001'
"""

from __future__ import annotations

import sys
from array import array
from collections.abc import Sequence
from typing import TypeAlias

from .bitboard import CELLS, COL_MASKS, FULL, ROW_MASKS, SIZE, Bitboard
from .pieces import Piece

__all__ = [
    "CONFLICT_BASE",
    "LANE",
    "MAX_REACH",
    "Line",
    "NearLines",
    "PieceTable",
    "clear_lines",
    "clearing_anchors",
    "cover",
    "disjoint",
    "fitting",
    "lanes",
    "near_lines",
    "nonempty_lanes",
    "packed_fitting",
    "piece_table",
    "room_after",
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

LANE = 64
"""Bits per piece in a lanes int: piece ``i``'s board is ``(lanes >> LANE * i) & FULL``."""

_CONFLICTS: dict[tuple[str, str], tuple[int, int]] = {}
_BIG_ENDIAN = sys.byteorder == "big"


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
    :ivar spread: one bit per lane: ``board * spread`` copies ``board`` into every lane.
    :ivar tops: bit 63 of every lane (``spread << 63``); ``rests`` bits 0..62 of every lane.
    :ivar offset_lanes: ``((offset, lanes), ...)`` per cell offset of any piece, ``lanes`` all
        ones in the lanes of the pieces with a cell there (see :func:`packed_fitting`).
    :ivar packed_anchor_masks: :attr:`anchor_masks` in lanes.
    :ivar overlap_rows: ``overlap_rows[x][a]``, in lanes, per piece ``y``: the anchors of ``y`` that
        overlap piece ``x`` placed at anchor ``a`` (lane ``y`` is ``(conflicts[x][y] << a) >> CONFLICT_BASE``
        cut to 64 bits). So ``packed & ~overlap_rows[x][a]``, with ``packed`` the :func:`packed_fitting`
        of a board, holds each piece's anchors beside ``x`` there.
    """

    __slots__ = (
        "anchor_masks",
        "col_reach",
        "conflicts",
        "heights",
        "lines_at",
        "masks",
        "offset_lanes",
        "offsets",
        "overlap_rows",
        "overlaps",
        "packed_anchor_masks",
        "pieces",
        "rests",
        "reverse",
        "row_reach",
        "spread",
        "tops",
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
        self.spread = _packed([1] * len(pieces))
        self.tops = self.spread << (LANE - 1)
        self.rests = self.tops - self.spread
        self.offset_lanes = tuple(
            (offset, _packed([FULL if offset in own else 0 for own in self.offsets]))
            for offset in sorted({offset for own in self.offsets for offset in own})
        )
        self.packed_anchor_masks = _packed(self.anchor_masks)
        self.overlap_rows = _overlap_rows(self.conflicts, self.spread)


def _packed(boards: Sequence[Bitboard]) -> int:
    """``boards`` (64-bit each) in lanes: ``boards[i]`` in lane ``i`` (the inverse of :func:`lanes`)."""
    found = array("Q", boards)
    if _BIG_ENDIAN:
        found.byteswap()
    return int.from_bytes(found.tobytes(), "little")


def _overlap_rows(conflicts: list[list[int]], spread: int) -> list[list[int]]:
    """:attr:`PieceTable.overlap_rows`: per piece ``x`` and anchor ``a``, the lanes of
    ``(conflicts[x][y] << a) >> CONFLICT_BASE`` cut to 64 bits.

    ``conflicts[x]`` goes into lanes cut in two: ``ahead``, lane ``y`` the offsets ``d >= 0``
    (bit ``d``), shifted up by ``a`` within each lane; ``behind``, the others (bit
    ``d + CONFLICT_BASE``), shifted by ``a`` into the lane above and back.

    >>> from game.engine.pieces import BASE_SET
    >>> table = piece_table(BASE_SET)
    >>> bin(lanes(table, table.overlap_rows[0][9])[1])  # I2-h overlaps the monomino on (1, 1) from (1, 0), (1, 1)
    '0b1100000000'
    """
    belows = [spread * ((1 << anchor) - 1) for anchor in range(CELLS)]  # in every lane, the bits below the anchor
    splits = [(anchor, spread * FULL ^ below, below) for anchor, below in enumerate(belows)]
    rows = []
    for row in conflicts:
        ahead, behind = _packed([mask >> CONFLICT_BASE for mask in row]), _packed([mask & FULL for mask in row])
        rows.append([(ahead << anchor) & above | (behind << anchor) >> LANE & below for anchor, above, below in splits])
    return rows


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
        table = _TABLES[key] = PieceTable(tuple(first.values()))
    if type(pieces) is tuple and len(_TABLES_BY_OBJECT) < 256:
        _TABLES_BY_OBJECT[id(pieces)] = (pieces, table)  # holds the tuple, so its id is not reused
    return table


def lanes(table: PieceTable, packed: int) -> array[int]:
    """The lanes of ``packed``, by piece: ``lanes(table, packed)[i] == (packed >> LANE * i) & FULL``.

    >>> from game.engine.pieces import BASE_SET
    >>> list(lanes(piece_table(BASE_SET), 5 | 7 << LANE * 34)[::17])
    [5, 0, 7]
    """
    found = array("Q", packed.to_bytes(len(table.pieces) * LANE // 8, "little"))
    if _BIG_ENDIAN:
        found.byteswap()
    return found


def nonempty_lanes(table: PieceTable, packed: int) -> int:
    """Bit 63 of every lane of ``packed`` that is not empty, and no other bit.

    Adding bits 0..62 of every lane to a lane's own bits 0..62 carries into its bit 63
    exactly when those are not all zero, and never beyond the lane.

    >>> from game.engine.pieces import BASE_SET
    >>> table = piece_table(BASE_SET)
    >>> nonempty_lanes(table, 5 | 1 << LANE + 63 | 7 << LANE * 34) == (1 << 63 | 1 << LANE + 63 | 1 << LANE * 34 + 63)
    True
    """
    return (packed | (packed & table.rests) + table.rests) & table.tops


def packed_fitting(table: PieceTable, board: Bitboard) -> int:
    """The anchors of every piece of ``table`` on ``board``, in lanes: lane ``i`` is ``fitting(table, board, i)``.

    A copy of ``board`` in every lane, then per cell offset ``o`` of any piece one shift
    ``>> o`` kept only in the lanes of the pieces with a cell at ``o``: their blocked
    anchors. (The shift also brings the next lane's low bits into the top ``o`` bits of
    a lane: anchors where a cell at ``o`` would leave the board, never in the anchor mask.)

    >>> from game.engine.pieces import BASE_SET
    >>> table = piece_table(BASE_SET)
    >>> list(lanes(table, packed_fitting(table, 0x0F0F))) == [fitting(table, 0x0F0F, i) for i in range(35)]
    True
    """
    copies = board * table.spread
    blocked = 0
    for offset, pieces in table.offset_lanes:
        blocked |= (copies >> offset) & pieces
    return table.packed_anchor_masks & ~blocked


def fitting(table: PieceTable, board: Bitboard, i: int) -> Bitboard:
    """The anchors of piece ``i`` of ``table`` on ``board`` (as :func:`game.engine.board.anchors`)."""
    blocked = 0
    for offset in table.offsets[i]:
        blocked |= board >> offset
    return table.anchor_masks[i] & ~blocked


def disjoint(table: PieceTable, x: int, y: int, ax: Bitboard, ay: Bitboard) -> bool:
    """Whether some anchor of ``x`` in ``ax`` and some of ``y`` in ``ay`` (both non-empty) do not overlap."""
    conflict = table.conflicts[x][y]
    low = ax & -ax
    if ay & ~((conflict * low) >> CONFLICT_BASE):
        return True
    overlaps = table.overlaps[x][y]
    count_x, count_y = ax.bit_count(), ay.bit_count()
    if count_x > overlaps or count_y > overlaps:
        return True  # more anchors than overlapping offsets: one of them is free
    if count_x <= count_y:
        rest, other = ax ^ low, ay
    else:
        conflict, rest, other = table.conflicts[y][x], ay, ax
    while rest:
        low = rest & -rest
        rest ^= low
        if other & ~((conflict * low) >> CONFLICT_BASE):
            return True
    return False


def room_after(table: PieceTable, board: Bitboard, x: int, spots: Bitboard, y: int) -> bool:
    """Whether placing ``x`` at one of the anchor bits ``spots``, lines cleared, leaves room for ``y``."""
    mask = table.masks[x]
    while spots:
        low = spots & -spots
        spots ^= low
        if fitting(table, clear_lines(board | mask * low), y):
            return True
    return False


Line: TypeAlias = tuple[Bitboard, int, bool]
"""A row or column one placement might complete: ``(empty cells, how many, is_column)``
(a plain tuple: millions are made; unpack it into those names)."""

NearLines: TypeAlias = tuple[Line, ...]
"""The lines one placement might complete on a board (:func:`near_lines`)."""


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
