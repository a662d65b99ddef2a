"""The Daily's shared start board, drawn from the day's seed (docs/rules.md § Modes, Daily).

Everyone's Daily of a day has the same seed (a stored random one, :mod:`game.seeds`),
hence the same start board and the same first hand.
"""

from .. import engine

BOARD_STREAM = 2**32
"""Stream index for the start board, apart from the deals' indices 0, 1, 2, …"""
PATTERN_CHANCE = 2
"""One day in this many starts from a pattern; the others from an empty board."""
PATTERN_CELLS = (3, 6)
"""A pattern mirrors between this many (inclusive) cells of the left half to the right."""


def daily_start_board(seed: bytes) -> engine.Bitboard:
    """The day's start board: empty, or a left–right mirrored pattern with no full line.

    Drawn from the seed's own stream, so it is the same for everyone and unknown
    before the day (the seed is secret).
    """
    stream = engine.DealStream(seed, BOARD_STREAM)
    if stream.below(PATTERN_CHANCE):
        return 0
    low, high = PATTERN_CELLS
    board = 0
    for _ in range(low + stream.below(high - low + 1)):
        row, col = stream.below(8), stream.below(4)
        board |= engine.bit(row, col) | engine.bit(row, 7 - col)
    return board if not engine.has_full_line(board) else 0
