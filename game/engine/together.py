"""Can a candidate piece join the pieces drawn so far? Exact answers on one board (docs/rules.md § The fair deal).

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

Everything is bit-parallel on 64-bit ints (see :class:`~game.engine.tables.PieceTable`).
An *anchor* is a one-bit int ``1 << index`` (a placement of a piece); a set of them is
their OR, walked with :func:`~game.engine.bitboard.one_bits`. Every piece's anchors are
found once per board; after a non-clearing placement of ``piece`` at ``anchor``, the
anchors of ``other`` lose ``(conflicts[piece][other] * anchor) >> CONFLICT_BASE``;
clearing anchors come from the few lines with at most five empty cells; two pieces
with more anchors than overlapping offsets have a disjoint pair without any search
(:mod:`game.engine.pairs`, the two-piece test). What depends only on the drawn pieces
is computed once per deal, when first needed, and shared by every candidate. The
quick test of a whole draw (a free anchor beside the drawn pieces placed at a few
fixed anchors) runs on every piece at once, in the lanes of
:func:`~game.engine.tables.packed_fitting`; only the candidates it leaves out get the exact test.

>>> from game.engine.pieces import BASE_SET
>>> from game.engine.tables import piece_table
>>> table = piece_table(BASE_SET)
>>> o9 = [piece.id for piece in table.pieces].index("O9")
>>> together = Together(table, 0, fits_as_dealt=True)
>>> o9 in together.eligible([o9, o9])  # three 3x3 squares fit an empty board
True
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cached_property
from itertools import compress
from typing import NamedTuple

from .bitboard import Bitboard, has_full_line, one_bits
from .pairs import clear_first_fits, pair_fits, quick_pairs
from .tables import (
    CONFLICT_BASE,
    LANE,
    MAX_REACH,
    Line,
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

_FEW_FAILING = 3  # up to this many candidates left out by a quick test are found from their flags, one by one


class ClearedFirst(NamedTuple):
    """W1 work for one drawn piece placed first with a clear: what the other drawn piece can do after it."""

    board: Bitboard  #: the board after the clear
    near: NearLines  #: its near lines
    other: int  #: the other drawn piece
    other_anchors: Bitboard  #: its anchors on ``board``
    after_other: list[Bitboard]  #: the boards after each of its clearing placements there


class Through(NamedTuple):
    """W2 work: a drawn piece placed without a clear, and the lines through it one more placement may complete."""

    placed: int  #: the drawn piece placed first
    other: int  #: the other drawn piece
    anchor: Bitboard  #: where ``placed`` is
    board: Bitboard  #: the board with ``placed`` there
    lines: list[Line]  #: the lines through it with at most :data:`MAX_REACH` empty cells


class Together:
    """One deal's board with what every candidate shares: anchors, lines, and the drawn pieces' work.

    Ask :meth:`eligible` (or :meth:`seconds` / :meth:`thirds`) for the candidates that fit
    together with the drawn pieces. Pieces are indices into ``table.pieces``.

    .. warning:: The exact tests :meth:`_second_fits` and :meth:`_third_fits` answer for
       the drawn pieces that :meth:`_start_second` / :meth:`_start_third` set and for
       nothing else: call the start first, then the test, as :meth:`seconds` and
       :meth:`thirds` do. The work cached for one pair of drawn pieces is dropped by
       the next start.

    .. note:: Sets of anchors are walked with :func:`~game.engine.bitboard.one_bits`, except in
       the loops marked "inlined": there the same three lines are written out, because a
       generator in every loop made the deal about 8 % slower (``python -m tools.deal_bench``).

    :param fits_as_dealt: only pieces that fit the board may be drawn (dealer rule 1).
    :param count: the first ``count`` pieces of ``table`` may be drawn (default: all); the
        others only ever join as drawn pieces.
    :ivar candidates: the pieces that may be drawn at all, in order.
    """

    def __init__(self, table: PieceTable, board: Bitboard, fits_as_dealt: bool, count: int | None = None) -> None:
        self.table = table
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
        self.first: int | None = None  # the drawn pieces (set by _start_second / _start_third)
        self.second: int | None = None
        self.quick_pairs: tuple[tuple[int, int], ...] = ()  # see pairs.quick_pairs
        self._after_first: list[Bitboard] | None = None  # boards after the first's clearing placements
        self._cleared_firsts: list[ClearedFirst] | None = None  # W1 work of the drawn pieces
        self._through: list[Through] | None = None  # W2 lines through the drawn pieces
        self._through_boards: list[Bitboard] = []  # boards after the other drawn piece completes one of them

    @cached_property
    def near(self) -> NearLines | None:
        """The board's :func:`~game.engine.tables.near_lines`; ``None`` with a full line (every placement clears)."""
        return None if has_full_line(self.board) else near_lines(self.board)

    def clearing(self, piece: int) -> Bitboard:
        """Anchors of ``piece`` on the board that complete a line (all of them if one is full)."""
        found = self._clearing.get(piece)
        if found is None:
            found = self.anchors[piece]
            if self.near is not None:
                found = clearing_anchors(self.table, self.near, piece, found)
            self._clearing[piece] = found
        return found

    def _clear_boards(self, piece: int, clearing: Bitboard) -> list[Bitboard]:
        """The boards after ``piece`` is placed at each of the anchors ``clearing`` (lines cleared)."""
        if not clearing:  # the common case, without making a generator
            return []
        mask = self.table.masks[piece]
        return [clear_lines(self.board | mask * anchor) for anchor in one_bits(clearing)]

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
        """The candidates that can be placed together with the drawn piece ``first``, in order.

        Quick test: an anchor beside ``first`` at its first or at its last anchor.
        """
        self._start_second(first)
        first_anchors = self.anchors[first]
        if not first_anchors:
            return [candidate for candidate in self.candidates if self._second_fits(candidate)]
        rows = self.table.overlap_rows[first]
        blocked = rows[(first_anchors & -first_anchors).bit_length() - 1] & rows[first_anchors.bit_length() - 1]
        return self._passing(self.packed & ~blocked, self._second_fits)

    def thirds(self, first: int, second: int) -> list[int]:
        """The candidates that can be placed together with the drawn pieces ``first`` and ``second``, in order.

        Quick test: an anchor beside both at one of :attr:`quick_pairs`.
        """
        self._start_third(first, second)
        if not self.quick_pairs:
            return [candidate for candidate in self.candidates if self._third_fits(candidate)]
        first_rows, second_rows = self.table.overlap_rows[first], self.table.overlap_rows[second]
        low, high = self.quick_pairs  # each (first's anchor index, second's)
        blocked = (first_rows[low[0]] | second_rows[low[1]]) & (first_rows[high[0]] | second_rows[high[1]])
        return self._passing(self.packed & ~blocked, self._third_fits)

    def _passing(self, free: int, exact: Callable[[int], bool]) -> list[int]:
        """The candidates with an anchor in their lane of ``free`` (the quick test), or else passing ``exact``."""
        failing = self._tops & ~nonempty_lanes(self.table, free)  # bit 63 of the candidates' empty lanes
        if not failing:
            return self.candidates
        if failing.bit_count() > _FEW_FAILING:  # cheaper to read every lane back than to walk the flags
            free_lanes = lanes(self.table, free)
            return [candidate for candidate in self.candidates if free_lanes[candidate] or exact(candidate)]
        passing = self.candidates.copy()
        for flag in one_bits(failing):
            candidate = flag.bit_length() // LANE - 1
            if not exact(candidate):
                passing.remove(candidate)
        return passing

    # -- the second piece: fits together with the first ----------------------------------------

    def _start_second(self, first: int) -> None:
        """Make ``first`` the drawn piece :meth:`_second_fits` answers for (dropping the last one's work)."""
        self.first, self.second = first, None
        self._after_first = None

    def _second_fits(self, candidate: int) -> bool:
        """Whether ``candidate`` can be placed together with the drawn piece (exact; after :meth:`_start_second`)."""
        table, first = self.table, self.first
        assert first is not None, "_start_second sets the drawn piece first"
        first_anchors, candidate_anchors = self.anchors[first], self.anchors[candidate]
        if first_anchors and candidate_anchors and disjoint(table, first, candidate, first_anchors, candidate_anchors):
            return True
        if self._after_first is None:
            self._after_first = self._clear_boards(first, self.clearing(first))
        for after in self._after_first:
            if fitting(table, after, candidate):
                return True
        return bool(candidate_anchors) and room_after(table, self.board, candidate, self.clearing(candidate), first)

    # -- the third piece: fits together with the first two -------------------------------------

    def _start_third(self, first: int, second: int) -> None:
        """Make ``first`` and ``second`` the drawn pieces :meth:`_third_fits` answers for (dropping the last work)."""
        self.first, self.second = first, second
        self._cleared_firsts = self._through = None
        anchors, conflicts = self.anchors, self.table.conflicts
        self.quick_pairs = quick_pairs(anchors[first], anchors[second], conflicts[first][second])

    def _drawn_orders(self) -> tuple[tuple[int, int], ...]:
        """The drawn pieces as (placed first, the other): both orders, or one when they are the same piece."""
        first, second = self.first, self.second
        assert first is not None and second is not None, "_start_third sets both drawn pieces first"
        return ((first, second), (second, first)) if first != second else ((first, second),)

    def _third_fits(self, candidate: int) -> bool:
        """Whether ``candidate`` can be placed together with the two drawn pieces (exact: W0, W1, W2;
        after :meth:`_start_third`)."""
        candidate_anchors = self.anchors[candidate]
        if candidate_anchors and self._three_disjoint(candidate, candidate_anchors):
            return True
        if self._cleared_firsts is None:
            self._cleared_firsts = self._prepare_cleared_firsts()
        for cleared in self._cleared_firsts:
            if self._pair_after_clear(cleared, candidate):
                return True
        if self._through is None:
            self._prepare_through()
        for after in self._through_boards:
            if fitting(self.table, after, candidate):
                return True
        if candidate_anchors and self._candidate_first(candidate, candidate_anchors):
            return True
        return self._candidate_second(candidate)

    def _three_disjoint(self, candidate: int, candidate_anchors: Bitboard) -> bool:
        """W0: pairwise disjoint placements of the two drawn pieces and ``candidate``."""
        table, first, second = self.table, self.first, self.second
        assert first is not None and second is not None, "_start_third sets both drawn pieces first"
        first_anchors, second_anchors = self.anchors[first], self.anchors[second]
        if not (first_anchors and second_anchors):
            return False
        to_first, to_second = table.conflicts[candidate][first], table.conflicts[candidate][second]
        rest = candidate_anchors
        while rest:  # one_bits, inlined (hot: see Together)
            anchor = rest & -rest
            rest ^= anchor
            first_free = first_anchors & ~((to_first * anchor) >> CONFLICT_BASE)
            if first_free:
                second_free = second_anchors & ~((to_second * anchor) >> CONFLICT_BASE)
                if second_free and disjoint(table, first, second, first_free, second_free):
                    return True
        return False

    def _prepare_cleared_firsts(self) -> list[ClearedFirst]:
        """W1 for a drawn piece placed first: per clearing placement, the board and the other's options."""
        table, work = self.table, []
        for placed, other in self._drawn_orders():
            other_mask = table.masks[other]
            for after in self._clear_boards(placed, self.clearing(placed)):
                near = near_lines(after)
                other_anchors = fitting(table, after, other)
                other_clearing = clearing_anchors(table, near, other, other_anchors)
                after_other = [clear_lines(after | other_mask * anchor) for anchor in one_bits(other_clearing)]
                work.append(ClearedFirst(after, near, other, other_anchors, after_other))
        return work

    def _pair_after_clear(self, cleared: ClearedFirst, candidate: int) -> bool:
        """W1, a drawn piece placed first with a clear: the other drawn piece and ``candidate`` fit after it."""
        table = self.table
        board, near, other, other_anchors, after_other = cleared
        candidate_anchors = fitting(table, board, candidate)
        if other_anchors and candidate_anchors and disjoint(table, other, candidate, other_anchors, candidate_anchors):
            return True
        for after in after_other:
            if fitting(table, after, candidate):
                return True
        return bool(candidate_anchors) and clear_first_fits(table, board, near, candidate, candidate_anchors, other)

    def _prepare_through(self) -> None:
        """W2 for a drawn piece placed first without a clear: :attr:`_through`, the lines through it that
        another placement may complete, and :attr:`_through_boards`, the boards after the other drawn
        piece completes one (the candidate then only has to fit)."""
        table, anchors = self.table, self.anchors
        through: list[Through] = []
        boards: dict[Bitboard, None] = {}  # an ordered set: the boards in the order found
        if self.near is not None:
            for placed, other in self._drawn_orders():
                to_other, other_mask = table.conflicts[placed][other], table.masks[other]
                row_reach, col_reach = table.row_reach[other], table.col_reach[other]
                rest = anchors[placed] & ~self.clearing(placed)
                while rest:  # one_bits, inlined (hot: see Together)
                    anchor = rest & -rest
                    rest ^= anchor
                    board, lines = self._lines_through(placed, anchor)
                    if not lines:
                        continue
                    through.append(Through(placed, other, anchor, board, lines))
                    free = anchors[other] & ~((to_other * anchor) >> CONFLICT_BASE)
                    for empty, count, is_column in lines:
                        if count <= (col_reach if is_column else row_reach):
                            spots = cover(table, other, free, empty)
                            while spots:  # one_bits, inlined (hot: see Together)
                                spot = spots & -spots
                                spots ^= spot
                                boards[clear_lines(board | other_mask * spot)] = None
        self._through = through
        self._through_boards = list(boards)

    def _lines_through(self, piece: int, anchor: Bitboard) -> tuple[Bitboard, list[Line]]:
        """``piece`` placed at ``anchor`` (a non-clearing placement): the board, and the lines through
        it that one more placement might complete."""
        table = self.table
        board = self.board | table.masks[piece] * anchor
        height, lines = table.heights[piece], []
        for number, line in enumerate(table.lines_at[piece][anchor.bit_length() - 1]):
            empty = line & ~board
            count = empty.bit_count()
            if count <= MAX_REACH:
                lines.append((empty, count, number >= height))  # its rows first, then its columns
        return board, lines

    def _candidate_second(self, candidate: int) -> bool:
        """W2, ``candidate`` second: it completes a line through the drawn piece placed first, then the other fits."""
        table = self.table
        candidate_anchors = self.anchors[candidate]
        if not candidate_anchors:
            return False
        row_reach, col_reach, conflicts = table.row_reach[candidate], table.col_reach[candidate], table.conflicts
        assert self._through is not None, "_third_fits runs _prepare_through first"
        for placed, other, anchor, board, lines in self._through:
            free = None
            for empty, count, is_column in lines:
                if count > (col_reach if is_column else row_reach):
                    continue
                if free is None:
                    free = candidate_anchors & ~((conflicts[placed][candidate] * anchor) >> CONFLICT_BASE)
                if room_after(table, board, candidate, cover(table, candidate, free, empty), other):
                    return True
        return False

    def _candidate_first(self, candidate: int, candidate_anchors: Bitboard) -> bool:
        """``candidate`` first: W1 if its placement clears, else W2 (a drawn piece completes a line through it)."""
        table, first, second = self.table, self.first, self.second
        assert first is not None and second is not None, "_start_third sets both drawn pieces first"
        clearing = self.clearing(candidate)
        for after in self._clear_boards(candidate, clearing):
            if pair_fits(table, after, first, second):
                return True
        if self.near is None:
            return False
        anchors, to_drawn = self.anchors, table.conflicts[candidate]
        orders = self._drawn_orders()  # (the drawn piece completing a line through the candidate, the last)
        rest = candidate_anchors & ~clearing
        while rest:  # one_bits, inlined (hot: see Together)
            anchor = rest & -rest
            rest ^= anchor
            board, lines = self._lines_through(candidate, anchor)
            for empty, count, is_column in lines:
                for completing, last in orders:
                    if count > (table.col_reach[completing] if is_column else table.row_reach[completing]):
                        continue
                    free = anchors[completing] & ~((to_drawn[completing] * anchor) >> CONFLICT_BASE)
                    if room_after(table, board, completing, cover(table, completing, free, empty), last):
                        return True
        return False
