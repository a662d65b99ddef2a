"""game/engine/deal.py: each draw is uniform over the pieces eligible for it (docs/rules.md § The fair deal).

Chi-square tests at the 0.001 level, on many seeded streams: all three draws on
open boards (where every piece fits, whatever was drawn before — checked for every
pair drawn first), and on a crowded board the first draw over the pieces that fit,
and the second draw, given the first, over the pieces that fit with it.
"""

import math
import random
from collections import Counter

from game.engine.bitboard import bit, from_rows, has_full_line
from game.engine.deal import deal_hand, fair_pieces
from game.engine.pieces import BASE_SET, piece_set
from game.engine.stream import DealStream


def chi_square_critical(dof, alpha_z=3.090):
    """Wilson–Hilferty approximation of the chi-square quantile (z = 3.090: the 0.999 quantile)."""
    h = 2 / (9 * dof)
    return dof * (1 - h + alpha_z * math.sqrt(h)) ** 3


def chi_square(counts, eligible, total):
    expected = total / len(eligible)
    return sum((counts[piece.id] - expected) ** 2 / expected for piece in eligible)


def open_boards():
    """Eight boards with random blocks only in two outer rows or columns (no full line), so a
    6×8 strip is empty: every hand of three fits there (checked exhaustively in the test)."""
    rng = random.Random(31)
    boards = []
    for side in range(4):
        for _ in range(2):
            cells = [(r, c) for r in (6, 7) for c in range(8) if rng.random() < 0.6]
            cells = [cell for cell in cells if cell not in ((6, 1), (7, 0))]  # never a full row
            if side & 1:
                cells = [(c, r) for r, c in cells]  # columns 6-7 instead
            if side & 2:
                cells = [(7 - r, 7 - c) for r, c in cells]  # the opposite edge
            boards.append(sum(bit(r, c) for r, c in cells))
    return boards


def test_the_critical_values_match_the_tables():
    assert abs(chi_square_critical(34) - 65.25) < 0.3
    assert abs(chi_square_critical(10) - 29.59) < 0.3


def test_all_three_draws_are_uniform_over_the_whole_set_on_open_boards():
    boards = open_boards()
    everything = list(BASE_SET)
    for board in boards:  # every piece is eligible at every draw, whatever was drawn before
        assert board.bit_count() >= 4 and not has_full_line(board)
        assert list(fair_pieces(board, BASE_SET)) == everything
        for i, first in enumerate(BASE_SET):
            for second in BASE_SET[i:]:
                assert list(fair_pieces(board, BASE_SET, [first, second])) == everything, (first.id, second.id)
    deals = 21_000
    counts = [Counter() for _ in range(3)]
    for i in range(deals):
        hand = deal_hand(boards[i % len(boards)], BASE_SET, DealStream(b"uniform-%d" % i, i % 7))
        for slot, piece in enumerate(hand):
            counts[slot][piece.id] += 1
    critical = chi_square_critical(len(BASE_SET) - 1)
    for slot in range(3):
        assert sum(counts[slot].values()) == deals
        assert chi_square(counts[slot], BASE_SET, deals) < critical, slot


def test_on_a_crowded_board_a_draw_is_uniform_over_the_pieces_eligible_for_it():
    board = from_rows(["##.##.##", "#......#", "##.##.##", "........", "#.####.#", "#.#..#.#", "..#..#..", "###..###"])
    pieces = piece_set(15)
    first_eligible = fair_pieces(board, pieces)
    assert 10 < len(first_eligible) < len(pieces)
    deals = 12_000
    first, second_given = Counter(), {}
    for i in range(deals):
        hand = deal_hand(board, pieces, DealStream(b"crowded-%d" % i, 0))
        first[hand[0].id] += 1
        second_given.setdefault(hand[0].id, Counter())[hand[1].id] += 1
    assert set(first) <= {piece.id for piece in first_eligible}
    assert chi_square(first, first_eligible, deals) < chi_square_critical(len(first_eligible) - 1)
    common = max(first, key=first.get)
    given = next(piece for piece in pieces if piece.id == common)
    second_eligible = fair_pieces(board, pieces, [given])
    assert 5 < len(second_eligible) < len(pieces)
    seconds = second_given[common]
    assert set(seconds) <= {piece.id for piece in second_eligible}
    total = sum(seconds.values())
    assert chi_square(seconds, second_eligible, total) < chi_square_critical(len(second_eligible) - 1)
