"""Placing a piece on a board, with line clears (docs/rules.md § Turn structure).

Boards are bitboards (see :mod:`game.engine.bitboard`): bit ``row * 8 + col``
set = filled, row 0 top, column 0 left. A placement puts the piece's anchor (the
top-left of its bounding box) on ``(row, col)``; it must keep every cell on the
board and must not overlap a filled cell. Then every full row and every full
column clears at the same time (a crossing cell is removed once); nothing falls.

>>> from game.engine.bitboard import from_rows
>>> from game.engine.pieces import PIECES
>>> board = from_rows(["######.."] + ["........"] * 7)
>>> placement = place(board, PIECES["I2-h"], 0, 6)
>>> placement.board, placement.rows, placement.cols, placement.squares
(0, (0,), (), 2)
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from .bitboard import SIZE, Bitboard, cells, clear_full_lines
from .errors import IllegalMoveError, InvalidMoveError
from .pieces import Piece

__all__ = ["Placement", "anchors", "check_cell", "fits", "legal_anchors", "place"]


@dataclass(frozen=True)
class Placement:
    """The outcome of one placement.

    :ivar board: the board after the piece is placed and full lines are cleared.
    :ivar rows: indices of the rows cleared, ascending.
    :ivar cols: indices of the columns cleared, ascending.
    :ivar squares: cells of the placed piece.
    """

    board: Bitboard
    rows: tuple[int, ...]
    cols: tuple[int, ...]
    squares: int

    @property
    def lines(self) -> int:
        """Rows plus columns cleared (the ``n`` of docs/rules.md § Scoring)."""
        return len(self.rows) + len(self.cols)

    @property
    def board_empty(self) -> bool:
        """Whether the move left the board completely empty (the 3,000 bonus)."""
        return self.board == 0


def check_cell(row: object, col: object) -> None:
    """Check that ``(row, col)`` is a cell of the board: two ints (not bools) in ``0..7``.

    >>> check_cell(7, 0)
    >>> check_cell(8, 0)
    Traceback (most recent call last):
    ...
    game.engine.errors.InvalidMoveError: row/col must be ints in 0..7, got (8, 0)

    :raises InvalidMoveError: otherwise.
    """
    for value in (row, col):
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < SIZE:
            raise InvalidMoveError(f"row/col must be ints in 0..7, got {(row, col)!r}")


def anchors(board: Bitboard, piece: Piece) -> Bitboard:
    """All anchor cells where ``piece`` fits on ``board``, as a bitboard.

    Bit ``row * 8 + col`` of the answer is set when the piece can be placed with
    its anchor on ``(row, col)``. Computed with one shift per cell of the piece:
    a cell at offset ``d`` is blocked at anchor ``a`` when bit ``a + d`` of the
    board is set, i.e. bit ``a`` of ``board >> d``.

    >>> from game.engine.bitboard import from_rows
    >>> from game.engine.pieces import PIECES
    >>> anchors(0, PIECES["O9"]) == from_rows(["######.."] * 6 + ["........"] * 2)
    True
    >>> anchors(from_rows(["#######."] + ["########"] * 7), PIECES["mono"]) == 1 << 7
    True
    """
    blocked = 0
    for offset in piece.offsets:
        blocked |= board >> offset
    return piece.anchor_mask & ~blocked


def legal_anchors(board: Bitboard, piece: Piece) -> Iterator[tuple[int, int]]:
    """The ``(row, col)`` anchors where ``piece`` fits, row by row, left to right.

    >>> from game.engine.bitboard import from_rows
    >>> from game.engine.pieces import PIECES
    >>> list(legal_anchors(from_rows(["#.#....."] + ["########"] * 7), PIECES["I2-h"]))
    [(0, 3), (0, 4), (0, 5), (0, 6)]
    """
    return cells(anchors(board, piece))


def fits(board: Bitboard, piece: Piece, row: int, col: int) -> bool:
    """Whether ``piece`` with its anchor on ``(row, col)`` stays on the board and overlaps nothing.

    >>> from game.engine.pieces import PIECES
    >>> fits(0, PIECES["I5-h"], 0, 3), fits(0, PIECES["I5-h"], 0, 4)
    (True, False)

    :raises InvalidMoveError: ``row`` or ``col`` not an int in ``0..7``.
    """
    check_cell(row, col)
    index = row * SIZE + col
    return bool(piece.anchor_mask >> index & 1) and not board & (piece.mask << index)


def place(board: Bitboard, piece: Piece, row: int, col: int) -> Placement:
    """Place ``piece`` with its anchor on ``(row, col)`` and clear the full lines.

    >>> from game.engine.bitboard import from_rows
    >>> from game.engine.pieces import PIECES
    >>> start = from_rows(["###.####"] + ["........"] * 2 + ["...#...."] * 5)
    >>> result = place(start, PIECES["I3-v"], 0, 3)
    >>> result.rows, result.cols, result.squares, result.board == 0
    ((0,), (3,), 3, True)

    :raises InvalidMoveError: ``row`` or ``col`` not an int in ``0..7``.
    :raises IllegalMoveError: the piece would leave the board or overlap a filled cell.
    """
    check_cell(row, col)
    index = row * SIZE + col
    if not piece.anchor_mask >> index & 1:
        raise IllegalMoveError(f"piece {piece.id!r} ({piece.height}x{piece.width}) at {(row, col)!r} leaves the board")
    mask = piece.mask << index
    if board & mask:
        overlap = list(cells(board & mask))
        raise IllegalMoveError(f"piece {piece.id!r} at {(row, col)!r} overlaps filled cells {overlap!r}")
    after, rows, cols = clear_full_lines(board | mask)
    return Placement(after, rows, cols, piece.size)
