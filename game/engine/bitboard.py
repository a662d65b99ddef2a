"""The 8×8 board as a 64-bit integer (docs/rules.md § Notation).

Bit order: bit ``row * 8 + col`` set means cell ``(row, col)`` is filled; row 0
is the top, column 0 the left. So row 0 is the lowest byte and the text form
(``#`` filled, ``.`` empty, row 0 first) reads the bits byte by byte, each byte
from its least significant bit::

    bit  0 .. 7   -> row 0, cols 0..7   (ROW_0 = 0x0000_0000_0000_00ff)
    bit  8 .. 15  -> row 1              (ROW_1 = 0x0000_0000_0000_ff00)
    ...
    bit 56 .. 63  -> row 7              (ROW_7 = 0xff00_0000_0000_0000)

>>> board = from_rows(["##......"] + ["........"] * 7)
>>> board, bit(0, 1), popcount(board)
(3, 2, 2)
>>> to_rows(board)[0]
'##......'
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import TypeAlias

from .errors import InvalidBoardError

__all__ = [
    "CELLS",
    "COL_MASKS",
    "EMPTY",
    "FILLED",
    "FULL",
    "LINE_MASKS",
    "ROW_MASKS",
    "SIZE",
    "VACANT",
    "Bitboard",
    "Cell",
    "bit",
    "cells",
    "clear_full_lines",
    "from_cells",
    "from_rows",
    "full_lines",
    "has_full_line",
    "one_bits",
    "popcount",
    "to_rows",
    "to_text",
    "validate_board",
]

Bitboard: TypeAlias = int
"""A board: bit ``row * 8 + col`` set = cell filled; an ``int`` in ``[0, 2**64)``."""

Cell: TypeAlias = tuple[int, int]
"""A cell or an offset, ``(row, col)``."""

SIZE = 8
"""Rows and columns of the board."""

CELLS = SIZE * SIZE
"""Cells of the board (64)."""

FILLED = "#"
"""Text form of a filled cell."""

VACANT = "."
"""Text form of an empty cell."""

EMPTY: Bitboard = 0x0000_0000_0000_0000
FULL: Bitboard = 0xFFFF_FFFF_FFFF_FFFF

ROW_0: Bitboard = 0x0000_0000_0000_00FF
ROW_1: Bitboard = 0x0000_0000_0000_FF00
ROW_2: Bitboard = 0x0000_0000_00FF_0000
ROW_3: Bitboard = 0x0000_0000_FF00_0000
ROW_4: Bitboard = 0x0000_00FF_0000_0000
ROW_5: Bitboard = 0x0000_FF00_0000_0000
ROW_6: Bitboard = 0x00FF_0000_0000_0000
ROW_7: Bitboard = 0xFF00_0000_0000_0000

COL_0: Bitboard = 0x0101_0101_0101_0101
COL_1: Bitboard = 0x0202_0202_0202_0202
COL_2: Bitboard = 0x0404_0404_0404_0404
COL_3: Bitboard = 0x0808_0808_0808_0808
COL_4: Bitboard = 0x1010_1010_1010_1010
COL_5: Bitboard = 0x2020_2020_2020_2020
COL_6: Bitboard = 0x4040_4040_4040_4040
COL_7: Bitboard = 0x8080_8080_8080_8080

ROW_MASKS: tuple[Bitboard, ...] = (ROW_0, ROW_1, ROW_2, ROW_3, ROW_4, ROW_5, ROW_6, ROW_7)
"""``ROW_MASKS[r]``: the eight cells of row ``r``."""

COL_MASKS: tuple[Bitboard, ...] = (COL_0, COL_1, COL_2, COL_3, COL_4, COL_5, COL_6, COL_7)
"""``COL_MASKS[c]``: the eight cells of column ``c``."""

LINE_MASKS: tuple[Bitboard, ...] = ROW_MASKS + COL_MASKS
"""All 16 lines: rows 0–7, then columns 0–7."""


def bit(row: int, col: int) -> Bitboard:
    """The bitboard with only cell ``(row, col)`` filled: ``1 << (row * 8 + col)``.

    >>> bit(0, 0), bit(1, 0), hex(bit(7, 7))
    (1, 256, '0x8000000000000000')

    :raises InvalidBoardError: ``row`` or ``col`` outside ``0..7``.
    """
    if not (0 <= row < SIZE and 0 <= col < SIZE):
        raise InvalidBoardError(f"cell {(row, col)!r} is off the 8x8 board")
    return 1 << (row * SIZE + col)


def popcount(board: Bitboard) -> int:
    """Number of filled cells.

    >>> popcount(ROW_3 | COL_3)
    15
    """
    return board.bit_count()


def one_bits(bits: int) -> Iterator[int]:
    """Each set bit of ``bits`` as a one-bit int, lowest first (a board's cells, a set of anchors' anchors).

    >>> [bin(one) for one in one_bits(0b10110)]
    ['0b10', '0b100', '0b10000']
    """
    while bits:
        lowest = bits & -bits
        yield lowest
        bits ^= lowest


def cells(board: Bitboard) -> Iterator[Cell]:
    """The filled cells as ``(row, col)``, in bit order (row by row, left to right).

    >>> list(cells(bit(2, 5) | bit(0, 1)))
    [(0, 1), (2, 5)]
    """
    for one in one_bits(board):
        yield divmod(one.bit_length() - 1, SIZE)


def from_cells(filled: Iterator[Cell] | Sequence[Cell]) -> Bitboard:
    """The bitboard with exactly the given ``(row, col)`` cells filled.

    >>> from_cells([(0, 0), (7, 7)]) == bit(0, 0) | bit(7, 7)
    True

    :raises InvalidBoardError: a cell off the board.
    """
    board = EMPTY
    for row, col in filled:
        board |= bit(row, col)
    return board


def from_rows(rows: Sequence[str] | str) -> Bitboard:
    """Parse the text form: 8 strings of 8 characters, ``#`` filled, ``.`` empty, row 0 first.

    A single string is accepted too: 64 characters, or 8 rows separated by
    newlines, spaces or ``/``.

    >>> from_rows(["#......."] + ["........"] * 6 + [".......#"]) == bit(0, 0) | bit(7, 7)
    True

    :raises InvalidBoardError: not 8 rows of 8 characters, or a character other than ``#``/``.``.
    """
    if isinstance(rows, str):
        text = rows.replace("/", " ").split()
        rows = text if len(text) != 1 else [text[0][i : i + SIZE] for i in range(0, len(text[0]), SIZE)]
    try:
        rows = list(rows)
    except TypeError:
        raise InvalidBoardError(f"board rows must be 8 strings, got {rows!r}") from None
    if len(rows) != SIZE:
        raise InvalidBoardError(f"a board has 8 rows, got {len(rows)}: {rows!r}")
    board = EMPTY
    for r, line in enumerate(rows):
        if not isinstance(line, str) or len(line) != SIZE:
            raise InvalidBoardError(f"row {r} must be 8 characters of '#'/'.', got {line!r}")
        for c, char in enumerate(line):
            if char == FILLED:
                board |= 1 << (r * SIZE + c)
            elif char != VACANT:
                raise InvalidBoardError(f"row {r} has {char!r} at column {c}; only '#' and '.' are allowed")
    return board


def to_rows(board: Bitboard) -> list[str]:
    """The text form: 8 strings of 8 characters, ``#`` filled, ``.`` empty, row 0 first.

    >>> to_rows(ROW_0 | bit(7, 7))[0], to_rows(ROW_0 | bit(7, 7))[7]
    ('########', '.......#')
    """
    return ["".join(FILLED if board >> (r * SIZE + c) & 1 else VACANT for c in range(SIZE)) for r in range(SIZE)]


def to_text(board: Bitboard) -> str:
    """The text form as one string, rows joined by newlines (for logs and doctests).

    >>> print(to_text(ROW_7 | COL_0))
    #.......
    #.......
    #.......
    #.......
    #.......
    #.......
    #.......
    ########
    """
    return "\n".join(to_rows(board))


def full_lines(board: Bitboard) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """The full rows and full columns, each ascending: ``(rows, cols)``.

    >>> full_lines(ROW_2 | COL_5 | COL_0)
    ((2,), (0, 5))
    """
    rows = tuple(r for r, mask in enumerate(ROW_MASKS) if board & mask == mask)
    cols = tuple(c for c, mask in enumerate(COL_MASKS) if board & mask == mask)
    return rows, cols


def has_full_line(board: Bitboard) -> bool:
    """Whether any row or column is full (a reachable board never has one).

    >>> has_full_line(ROW_2), has_full_line(ROW_2 ^ bit(2, 3))
    (True, False)
    """
    return any(board & mask == mask for mask in LINE_MASKS)


def clear_full_lines(board: Bitboard) -> tuple[Bitboard, tuple[int, ...], tuple[int, ...]]:
    """Clear every full row and column at once (docs/rules.md § Turn structure).

    A cell at a crossing is removed once; nothing falls.

    :returns: ``(board_after, rows, cols)`` with the cleared indices ascending.

    >>> after, rows, cols = clear_full_lines(ROW_3 | COL_3 | bit(0, 0))
    >>> after == bit(0, 0), rows, cols
    (True, (3,), (3,))
    """
    rows, cols = full_lines(board)
    for r in rows:
        board &= ~ROW_MASKS[r]
    for c in cols:
        board &= ~COL_MASKS[c]
    return board, rows, cols


def validate_board(board: Bitboard, *, reachable: bool = False) -> Bitboard:
    """Check that ``board`` is a bitboard; with ``reachable=True`` also that it has no full line.

    Use ``reachable=True`` for challenge start boards (docs/rules.md § The fair deal:
    a reachable board never has a full line, so the monomino always fits).

    >>> validate_board(ROW_0 ^ bit(0, 7), reachable=True) == ROW_0 ^ bit(0, 7)
    True

    :returns: ``board`` unchanged.
    :raises InvalidBoardError: not an ``int`` in ``[0, 2**64)``, or a full line when ``reachable``.
    """
    if not isinstance(board, int) or isinstance(board, bool) or not 0 <= board <= FULL:
        raise InvalidBoardError(f"a bitboard is an int in [0, 2**64), got {board!r}")
    if reachable and has_full_line(board):
        rows, cols = full_lines(board)
        raise InvalidBoardError(f"board has full rows {rows!r} and columns {cols!r}; no reachable board has one")
    return board
