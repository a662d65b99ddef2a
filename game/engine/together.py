"""Can piece ``j`` join the pieces drawn so far? Exact answers on one board (RULES.md § The fair deal).

Each candidate is decided exactly, and quickly because of what a witness must
look like. Call a placement *clearing* when it completes a line. Then:

- **two pieces** fit together iff they have two disjoint placements on the
  board (either order then works), or a clearing placement of one leaves room
  for the other;
- **three pieces** fit together iff (W0) they have three pairwise disjoint
  placements; or (W1) a clearing placement of one leaves room for the other two
  (the two-piece test on the cleared board); or (W2) a non-clearing placement of
  one, then a placement of another that completes a line *through the first
  piece's cells*, leaves room for the third. Any other witness reorders into
  these: if its second placement clears nothing, the three are disjoint (W0);
  if the lines it completes miss the first piece, it completes them on the
  board as it is, so it can go first (W1).

Everything is bit-parallel on 64-bit ints (see :class:`~game.engine.tables.PieceTable`):
every piece's anchors once per board; after a non-clearing placement of ``x``
at ``a``, the anchors of ``y`` are the old ones minus ``(conflicts[x][y] << a) >> CONFLICT_BASE``;
clearing anchors come from the few lines with at most five empty cells; and two
pieces with more anchors than overlapping offsets have a disjoint pair without
any search. What depends only on pieces 1 and 2 is computed once per deal, when
first needed, and shared by every candidate. The quick test of a whole draw (a
free anchor beside the drawn pieces placed at a few fixed anchors) runs on every
piece at once, in the lanes of :func:`~game.engine.tables.packed_fitting`; only
the candidates it leaves out get the exact test.

>>> from game.engine.pieces import BASE_SET
>>> from game.engine.tables import piece_table
>>> table = piece_table(BASE_SET)
>>> o9 = [piece.id for piece in table.pieces].index("O9")
>>> together = Together(table, 0, fits_as_dealt=True)
>>> together.start_third(o9, o9)
>>> together.third_fits(o9)  # three 3x3 squares fit an empty board
True
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from itertools import compress
from typing import TypeAlias

from .bitboard import Bitboard, has_full_line
from .tables import (
    CONFLICT_BASE,
    LANE,
    MAX_REACH,
    NearLines,
    PieceTable,
    clear_lines,
    clearing_anchors,
    cover,
    disjoint,
    fitting,
    lanes,
    near_lines,
    nonempty_lanes,
    packed_fitting,
    room_after,
)

__all__ = ["Together"]

_ClearFirst: TypeAlias = tuple[Bitboard, NearLines, int, Bitboard, list[Bitboard]]  # see _prepare_clear_firsts
_Through: TypeAlias = tuple[int, int, Bitboard, Bitboard, Bitboard, int, bool]  # see _prepare_through
_FEW_FAILING = 3  # up to this many candidates left out by a quick test are found from their flags, one by one


def _clear_first(t: PieceTable, board: Bitboard, near: NearLines | None, x: int, ax: Bitboard, y: int) -> bool:
    """Whether a clearing placement of ``x`` (anchors ``ax``) leaves room for ``y``.

    ``near`` is ``None`` for a board with a full line: there every placement clears.
    """
    return room_after(t, board, x, ax if near is None else clearing_anchors(t, near, x, ax), y)


def _pair(t: PieceTable, board: Bitboard, x: int, y: int) -> bool:
    """Whether pieces ``x`` and ``y`` can both be placed on ``board`` (a board with no full line)."""
    ax, ay = fitting(t, board, x), fitting(t, board, y)
    if ax and ay and disjoint(t, x, y, ax, ay):
        return True
    if not (ax or ay):
        return False
    near = near_lines(board)
    return _clear_first(t, board, near, x, ax, y) or _clear_first(t, board, near, y, ay, x)


class Together:
    """One deal's board with what every candidate shares: anchors, lines, and the drawn pieces' work.

    :param fits_as_dealt: only pieces that fit the board may be drawn (dealer rule 1).
    :param count: the first ``count`` pieces of ``table`` may be drawn (default: all); the
        others only ever join as drawn pieces.
    :ivar candidates: the pieces (by index) that may be drawn at all, in order.
    """

    def __init__(self, table: PieceTable, board: Bitboard, fits_as_dealt: bool, count: int | None = None) -> None:
        self.t = table
        self.board = board
        self.count = len(table.pieces) if count is None else count
        self.packed = packed_fitting(table, board)  # every piece's anchors, in lanes
        self.anchors = lanes(table, self.packed).tolist()
        self.fits = list(compress(range(self.count), self.anchors))  # the drawable pieces with an anchor
        self.candidates = self.fits if fits_as_dealt else list(range(self.count))
        # bit 63 of each candidate's lane (see _passing):
        self._tops = nonempty_lanes(table, self.packed) if fits_as_dealt else table.tops
        if self.count < len(table.pieces):
            self._tops &= (1 << LANE * self.count) - 1
        self._clearing: dict[int, Bitboard] = {}
        self.first = self.second = -1
        self.pairs: tuple[tuple[int, int], ...] = ()  # see _pairs
        self._after_first: list[Bitboard] | None = None  # boards after piece 1's clearing placements
        self._clear_firsts: list[_ClearFirst] | None = None  # W1 work of pieces 1 and 2
        self._through: list[_Through] | None = None  # W2 lines through pieces 1 and 2
        self._through_boards: list[Bitboard] = []

    @cached_property
    def near(self) -> NearLines | None:
        """The board's :func:`~game.engine.tables.near_lines`; ``None`` with a full line (every placement clears)."""
        return None if has_full_line(self.board) else near_lines(self.board)

    def clearing(self, i: int) -> Bitboard:
        """Anchors of piece ``i`` on the board that complete a line (all of them if one is full)."""
        found = self._clearing.get(i)
        if found is None:
            found = self.anchors[i]
            if self.near is not None:
                found = clearing_anchors(self.t, self.near, i, found)
            self._clearing[i] = found
        return found

    # -- whole draws: a quick test on every piece at once, the exact test for the rest ----------

    def eligible(self, drawn: list[int]) -> list[int]:
        """The :attr:`candidates` that can be placed together with the ``drawn`` pieces (0, 1 or 2), in order;
        with none drawn, those that fit the board. The list may be one the object keeps: do not change it."""
        if not drawn:
            return self.fits
        if len(drawn) == 1:
            return self.seconds(drawn[0])
        return self.thirds(drawn[0], drawn[1])

    def seconds(self, first: int) -> list[int]:
        """The candidates that can be placed together with piece 1 (``first``), in order.

        Quick test: an anchor beside piece 1 at its first or at its last anchor.
        """
        self.start_second(first)
        a1 = self.anchors[first]
        if not a1:
            return [j for j in self.candidates if self.second_fits(j)]
        rows = self.t.overlap_rows[first]
        blocked = rows[(a1 & -a1).bit_length() - 1] & rows[a1.bit_length() - 1]
        return self._passing(self.packed & ~blocked, self.second_fits)

    def thirds(self, first: int, second: int) -> list[int]:
        """The candidates that can be placed together with pieces 1 and 2, in order.

        Quick test: an anchor beside pieces 1 and 2 at one of :attr:`pairs`.
        """
        self.start_third(first, second)
        if not self.pairs:
            return [j for j in self.candidates if self.third_fits(j)]
        rows1, rows2 = self.t.overlap_rows[first], self.t.overlap_rows[second]
        (low1, low2), (high1, high2) = self.pairs
        blocked = (rows1[low1] | rows2[low2]) & (rows1[high1] | rows2[high2])
        return self._passing(self.packed & ~blocked, self.third_fits)

    def _passing(self, free: int, exact: Callable[[int], bool]) -> list[int]:
        """The candidates with an anchor in their lane of ``free`` (the quick test), or else passing ``exact``."""
        failing = self._tops & ~nonempty_lanes(self.t, free)  # bit 63 of the candidates' empty lanes
        if not failing:
            return self.candidates
        if failing.bit_count() > _FEW_FAILING:  # cheaper to read every lane back than to walk the flags
            free_lanes = lanes(self.t, free)
            return [j for j in self.candidates if free_lanes[j] or exact(j)]
        passing = self.candidates.copy()
        while failing:
            top = failing & -failing
            failing ^= top
            j = top.bit_length() // LANE - 1
            if not exact(j):
                passing.remove(j)
        return passing

    # -- piece 2: fits together with piece 1 -------------------------------------------------

    def start_second(self, first: int) -> None:
        self.first = first
        self._after_first = None

    def second_fits(self, j: int) -> bool:
        """Whether piece ``j`` can be placed together with piece 1 (exact)."""
        t, i = self.t, self.first
        ai, aj = self.anchors[i], self.anchors[j]
        if ai and aj and disjoint(t, i, j, ai, aj):
            return True
        if self._after_first is None:
            self._after_first = self._clear_boards(i, self.clearing(i))
        for after in self._after_first:
            if fitting(t, after, j):
                return True
        return bool(aj) and room_after(t, self.board, j, self.clearing(j), i)

    def _clear_boards(self, i: int, clearing: Bitboard) -> list[Bitboard]:
        boards, mask = [], self.t.masks[i]
        while clearing:
            low = clearing & -clearing
            clearing ^= low
            boards.append(clear_lines(self.board | mask * low))
        return boards

    # -- piece 3: fits together with pieces 1 and 2 ------------------------------------------

    def start_third(self, first: int, second: int) -> None:
        self.first, self.second = first, second
        self._clear_firsts = self._through = None
        self.pairs = self._pairs()

    def _pairs(self) -> tuple[tuple[int, int], ...]:
        """Two disjoint placements of pieces 1 and 2 (as anchor indices), for the quick test: the
        first found from the top-left and from the bottom-right; ``()`` if they have none."""
        t, anchors = self.t, self.anchors
        a1, a2 = anchors[self.first], anchors[self.second]
        conflict = t.conflicts[self.first][self.second]
        rest = a1
        while rest:
            low = rest & -rest
            rest ^= low
            free = a2 & ~((conflict * low) >> CONFLICT_BASE)
            if free:
                break
        else:
            return ()
        pairs = [(low.bit_length() - 1, (free & -free).bit_length() - 1)]
        rest = a1
        while True:  # ends: the pair above is found again at the latest
            high = 1 << (rest.bit_length() - 1)
            rest ^= high
            free = a2 & ~((conflict * high) >> CONFLICT_BASE)
            if free:
                pairs.append((high.bit_length() - 1, free.bit_length() - 1))
                return tuple(pairs)

    def third_fits(self, j: int) -> bool:
        """Whether piece ``j`` can be placed together with pieces 1 and 2 (exact: W0, W1, W2)."""
        t, anchors = self.t, self.anchors
        aj = anchors[j]
        if aj and self._three_disjoint(j, aj):
            return True
        if self._clear_firsts is None:
            self._clear_firsts = self._prepare_clear_firsts()
        for entry in self._clear_firsts:
            if self._pair_after_clear(entry, j):
                return True
        if self._through is None:
            self._through = self._prepare_through()
        for after in self._through_boards:
            if fitting(t, after, j):
                return True
        if aj and self._third_first(j, aj):
            return True
        return self._third_second(j, self._through)

    def _three_disjoint(self, j: int, aj: Bitboard) -> bool:
        """W0: pairwise disjoint placements of pieces 1, 2 and ``j``."""
        t, i1, i2 = self.t, self.first, self.second
        a1, a2 = self.anchors[i1], self.anchors[i2]
        if not (a1 and a2):
            return False
        to1, to2 = t.conflicts[j][i1], t.conflicts[j][i2]
        rest = aj
        while rest:
            low = rest & -rest
            rest ^= low
            b1 = a1 & ~((to1 * low) >> CONFLICT_BASE)
            if b1:
                b2 = a2 & ~((to2 * low) >> CONFLICT_BASE)
                if b2 and disjoint(t, i1, i2, b1, b2):
                    return True
        return False

    def _prepare_clear_firsts(self) -> list[_ClearFirst]:
        """W1 for a drawn piece placed first: per clearing placement, the board and the other's options."""
        t, entries = self.t, list[_ClearFirst]()
        drawn = (self.first, self.second) if self.first != self.second else (self.first,)
        for f in drawn:
            g = self.second if f == self.first else self.first
            for after in self._clear_boards(f, self.clearing(f)):
                near = near_lines(after)
                ag = fitting(t, after, g)
                g_clear = clearing_anchors(t, near, g, ag)
                mask, follow = t.masks[g], []
                while g_clear:
                    low = g_clear & -g_clear
                    g_clear ^= low
                    follow.append(clear_lines(after | mask * low))
                entries.append((after, near, g, ag, follow))
        return entries

    def _pair_after_clear(self, entry: _ClearFirst, j: int) -> bool:
        after, near, g, ag, follow = entry
        t = self.t
        aj = fitting(t, after, j)
        if ag and aj and disjoint(t, g, j, ag, aj):
            return True
        for board in follow:
            if fitting(t, board, j):
                return True
        return bool(aj) and _clear_first(t, after, near, j, aj, g)

    def _prepare_through(self) -> list[_Through]:
        """W2 for a drawn piece placed first without a clear: the lines through it that another may complete.

        Returns the ``(f, g, low, board, empty cells, count, is_column)`` (``f`` placed
        at ``low`` on ``board``, ``g`` the other drawn piece); ``_through_boards`` the boards
        after ``g`` completes such a line (piece 3 then only has to fit).
        """
        t, anchors = self.t, self.anchors
        through, boards = list[_Through](), dict[Bitboard, None]()
        if self.near is not None:
            drawn = ((self.first, self.second), (self.second, self.first))
            for f, g in drawn[: 1 if self.first == self.second else 2]:
                to_g, ag, mask_g = t.conflicts[f][g], anchors[g], t.masks[g]
                reach_row, reach_col = t.row_reach[g], t.col_reach[g]
                rest = anchors[f] & ~self.clearing(f)
                while rest:
                    low = rest & -rest
                    rest ^= low
                    board, lines = self._lines_through(f, low)
                    for cells, count, is_column in lines:
                        through.append((f, g, low, board, cells, count, is_column))
                        if count <= (reach_col if is_column else reach_row):
                            spots = cover(t, g, ag & ~((to_g * low) >> CONFLICT_BASE), cells)
                            while spots:
                                spot = spots & -spots
                                spots ^= spot
                                boards[clear_lines(board | mask_g * spot)] = None
        self._through_boards = list(boards)
        return through

    def _lines_through(self, f: int, low: Bitboard) -> tuple[Bitboard, list[tuple[Bitboard, int, bool]]]:
        """Piece ``f`` placed at anchor bit ``low`` (a non-clearing placement): the board, and the
        lines through it one more placement might complete, ``[(empty cells, count, is_column), ...]``."""
        t = self.t
        board = self.board | t.masks[f] * low
        height, lines = t.heights[f], []
        for n, line in enumerate(t.lines_at[f][low.bit_length() - 1]):
            cells = line & ~board
            count = cells.bit_count()
            if count <= MAX_REACH:
                lines.append((cells, count, n >= height))
        return board, lines

    def _third_second(self, j: int, through: list[_Through]) -> bool:
        """W2, piece ``j`` second: it completes a line through drawn piece ``f``, then ``g`` fits."""
        t = self.t
        aj, conflicts = self.anchors[j], t.conflicts
        if not aj:
            return False
        reach_row, reach_col = t.row_reach[j], t.col_reach[j]
        for f, g, low, board, cells, count, is_column in through:
            if count > (reach_col if is_column else reach_row):
                continue
            spots = cover(t, j, aj & ~((conflicts[f][j] * low) >> CONFLICT_BASE), cells)
            if room_after(t, board, j, spots, g):
                return True
        return False

    def _third_first(self, j: int, aj: Bitboard) -> bool:
        """Piece ``j`` first: W1 if its placement clears, else W2 (a drawn piece completes a line through it)."""
        t, i1, i2 = self.t, self.first, self.second
        clearing = self.clearing(j)
        mask = t.masks[j]
        rest = clearing
        while rest:
            low = rest & -rest
            rest ^= low
            if _pair(t, clear_lines(self.board | mask * low), i1, i2):
                return True
        if self.near is None:
            return False
        anchors = self.anchors
        roles = ((i1, i2), (i2, i1)) if i1 != i2 else ((i1, i2),)
        rest = aj & ~clearing
        while rest:
            low = rest & -rest
            rest ^= low
            board, lines = self._lines_through(j, low)
            for cells, count, is_column in lines:
                for s, u in roles:
                    if count > (t.col_reach[s] if is_column else t.row_reach[s]):
                        continue
                    spots = cover(t, s, anchors[s] & ~((t.conflicts[j][s] * low) >> CONFLICT_BASE), cells)
                    if room_after(t, board, s, spots, u):
                        return True
        return False
