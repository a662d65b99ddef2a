"""Can two pieces both be placed on a board? The two-piece test of the fair deal (docs/rules.md § The fair deal).

Two pieces fit together iff they have two disjoint placements on the board (either
order then works), or a clearing placement of one leaves room for the other. The
three-piece test (:mod:`game.engine.together`) runs it on the boards a clear leaves,
and uses :func:`quick_pairs` for its quick test.
"""

from __future__ import annotations

from .bitboard import Bitboard
from .tables import (
    CONFLICT_BASE,
    NearLines,
    PieceTable,
    clearing_anchors,
    disjoint,
    fitting,
    near_lines,
    room_after,
)

__all__ = ["clear_first_fits", "pair_fits", "quick_pairs"]


def clear_first_fits(
    table: PieceTable, board: Bitboard, near: NearLines | None, piece: int, anchors: Bitboard, other: int
) -> bool:
    """Whether a clearing placement of ``piece`` (its ``anchors`` on ``board``) leaves room for ``other``.

    ``near`` is ``None`` for a board with a full line: there every placement clears.
    """
    clearing = anchors if near is None else clearing_anchors(table, near, piece, anchors)
    return room_after(table, board, piece, clearing, other)


def pair_fits(table: PieceTable, board: Bitboard, piece: int, other: int) -> bool:
    """Whether ``piece`` and ``other`` can both be placed on ``board`` (a board with no full line)."""
    piece_anchors, other_anchors = fitting(table, board, piece), fitting(table, board, other)
    if piece_anchors and other_anchors and disjoint(table, piece, other, piece_anchors, other_anchors):
        return True
    if not (piece_anchors or other_anchors):
        return False
    near = near_lines(board)
    return clear_first_fits(table, board, near, piece, piece_anchors, other) or clear_first_fits(
        table, board, near, other, other_anchors, piece
    )


def quick_pairs(first_anchors: Bitboard, second_anchors: Bitboard, conflict: int) -> tuple[tuple[int, int], ...]:
    """Two disjoint placements of two pieces (as anchor indices), the first found from the top-left
    and from the bottom-right; ``()`` if they have none. ``conflict`` is ``conflicts[first][second]``.
    """
    rest = first_anchors
    while rest:  # one_bits, inlined (hot: see together.Together)
        low = rest & -rest
        rest ^= low
        free = second_anchors & ~((conflict * low) >> CONFLICT_BASE)
        if free:
            break
    else:
        return ()
    pairs = [(low.bit_length() - 1, (free & -free).bit_length() - 1)]
    rest = first_anchors
    while True:  # from the highest anchor down; ends: the pair above is found again at the latest
        high = 1 << (rest.bit_length() - 1)
        rest ^= high
        free = second_anchors & ~((conflict * high) >> CONFLICT_BASE)
        if free:
            pairs.append((high.bit_length() - 1, free.bit_length() - 1))
            return tuple(pairs)
