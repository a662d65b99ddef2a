"""The fair deal: a hand of three that can always be placed in full (RULES.md § The fair deal).

Piece 1 is drawn uniformly from the set's pieces that fit the board; piece 2
uniformly from those that can be placed together with piece 1 (in some order,
line clears applied between placements); piece 3 likewise with pieces 1 and 2.
So every hand dealt can be placed in full, in at least one order.

The only inputs are the board, the game's piece set and the deal's random
stream — never the score, the player or the time.

Deciding a candidate is exact (the solver's DFS); the fast path only saves
work: the pieces already drawn are kept placed on a board ``after`` (a witness
of their placement), and a candidate that fits on ``after`` needs no search.
The DFS memo is shared by every candidate of one deal.

>>> from game.engine.pieces import BASE_SET
>>> from game.engine.stream import DealStream
>>> [piece.id for piece in deal_hand(0, BASE_SET, DealStream(b"example seed", 0))]
['T4-up', 'I3-v', 'T4-down']
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeAlias

from .bitboard import Bitboard, has_full_line, validate_board
from .errors import InvalidRulesError
from .pieces import Piece
from .solver import Memo, _search, _settle
from .stream import DealStream

__all__ = ["HAND_SIZE", "Hand", "deal_hand", "fair_pieces"]

HAND_SIZE = 3
"""Pieces in a hand (RULES.md § Turn structure)."""

Hand: TypeAlias = tuple[Piece, Piece, Piece]
"""A dealt hand, by slot 0, 1, 2."""


def _distinct(pieces: Sequence[Piece]) -> tuple[Piece, ...]:
    """The set's pieces, each id once, in the set's order."""
    seen: set[str] = set()
    out = []
    for piece in pieces:
        if piece.id not in seen:
            seen.add(piece.id)
            out.append(piece)
    return tuple(out)


def _first_fit(board: Bitboard, piece: Piece, clean: bool) -> Bitboard | None:
    """The board after placing ``piece`` at its first fitting anchor (clears applied), or ``None``."""
    blocked = 0
    for offset in piece.offsets:
        blocked |= board >> offset
    fitting = piece.anchor_mask & ~blocked
    if not fitting:
        return None
    return _settle(board, piece, (fitting & -fitting).bit_length() - 1, clean)


def _candidates(
    board: Bitboard,
    clean: bool,
    pieces: tuple[Piece, ...],
    drawn: list[Piece],
    after: Bitboard,
    memo: Memo,
) -> tuple[list[Piece], list[Bitboard]]:
    """The pieces placeable together with ``drawn``, and for each the board after all of them."""
    fair: list[Piece] = []
    ends: list[Bitboard] = []
    after_clean = clean or bool(drawn)
    for piece in pieces:
        end = _first_fit(after, piece, after_clean)
        if end is None and drawn:
            rem = tuple(sorted([*drawn, piece], key=lambda p: p.id))
            found = _search(board, rem, tuple(p.id for p in rem), memo, clean)
            end = None if found is None else found[0]
        if end is not None:
            fair.append(piece)
            ends.append(end)
    return fair, ends


def fair_pieces(board: Bitboard, pieces: Sequence[Piece], drawn: Sequence[Piece] = ()) -> tuple[Piece, ...]:
    """The pieces of the set that can be placed together with ``drawn`` (the next draw's choices).

    >>> from game.engine.bitboard import from_rows
    >>> from game.engine.pieces import BASE_SET
    >>> [p.id for p in fair_pieces(from_rows(["#######."] * 7 + ["#......."]), BASE_SET)][:5]
    ['mono', 'I2-h', 'I2-v', 'I3-h', 'I3-v']

    :raises InvalidBoardError: ``board`` is not an int in ``[0, 2**64)``.
    """
    validate_board(board)
    drawn = list(drawn)
    after: Bitboard | None = board
    clean = not has_full_line(board)
    memo: Memo = {}
    if drawn:
        rem = tuple(sorted(drawn, key=lambda p: p.id))
        found = _search(board, rem, tuple(p.id for p in rem), memo, clean)
        if found is None:
            return ()
        after = found[0]
    return tuple(_candidates(board, clean, _distinct(pieces), drawn, after, memo)[0])


def deal_hand(board: Bitboard, pieces: Sequence[Piece], stream: DealStream) -> Hand:
    """Deal a fair hand of three for ``board`` from the set ``pieces`` using ``stream``.

    Draw ``i`` takes ``stream.below(n)`` over the ``n`` fair candidates, listed in
    the set's order (each id once). If no piece of the set can join the hand
    — impossible on a reachable board, which has no full line and so always
    takes the monomino — that draw and the rest of the hand are uniform over the
    whole set, and the game ends at once with no moves.

    :param board: the board the hand is dealt for.
    :param pieces: the game's piece set (``Rules.pieces``).
    :param stream: the deal's random stream, ``DealStream(seed, k)``.
    :returns: the hand by slot.
    :raises InvalidBoardError: ``board`` is not an int in ``[0, 2**64)``.
    :raises InvalidRulesError: ``pieces`` is empty.
    """
    validate_board(board)
    distinct = _distinct(pieces)
    if not distinct:
        raise InvalidRulesError("cannot deal from an empty piece set")
    clean = not has_full_line(board)
    memo: Memo = {}
    drawn: list[Piece] = []
    after = board
    degenerate = False
    for _ in range(HAND_SIZE):
        if not degenerate:
            fair, ends = _candidates(board, clean, distinct, drawn, after, memo)
            degenerate = not fair
        if degenerate:
            drawn.append(distinct[stream.below(len(distinct))])
            continue
        choice = stream.below(len(fair))
        drawn.append(fair[choice])
        after = ends[choice]
    return drawn[0], drawn[1], drawn[2]
