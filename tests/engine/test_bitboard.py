"""game/engine/bitboard.py: bit order, masks, text form, full lines (docs/rules.md § Notation)."""

import pytest

from game.engine import bitboard as bb
from game.engine.errors import EngineError, InvalidBoardError

EMPTY_ROWS = ["........"] * 8


def test_bit_row_times_eight_plus_col_is_the_cell():
    assert bb.bit(0, 0) == 1
    assert bb.bit(0, 7) == 1 << 7
    assert bb.bit(1, 0) == 1 << 8
    assert bb.bit(7, 7) == 1 << 63


def test_bit_off_the_board_is_an_invalid_board_error():
    for row, col in [(-1, 0), (0, 8), (8, 0)]:
        with pytest.raises(InvalidBoardError):
            bb.bit(row, col)


def test_row_and_column_masks_hold_exactly_their_eight_cells():
    for i in range(8):
        assert bb.ROW_MASKS[i] == sum(bb.bit(i, c) for c in range(8))
        assert bb.COL_MASKS[i] == sum(bb.bit(r, i) for r in range(8))
        assert bb.popcount(bb.ROW_MASKS[i]) == bb.popcount(bb.COL_MASKS[i]) == 8
    assert bb.ROW_0 == 0x0000_0000_0000_00FF
    assert bb.ROW_7 == 0xFF00_0000_0000_0000
    assert bb.COL_0 == 0x0101_0101_0101_0101
    assert bb.COL_7 == 0x8080_8080_8080_8080
    assert bb.FULL == 2**64 - 1
    assert bb.LINE_MASKS == bb.ROW_MASKS + bb.COL_MASKS


def test_text_form_row_zero_first_and_column_zero_left():
    rows = ["#......."] + ["........"] * 6 + [".......#"]
    board = bb.from_rows(rows)
    assert board == bb.bit(0, 0) | bb.bit(7, 7)
    assert bb.to_rows(board) == rows


def test_to_rows_and_from_rows_round_trip_every_single_cell():
    for index in range(64):
        board = 1 << index
        assert bb.from_rows(bb.to_rows(board)) == board


def test_from_rows_accepts_one_64_character_string_or_slashed_rows():
    rows = ["##......"] + ["........"] * 7
    assert bb.from_rows("".join(rows)) == bb.from_rows(rows) == 3
    assert bb.from_rows("/".join(rows)) == 3
    assert bb.from_rows("\n".join(rows)) == 3


@pytest.mark.parametrize(
    "rows",
    [
        ["........"] * 7,
        ["........"] * 9,
        ["......."] + ["........"] * 7,
        ["X......."] + ["........"] * 7,
        [12345678] + ["........"] * 7,
        12,
    ],
)
def test_from_rows_rejects_anything_but_eight_rows_of_eight_marks(rows):
    with pytest.raises(InvalidBoardError) as info:
        bb.from_rows(rows)
    assert isinstance(info.value, ValueError)
    assert isinstance(info.value, EngineError)
    assert info.value.code == "invalid"


def test_full_lines_lists_full_rows_and_columns_ascending():
    board = bb.ROW_5 | bb.ROW_1 | bb.COL_6
    assert bb.full_lines(board) == ((1, 5), (6,))
    assert bb.full_lines(0) == ((), ())
    assert bb.full_lines(bb.FULL) == (tuple(range(8)), tuple(range(8)))


def test_clearing_removes_a_crossing_cell_once_and_nothing_falls():
    board = bb.ROW_3 | bb.COL_3 | bb.bit(0, 0) | bb.bit(7, 6)
    after, rows, cols = bb.clear_full_lines(board)
    assert (rows, cols) == ((3,), (3,))
    assert after == bb.bit(0, 0) | bb.bit(7, 6)


def test_has_full_line_matches_full_lines():
    assert not bb.has_full_line(0)
    assert bb.has_full_line(bb.COL_7)
    assert not bb.has_full_line(bb.COL_7 ^ bb.bit(4, 7))


def test_cells_and_from_cells_are_inverse():
    filled = [(0, 3), (2, 2), (7, 0)]
    board = bb.from_cells(filled)
    assert list(bb.cells(board)) == filled
    assert bb.popcount(board) == 3


def test_validate_board_rejects_out_of_range_and_full_lines_when_reachable_is_required():
    assert bb.validate_board(bb.ROW_0) == bb.ROW_0
    for bad in (-1, 2**64, "0", None, True):
        with pytest.raises(InvalidBoardError):
            bb.validate_board(bad)
    with pytest.raises(InvalidBoardError):
        bb.validate_board(bb.ROW_0, reachable=True)
