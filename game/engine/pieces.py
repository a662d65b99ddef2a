"""The pieces: fixed shapes with stable ids, and the piece set of each mode (docs/rules.md § Pieces).

A piece is never rotated or mirrored at play time; every turned or mirrored
version is a piece of its own. Its ``cells`` are ``(row, col)`` offsets from the
**anchor**, the top-left corner of its bounding box (so the anchor cell itself
may be empty, e.g. ``J4-0``). Shapes are written as rows top to bottom, ``/``
between rows, ``#`` a cell of the piece.

Each piece also carries its placement table for the 8×8 board, computed once:
``placements`` lists ``(anchor_index, mask)`` for every anchor where the piece
stays on the board (``anchor_index = row * 8 + col``, ``mask`` the cells it
covers there). The board and the solver use these instead of re-deriving geometry.

>>> piece = PIECES["J4-0"]
>>> piece.cells, piece.height, piece.width, piece.size
(((0, 1), (1, 1), (2, 0), (2, 1)), 3, 2, 4)
>>> len(BASE_SET), len(piece_set(6)), len(piece_set(10)), len(piece_set(15))
(35, 37, 41, 50)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeAlias

from .bitboard import COL_MASKS, ROW_MASKS, SIZE, Bitboard, Cell
from .errors import InvalidRulesError

__all__ = [
    "BASE_SET",
    "CHALLENGE_ADDITIONS",
    "PIECES",
    "SHAPES",
    "AnchoredMask",
    "Piece",
    "piece_set",
]

AnchoredMask: TypeAlias = tuple[int, Bitboard]
"""One row of a placement table: ``(anchor_index, mask)``, ``anchor_index = row * 8 + col``."""


@dataclass(frozen=True)
class Piece:
    """One fixed shape with a stable id.

    :ivar id: stable id stored in games and fixtures, e.g. ``"T4-down"``.
    :ivar family: the shape family, e.g. ``"T4"`` (``"L4"`` holds the J pieces, ``"S4"`` the Z pieces).
    :ivar cells: ``(row, col)`` offsets from the anchor (top-left of the bounding box), sorted.
    :ivar mask: the bitboard of the piece with its anchor on ``(0, 0)``.
    :ivar height: rows of the bounding box.
    :ivar width: columns of the bounding box.

    Derived on creation (not compared, not in ``repr``):

    :ivar offsets: bit offset ``row * 8 + col`` of each cell.
    :ivar anchor_mask: bitboard of the anchors where the piece stays on the board.
    :ivar placements: ``((anchor_index, mask), ...)`` for every such anchor, ascending.
    :ivar lines_at: for each anchor index 0..63, the row and column masks the piece
        touches there (``()`` where it leaves the board): only these can become full.
    :ivar row_reach: most cells of the piece in one row (``col_reach``: in one column).

    >>> Piece.from_shape("V3-nw", "V3", ".#/##")
    Piece(id='V3-nw', family='V3', cells=((0, 1), (1, 0), (1, 1)), mask=770, height=2, width=2)

    :raises ValueError: cells empty, not anchored at the top-left, larger than the
        board, or ``mask``/``height``/``width`` not matching ``cells``.
    """

    id: str
    family: str
    cells: tuple[Cell, ...]
    mask: Bitboard
    height: int
    width: int
    offsets: tuple[int, ...] = field(init=False, repr=False, compare=False)
    anchor_mask: Bitboard = field(init=False, repr=False, compare=False)
    placements: tuple[AnchoredMask, ...] = field(init=False, repr=False, compare=False)
    lines_at: tuple[tuple[Bitboard, ...], ...] = field(init=False, repr=False, compare=False)
    row_reach: int = field(init=False, repr=False, compare=False)
    col_reach: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        cells = self.cells
        if not cells:
            raise ValueError(f"piece {self.id!r} has no cells")
        rows = [r for r, _ in cells]
        cols = [c for _, c in cells]
        if min(rows) != 0 or min(cols) != 0:
            raise ValueError(f"piece {self.id!r} cells {cells!r} are not anchored at the top-left (0, 0)")
        height, width = max(rows) + 1, max(cols) + 1
        if (height, width) != (self.height, self.width) or height > SIZE or width > SIZE:
            raise ValueError(f"piece {self.id!r} is {height}x{width}, declared {self.height}x{self.width}")
        offsets = tuple(r * SIZE + c for r, c in cells)
        mask = 0
        for offset in offsets:
            mask |= 1 << offset
        if mask != self.mask or len(set(offsets)) != len(offsets):
            raise ValueError(f"piece {self.id!r} mask {self.mask!r} does not match cells {cells!r}")
        anchor_mask = 0
        placements = []
        lines_at: list[tuple[Bitboard, ...]] = [()] * (SIZE * SIZE)
        for row in range(SIZE - height + 1):
            for col in range(SIZE - width + 1):
                index = row * SIZE + col
                anchor_mask |= 1 << index
                placements.append((index, mask << index))
                lines_at[index] = ROW_MASKS[row : row + height] + COL_MASKS[col : col + width]
        object.__setattr__(self, "offsets", offsets)
        object.__setattr__(self, "anchor_mask", anchor_mask)
        object.__setattr__(self, "placements", tuple(placements))
        object.__setattr__(self, "lines_at", tuple(lines_at))
        object.__setattr__(self, "row_reach", max(rows.count(r) for r in rows))
        object.__setattr__(self, "col_reach", max(cols.count(c) for c in cols))

    @classmethod
    def from_shape(cls, id: str, family: str, shape: str) -> Piece:
        """Build a piece from its shape text: rows top to bottom, ``/`` between rows, ``#`` a cell.

        >>> Piece.from_shape("I2-v", "I2", "#/#").cells
        ((0, 0), (1, 0))

        :raises ValueError: ragged rows, characters other than ``#``/``.``, or see :class:`Piece`.
        """
        rows = shape.split("/")
        if len({len(row) for row in rows}) != 1 or set(shape) - {"#", ".", "/"}:
            raise ValueError(f"piece {id!r}: bad shape text {shape!r}")
        cells = tuple((r, c) for r, line in enumerate(rows) for c, char in enumerate(line) if char == "#")
        mask = sum(1 << (r * SIZE + c) for r, c in cells)
        return cls(id, family, cells, mask, len(rows), len(rows[0]))

    @property
    def size(self) -> int:
        """Number of cells (the squares of docs/rules.md § Scoring)."""
        return len(self.cells)

    @property
    def shape(self) -> str:
        """The shape text, e.g. ``"###/.#."`` for ``T4-down``.

        >>> PIECES["T4-down"].shape
        '###/.#.'
        """
        filled = set(self.cells)
        return "/".join(
            "".join("#" if (r, c) in filled else "." for c in range(self.width)) for r in range(self.height)
        )


SHAPES: tuple[tuple[str, str, str], ...] = (
    # (id, family, shape) — the base set, in dealing order (docs/rules.md § Pieces).
    ("mono", "mono", "#"),
    ("I2-h", "I2", "##"),
    ("I2-v", "I2", "#/#"),
    ("I3-h", "I3", "###"),
    ("I3-v", "I3", "#/#/#"),
    ("I4-h", "I4", "####"),
    ("I4-v", "I4", "#/#/#/#"),
    ("I5-h", "I5", "#####"),
    ("I5-v", "I5", "#/#/#/#/#"),
    ("V3-nw", "V3", ".#/##"),
    ("V3-ne", "V3", "#./##"),
    ("V3-sw", "V3", "##/.#"),
    ("V3-se", "V3", "##/#."),
    ("O4", "O4", "##/##"),
    ("L4-0", "L4", "#./#./##"),
    ("L4-90", "L4", "###/#.."),
    ("L4-180", "L4", "##/.#/.#"),
    ("L4-270", "L4", "..#/###"),
    ("J4-0", "L4", ".#/.#/##"),
    ("J4-90", "L4", "#../###"),
    ("J4-180", "L4", "##/#./#."),
    ("J4-270", "L4", "###/..#"),
    ("T4-down", "T4", "###/.#."),
    ("T4-up", "T4", ".#./###"),
    ("T4-right", "T4", "#./##/#."),
    ("T4-left", "T4", ".#/##/.#"),
    ("S4-h", "S4", ".##/##."),
    ("S4-v", "S4", "#./##/.#"),
    ("Z4-h", "S4", "##./.##"),
    ("Z4-v", "S4", ".#/##/#."),
    ("V5-nw", "V5", "###/#../#.."),
    ("V5-ne", "V5", "###/..#/..#"),
    ("V5-sw", "V5", "#../#../###"),
    ("V5-se", "V5", "..#/..#/###"),
    ("O9", "O9", "###/###/###"),
    # Challenge additions.
    ("R6-h", "R6", "###/###"),
    ("R6-v", "R6", "##/##/##"),
    ("D2-a", "D2", "#./.#"),
    ("D2-b", "D2", ".#/#."),
    ("D3-a", "D3", "#../.#./..#"),
    ("D3-b", "D3", "..#/.#./#.."),
    ("X5", "X5", ".#./###/.#."),
    ("T5-down", "T5", "###/.#./.#."),
    ("T5-up", "T5", ".#./.#./###"),
    ("T5-right", "T5", "#../###/#.."),
    ("T5-left", "T5", "..#/###/..#"),
    ("U5-up", "U5", "#.#/###"),
    ("U5-down", "U5", "###/#.#"),
    ("U5-right", "U5", "##/#./##"),
    ("U5-left", "U5", "##/.#/##"),
)

PIECES: dict[str, Piece] = {pid: Piece.from_shape(pid, family, shape) for pid, family, shape in SHAPES}
"""Every piece by id (50)."""


def _family(*families: str) -> tuple[Piece, ...]:
    return tuple(piece for piece in PIECES.values() if piece.family in families)


BASE_SET: tuple[Piece, ...] = tuple(PIECES[pid] for pid, _, _ in SHAPES[:35])
"""The base set (Classic, Daily, Practice, Challenges 1–5): 35 pieces."""

CHALLENGE_ADDITIONS: tuple[tuple[int, tuple[Piece, ...]], ...] = (
    (6, _family("R6")),
    (10, _family("D2", "D3")),
    (15, _family("X5", "T5", "U5")),
)
"""``(from_challenge, pieces)``: each challenge from that number on also deals these."""


def piece_set(challenge: int | None = None) -> tuple[Piece, ...]:
    """The pieces dealt in a game: the base set, plus the additions of challenge ``challenge``.

    ``None`` (Classic, Daily, Practice) and challenges 1–5 give the base set;
    R6 joins from 6, D2/D3 from 10, X5/T5/U5 from 15 (docs/rules.md § Pieces).

    >>> [len(piece_set(n)) for n in (None, 5, 6, 9, 10, 14, 15, 30)]
    [35, 35, 37, 37, 41, 41, 50, 50]

    :raises InvalidRulesError: ``challenge`` is not ``None`` or an int ≥ 1.
    """
    if challenge is None:
        return BASE_SET
    if not isinstance(challenge, int) or isinstance(challenge, bool) or challenge < 1:
        raise InvalidRulesError(f"challenge numbers start at 1, got {challenge!r}")
    pieces = BASE_SET
    for start, added in CHALLENGE_ADDITIONS:
        if challenge >= start:
            pieces += added
    return pieces
