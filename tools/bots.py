"""Self-play bots: they see only the board, the hand and the legal moves.

Used to prove the Challenge ladder playable and to make realistic boards for the
deal's tests and benchmarks. Each bot is ``bot(state, rng) -> (slot, row, col)``.
"""

import random
from collections.abc import Callable
from typing import TypeAlias

from game.engine.bitboard import COL_MASKS, FULL, ROW_MASKS, Bitboard, cells, popcount
from game.engine.board import anchors, place
from game.engine.game import GameState, Move, legal_moves

Bot = Callable[[GameState, random.Random], Move]

_NOT_LAST_COL = FULL & ~COL_MASKS[7]
_NOT_LAST_ROW = FULL & ~ROW_MASKS[7]
BEAM = 6
"""Placements kept at each step of the look-ahead bot's search."""


def roughness(board: Bitboard) -> int:
    """Filled/empty boundaries between neighbouring cells: lower is an easier board to play on.

    >>> roughness(0), roughness(1)  # empty; one block in the top-left corner
    (0, 2)
    """
    return popcount((board ^ (board >> 1)) & _NOT_LAST_COL) + popcount((board ^ (board >> 8)) & _NOT_LAST_ROW)


def _value(points: int, board: Bitboard) -> float:
    return points - 12 * roughness(board) - 3 * popcount(board)


def random_bot(state: GameState, rng: random.Random) -> Move:
    """Any legal move, uniformly."""
    return rng.choice(list(legal_moves(state)))


#: a plan being grown: its points, the board, the slots left and its first move
_Plan: TypeAlias = tuple[int, Bitboard, tuple[int, ...], Move | None]


def _chosen(move: Move | None) -> Move:
    """The move a bot found; a bot plays only while its game is playing, so some move fits."""
    if move is None:
        raise ValueError("no legal move: the game is not playing")
    return move


def greedy_bot(state: GameState, rng: random.Random) -> Move:
    """The move with the best points now plus a tidy board; ties broken at random."""
    best: Move | None = None
    best_key: tuple[float, float] | None = None
    for slot, row, col in legal_moves(state):
        placed = place(state.board, state.hand[slot], row, col)
        key = (_value(placed.squares * 10 + 100 * placed.lines**2, placed.board), rng.random())
        if best_key is None or key > best_key:
            best, best_key = (slot, row, col), key
    return _chosen(best)


def lookahead_bot(state: GameState, rng: random.Random) -> Move:
    """Plans the rest of the hand (every order, a beam of placements) and plays the plan's first move.

    The best plan places the most pieces, then has the best points plus board value.
    """
    frontier: list[_Plan] = [(0, state.board, tuple(state.unplaced), None)]
    best: Move | None = None
    best_key: tuple[int, float] | None = None
    while frontier:
        grown: list[_Plan] = []
        for points, board, left, first in frontier:
            for slot in left:
                piece = state.hand[slot]
                for row, col in cells(anchors(board, piece)):
                    placed = place(board, piece, row, col)
                    gain = points + placed.squares * 10 + 100 * placed.lines**2
                    rest = tuple(s for s in left if s != slot)
                    grown.append((gain, placed.board, rest, first or (slot, row, col)))
        grown.sort(key=lambda item: (_value(item[0], item[1]), rng.random()), reverse=True)
        grown = grown[:BEAM]
        for item in grown:
            key = (len(state.unplaced) - len(item[2]), _value(item[0], item[1]))
            if best_key is None or key > best_key:
                best, best_key = item[3], key
        frontier = [item for item in grown if item[2]]
    return _chosen(best)
