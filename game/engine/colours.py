"""The colour board: which piece family filled each cell, so placed blocks keep their piece's colour.

One character per cell, row 0 first like the board's text form (docs/rules.md § Notation):
``.`` empty, ``#`` a cell of the start board (no piece filled it: neutral), else the
:data:`FAMILY_KEYS` key of the family of the piece that filled it. The look decides
the colour of each family (static/css/pieces.css); this only remembers the family.
It is decoration: the rules never read it.

>>> from .pieces import PIECES
>>> from .bitboard import from_rows
>>> from .board import place
>>> start = from_rows(["###.####"] + ["........"] * 7)
>>> colours = paint("", start, None)
>>> colours[:8]
'###.####'
>>> piece = PIECES["I2-v"]
>>> after = place(start, piece, 0, 3).board  # completes row 0: it clears
>>> paint(colours, after, piece)[:16]
'...........2....'
"""

from __future__ import annotations

from .bitboard import SIZE, Bitboard
from .pieces import Piece

__all__ = ["EMPTY_KEY", "FAMILY_KEYS", "NEUTRAL_KEY", "key_of", "paint"]

EMPTY_KEY = "."
"""An empty cell."""

NEUTRAL_KEY = "#"
"""A filled cell no piece of the game placed: the start board's (a Challenge's, the Daily's)."""

FAMILY_KEYS: dict[str, str] = {
    "mono": "m",
    "I2": "2",
    "I3": "3",
    "I4": "4",
    "I5": "5",
    "V3": "v",
    "O4": "o",
    "L4": "l",
    "T4": "t",
    "S4": "s",
    "V5": "w",
    "O9": "q",
    "R6": "r",
    "D2": "d",
    "D3": "e",
    "X5": "x",
    "T5": "y",
    "U5": "u",
}
"""The one-character key of each piece family (ids and families as in :mod:`.pieces`)."""


def key_of(piece: Piece) -> str:
    """The colour key of ``piece``'s family.

    >>> from .pieces import PIECES
    >>> key_of(PIECES["J4-90"]), key_of(PIECES["mono"])
    ('l', 'm')
    """
    return FAMILY_KEYS[piece.family]


def paint(colours: str, board: Bitboard, placed: Piece | None) -> str:
    """The colour board for ``board``, from the one before it (``""`` for none yet).

    A cell empty on ``board`` is empty; a cell filled before keeps its colour; a cell
    newly filled takes ``placed``'s key, or is neutral when no piece is given (a start
    board). Cells cleared by lines are empty on ``board``, so they are cleared here too.
    """
    before = colours or EMPTY_KEY * (SIZE * SIZE)
    fresh = key_of(placed) if placed is not None else NEUTRAL_KEY
    return "".join(
        (before[i] if before[i] != EMPTY_KEY else fresh) if board >> i & 1 else EMPTY_KEY for i in range(SIZE * SIZE)
    )
