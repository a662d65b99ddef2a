"""game/engine/board.py: anchors, fits and place with line clears (docs/rules.md § Turn structure)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.bitboard import COL_MASKS, FULL, ROW_MASKS, bit, from_rows, full_lines
from game.engine.board import anchors, fits, legal_anchors, place
from game.engine.errors import IllegalMoveError, InvalidMoveError
from game.engine.pieces import PIECES

ALL_PIECES = list(PIECES.values())


def naive_fits(board, piece, row, col):
    """Plain geometry: every cell on the board and empty."""
    for dr, dc in piece.cells:
        r, c = row + dr, col + dc
        if not (0 <= r < 8 and 0 <= c < 8) or board >> (r * 8 + c) & 1:
            return False
    return True


@settings(max_examples=300, deadline=None, database=None)
@given(board=st.integers(0, FULL), piece=st.sampled_from(ALL_PIECES))
def test_anchors_are_exactly_the_cells_where_the_piece_fits(board, piece):
    expected = sum(1 << (r * 8 + c) for r in range(8) for c in range(8) if naive_fits(board, piece, r, c))
    assert anchors(board, piece) == expected
    for r in range(8):
        for c in range(8):
            assert fits(board, piece, r, c) == naive_fits(board, piece, r, c)


def test_every_piece_fits_only_where_its_bounding_box_stays_on_the_board():
    for piece in ALL_PIECES:
        found = list(legal_anchors(0, piece))
        assert len(found) == (9 - piece.height) * (9 - piece.width)
        assert max(found) == (8 - piece.height, 8 - piece.width)


def test_a_placement_without_full_lines_just_adds_the_cells():
    result = place(0, PIECES["T4-down"], 2, 3)
    assert result.board == bit(2, 3) | bit(2, 4) | bit(2, 5) | bit(3, 4)
    assert (result.rows, result.cols, result.squares, result.lines) == ((), (), 4, 0)
    assert not result.board_empty


def test_full_rows_and_columns_clear_together_and_a_crossing_cell_once():
    board = (ROW_MASKS[3] | COL_MASKS[3]) ^ bit(3, 3)
    result = place(board, PIECES["mono"], 3, 3)
    assert (result.rows, result.cols) == ((3,), (3,))
    assert result.board == 0
    assert result.board_empty


def test_cleared_indices_are_ascending_and_nothing_falls():
    board = from_rows(
        [
            "########",
            "#.######",
            "#.######",
            "#.......",
            "#.......",
            "#.......",
            ".#......",
            ".#......",
        ]
    )
    # Row 0 is already full: a real board never has that, but place() clears every full line.
    result = place(board, PIECES["I5-v"], 1, 1)
    assert result.rows == (0, 1, 2)
    assert result.cols == (1,)
    assert full_lines(result.board) == ((), ())
    assert result.board == from_rows(["........"] * 3 + ["#.......", "#.......", "#.......", "........", "........"])


@pytest.mark.parametrize(("row", "col"), [(-1, 0), (0, -1), (8, 0), (0, 8), ("1", 0), (0, 1.0), (True, 0)])
def test_a_row_or_column_outside_0_to_7_is_an_invalid_move(row, col):
    with pytest.raises(InvalidMoveError) as info:
        place(0, PIECES["mono"], row, col)
    assert info.value.code == "invalid"
    with pytest.raises(InvalidMoveError):
        fits(0, PIECES["mono"], row, col)


def test_leaving_the_board_is_an_illegal_move_that_shows_the_input():
    with pytest.raises(IllegalMoveError, match=r"'I5-h'.*\(0, 4\).*leaves the board") as info:
        place(0, PIECES["I5-h"], 0, 4)
    assert info.value.code == "illegal_placement"
    assert isinstance(info.value, ValueError)


def test_overlapping_a_filled_cell_is_an_illegal_move():
    board = bit(1, 1)
    with pytest.raises(IllegalMoveError, match="overlaps"):
        place(board, PIECES["O4"], 0, 0)
    assert place(board, PIECES["O4"], 0, 2).board == board | bit(0, 2) | bit(0, 3) | bit(1, 2) | bit(1, 3)
