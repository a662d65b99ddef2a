"""game/engine/deal.py: the fast exact decisions agree with a plain search on hard positions.

The deal decides each candidate with the bit-parallel rules W0–W2 (see the module
docstring). Here every candidate of a draw is also decided by the reference of
:mod:`tools.deal_bench` — a memoised search over every order and every anchor,
all 16 lines checked after each placement — on crowded random boards, with the
largest piece set, drawn pieces chosen among those that fit, and a few boards
that already have a full line.
"""

import random

from game.engine.bitboard import LINE_MASKS, has_full_line
from game.engine.deal import fair_pieces
from game.engine.pieces import piece_set
from tools.deal_bench import naive_can_place_all

PIECES_15 = piece_set(15)


def crowded_boards(count, rng):
    boards = []
    while len(boards) < count:
        board = sum(1 << cell for cell in rng.sample(range(64), rng.randint(28, 50)))
        if not has_full_line(board):
            boards.append(board)
        elif rng.random() < 0.04:
            boards.append(board | rng.choice(LINE_MASKS))  # not reachable, but the deal must cope
    return boards


def reference(board, drawn):
    memo = {}
    return [piece.id for piece in PIECES_15 if naive_can_place_all(board, [*drawn, piece], memo)]


def test_every_draw_matches_a_plain_search_on_crowded_boards():
    rng = random.Random(2024)
    checked = {1: 0, 2: 0, 3: 0}
    for board in crowded_boards(600, rng):
        drawn = []
        for draw in range(3):
            expected = reference(board, drawn)
            assert [piece.id for piece in fair_pieces(board, PIECES_15, drawn)] == expected, (hex(board), drawn)
            checked[draw + 1] += 1
            if not expected:
                break
            chosen = rng.choice(expected)
            drawn.append(next(piece for piece in PIECES_15 if piece.id == chosen))
    assert checked[3] >= 400, checked
