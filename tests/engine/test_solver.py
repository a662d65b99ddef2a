"""game/engine/solver.py: witness / can_place_all against known positions and a brute-force solver."""

from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.bitboard import FULL, from_rows, has_full_line
from game.engine.board import place
from game.engine.pieces import BASE_SET, PIECES
from game.engine.solver import can_place_all, solve, witness

from .test_deal import board_cells, naive_can_place_all

P = PIECES


def replay_witness(board, pieces, steps):
    """Apply a witness with the public place(); raises if any step is illegal."""
    assert sorted(index for index, _, _ in steps) == list(range(len(pieces)))
    for index, row, col in steps:
        board = place(board, pieces[index], row, col).board
    return board


def test_no_pieces_are_always_placeable_with_an_empty_witness():
    assert witness(0, []) == ()
    assert can_place_all(FULL, [])


def test_three_big_squares_fit_an_empty_board_but_five_never_do():
    assert can_place_all(0, [P["O9"]] * 3)
    assert can_place_all(0, [P["O9"]] * 4)
    assert not can_place_all(0, [P["O9"]] * 5)


def test_a_piece_that_only_fits_after_a_clear_is_placed_after_the_clearing_piece():
    board = from_rows(["#######."] * 7 + ["####...."])
    pieces = [P["I5-h"], P["I4-v"], P["I3-v"]]
    assert not can_place_all(board, [P["I5-h"]])
    steps = witness(board, pieces)
    assert steps is not None
    assert steps[0][0] != 0  # the I5 cannot go first
    replay_witness(board, pieces, steps)


def test_only_one_order_works_and_it_is_found():
    # No 2x2 space until rows clear: the I5-v must go first, into column 0.
    board = from_rows(
        [
            ".#######",
            ".#######",
            ".#######",
            ".#######",
            ".#######",
            ".######.",
            ".######.",
            "######..",
        ]
    )
    pieces = [P["O4"], P["I5-v"]]
    assert not can_place_all(board, [P["O4"]])
    steps = witness(board, pieces)
    assert steps is not None and steps[0][0] == 1
    replay_witness(board, pieces, steps)


def test_the_witness_indexes_duplicates_once_each():
    pieces = [P["I3-h"], P["I3-h"], P["I3-h"]]
    steps = witness(0, pieces)
    assert sorted(index for index, _, _ in steps) == [0, 1, 2]
    replay_witness(0, pieces, steps)


def test_solve_reports_the_final_board_after_clears():
    board = from_rows(["#######."] + ["........"] * 7)
    found = solve(board, [P["mono"]])
    assert found.board == 0
    assert [(piece.id, row, col) for piece, row, col in found.steps] == [("mono", 0, 7)]


def test_a_board_with_a_full_line_clears_it_after_the_first_placement():
    board = from_rows(["########"] * 7 + ["#......."])
    # Only one cell of row 7 is free before the first clear; the O9 fits only after it.
    assert not can_place_all(board, [P["O9"]])
    assert can_place_all(board, [P["mono"], P["O9"]])


dense_boards = (
    st.lists(st.integers(0, 63), min_size=30, max_size=56)
    .map(lambda cells: sum(1 << c for c in set(cells)))
    .filter(lambda board: not has_full_line(board))
)


@settings(max_examples=150, deadline=None, database=None)
@given(
    board=st.integers(0, FULL).filter(lambda b: not has_full_line(b)),
    pieces=st.lists(st.sampled_from(BASE_SET), min_size=1, max_size=2),
)
def test_the_solver_agrees_with_brute_force_for_one_or_two_pieces(board, pieces):
    steps = witness(board, pieces)
    assert (steps is not None) == naive_can_place_all(board_cells(board), [p.cells for p in pieces])
    if steps is not None:
        replay_witness(board, pieces, steps)


@settings(max_examples=60, deadline=None, database=None)
@given(board=dense_boards, pieces=st.lists(st.sampled_from(BASE_SET), min_size=3, max_size=3))
def test_the_solver_agrees_with_brute_force_for_three_pieces_on_crowded_boards(board, pieces):
    steps = witness(board, pieces)
    assert (steps is not None) == naive_can_place_all(board_cells(board), [p.cells for p in pieces])
    if steps is not None:
        replay_witness(board, pieces, steps)
