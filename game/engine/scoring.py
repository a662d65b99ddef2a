"""Points per move and the combo (docs/rules.md § Scoring), as interchangeable strategies.

:class:`ClassicScoring` is the default rule (Classic, Daily, Challenge);
:class:`PracticeScoring` is the peer game's rule used by Practice. Both answer
``score(squares, lines, board_empty, combo) -> (MoveResult, Combo)``; the
numbers are the strategy's fields, set by the game's ruleset
(:data:`game.engine.rulesets.RULESETS`, one per rules version), so a variant is
another instance or subclass, never an ``if mode == ...``.

Classic, per move::

    10 × squares
    + (n = 1: 100 × combo;  n ≥ 2: 100 × n × (n − 1) × combo)   if n ≥ 1 lines completed
    + 3,000                                                        if the board is left empty

Combo state ``(combo, moves_left)``: a clearing move does ``combo += 1`` (its
line points use the new combo) and ``moves_left = 3``; a move without a clear
while ``combo > 0`` does ``moves_left -= 1`` and resets ``combo`` to 0 when
``moves_left`` reaches 0.

>>> result, combo = ClassicScoring(10, 100, 3_000, 3).score(4, 2, False, Combo(2, 1))
>>> result.points, result.line_points, combo
(640, 600, Combo(combo=3, moves_left=3))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from .board import Placement

__all__ = [
    "COMBO_MOVES",
    "EMPTY_BOARD_BONUS",
    "LINE_POINTS",
    "POINTS_PER_SQUARE",
    "PRACTICE_POINTS_PER_LINE",
    "PRACTICE_POINTS_PER_SQUARE",
    "ClassicScoring",
    "Combo",
    "MoveResult",
    "PracticeScoring",
    "Scoring",
]

POINTS_PER_SQUARE = 10
"""Classic, rules version 1: points per cell of the placed piece."""

LINE_POINTS = 100
"""Classic, rules version 1: the line points unit, ``LINE_POINTS × combo`` for one line,
``LINE_POINTS × n × (n − 1) × combo`` for n ≥ 2 lines."""

EMPTY_BOARD_BONUS = 3_000
"""Classic, rules version 1: bonus for a move that leaves the board completely empty (not multiplied)."""

COMBO_MOVES = 3
"""Rules version 1: moves without a clear a combo survives (the combo window): a clear sets ``moves_left`` to this."""

PRACTICE_POINTS_PER_SQUARE = 1
"""Practice, rules version 1: points per cell of the placed piece."""

PRACTICE_POINTS_PER_LINE = 10
"""Practice, rules version 1: points per line completed (no combo, no bonus)."""


@dataclass(frozen=True)
class Combo:
    """The combo state carried from move to move, across hands and Continues.

    :ivar combo: the current multiplier (0 = no combo running).
    :ivar moves_left: moves without a clear before the combo runs out, ``0..3`` (the COMBO pill dots).
    """

    combo: int = 0
    moves_left: int = 0


@dataclass(frozen=True)
class MoveResult:
    """What one placement scored: docs/api.md ``MoveResult``, field for field.

    :ivar squares: cells of the placed piece.
    :ivar lines: rows + columns completed.
    :ivar rows: rows cleared, ascending.
    :ivar cols: columns cleared, ascending.
    :ivar combo: the game's combo after the move (0 once it ran out; always 0 in Practice).
    :ivar line_points: the line score (Practice: 10 × lines).
    :ivar clear_bonus: 3,000 or 0 (always 0 in Practice).
    :ivar points: placement points + ``line_points`` + ``clear_bonus``, the score's rise.
    """

    squares: int
    lines: int
    rows: tuple[int, ...]
    cols: tuple[int, ...]
    combo: int
    line_points: int
    clear_bonus: int
    points: int


def _check_lines(lines: int, rows: tuple[int, ...], cols: tuple[int, ...]) -> None:
    if (rows or cols) and len(rows) + len(cols) != lines:
        raise ValueError(f"lines={lines!r} but rows={rows!r} and cols={cols!r} were cleared")


@dataclass(frozen=True)
class Scoring:
    """A scoring strategy; subclasses hold their numbers as fields (a ruleset sets them) and override :meth:`score`.

    Instances are frozen values (equal when their numbers are), so they can sit in frozen rules.
    """

    name: ClassVar[str] = "base"

    def score(
        self,
        squares: int,
        lines: int,
        board_empty: bool,
        combo: Combo,
        rows: tuple[int, ...] = (),
        cols: tuple[int, ...] = (),
    ) -> tuple[MoveResult, Combo]:
        """Points of one move and the combo after it.

        :param squares: cells of the placed piece.
        :param lines: rows + columns the move completed.
        :param board_empty: whether the move left the board empty.
        :param combo: the combo before the move.
        :param rows: cleared rows (copied into the result; optional).
        :param cols: cleared columns (copied into the result; optional).
        :returns: ``(MoveResult, Combo after the move)``.
        :raises ValueError: ``rows``/``cols`` given but not ``lines`` in total.
        """
        raise NotImplementedError

    def score_placement(self, placement: Placement, combo: Combo) -> tuple[MoveResult, Combo]:
        """:meth:`score` for a :class:`~game.engine.board.Placement` (rows/cols filled in).

        >>> from game.engine.board import Placement
        >>> ClassicScoring(10, 100, 3_000, 3).score_placement(Placement(0, (3,), (3,), 1), Combo())[0].points
        3210
        """
        return self.score(
            placement.squares, placement.lines, placement.board_empty, combo, placement.rows, placement.cols
        )


@dataclass(frozen=True)
class ClassicScoring(Scoring):
    """docs/rules.md § Scoring (default rules): squares, combo-multiplied lines, empty-board bonus.

    :ivar points_per_square: points per cell of the placed piece.
    :ivar line_points_unit: ``unit × combo`` for one line, ``unit × n × (n − 1) × combo`` for n ≥ 2.
    :ivar empty_board_bonus: bonus for a move that leaves the board empty (not multiplied).
    :ivar combo_moves: moves without a clear a combo survives.

    >>> scoring = ClassicScoring(POINTS_PER_SQUARE, LINE_POINTS, EMPTY_BOARD_BONUS, COMBO_MOVES)
    >>> scoring.score(3, 1, False, Combo())[0].points  # worked example 2
    130
    >>> scoring.score(1, 2, True, Combo())[0].points   # worked example 5
    3210
    """

    name: ClassVar[str] = "classic"
    points_per_square: int
    line_points_unit: int
    empty_board_bonus: int
    combo_moves: int

    def line_points(self, lines: int, combo: int) -> int:
        """Line points for ``lines`` completed at multiplier ``combo`` (the new combo).

        >>> [ClassicScoring(10, 100, 3_000, 3).line_points(n, 1) for n in range(7)]
        [0, 100, 200, 600, 1200, 2000, 3000]
        """
        if lines <= 0:
            return 0
        if lines == 1:
            return self.line_points_unit * combo
        return self.line_points_unit * lines * (lines - 1) * combo

    def next_combo(self, lines: int, combo: Combo) -> Combo:
        """The combo after a move that completed ``lines`` lines.

        >>> scoring = ClassicScoring(10, 100, 3_000, 3)
        >>> scoring.next_combo(1, Combo()), scoring.next_combo(0, Combo(1, 1))
        (Combo(combo=1, moves_left=3), Combo(combo=0, moves_left=0))
        """
        if lines > 0:
            return Combo(combo.combo + 1, self.combo_moves)
        if combo.combo > 0:
            moves_left = combo.moves_left - 1
            return Combo(combo.combo, moves_left) if moves_left > 0 else Combo()
        return combo

    def score(
        self,
        squares: int,
        lines: int,
        board_empty: bool,
        combo: Combo,
        rows: tuple[int, ...] = (),
        cols: tuple[int, ...] = (),
    ) -> tuple[MoveResult, Combo]:
        _check_lines(lines, rows, cols)
        after = self.next_combo(lines, combo)
        line_points = self.line_points(lines, after.combo)
        clear_bonus = self.empty_board_bonus if board_empty else 0
        points = self.points_per_square * squares + line_points + clear_bonus
        result = MoveResult(squares, lines, tuple(rows), tuple(cols), after.combo, line_points, clear_bonus, points)
        return result, after

    score.__doc__ = Scoring.score.__doc__


@dataclass(frozen=True)
class PracticeScoring(Scoring):
    """docs/rules.md § Scoring, Practice rules: ``1 × squares + 10 × lines``; no combo, no bonus.

    The combo stays ``Combo(0, 0)`` and every result has ``combo == 0`` and ``clear_bonus == 0``.

    :ivar points_per_square: points per cell of the placed piece.
    :ivar points_per_line: points per line completed.

    >>> scoring = PracticeScoring(PRACTICE_POINTS_PER_SQUARE, PRACTICE_POINTS_PER_LINE)
    >>> result, combo = scoring.score(1, 2, True, Combo())  # worked example 5
    >>> result.points, result.clear_bonus, combo
    (21, 0, Combo(combo=0, moves_left=0))
    """

    name: ClassVar[str] = "practice"
    points_per_square: int
    points_per_line: int

    def score(
        self,
        squares: int,
        lines: int,
        board_empty: bool,
        combo: Combo,
        rows: tuple[int, ...] = (),
        cols: tuple[int, ...] = (),
    ) -> tuple[MoveResult, Combo]:
        _check_lines(lines, rows, cols)
        line_points = self.points_per_line * lines
        points = self.points_per_square * squares + line_points
        return MoveResult(squares, lines, tuple(rows), tuple(cols), 0, line_points, 0, points), Combo()

    score.__doc__ = Scoring.score.__doc__
