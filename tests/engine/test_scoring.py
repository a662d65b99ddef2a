"""game/engine/scoring.py: every worked example of docs/rules.md § Scoring, exactly.

Each example is checked twice: on the scoring strategy alone, and on a real
board through place() (or play()), so the line counting is covered as well.
"""

import pytest

from game.engine.bitboard import COL_MASKS, ROW_MASKS, bit, from_rows
from game.engine.board import place
from game.engine.game import GameState, Status, play
from game.engine.pieces import PIECES
from game.engine.rules import CLASSIC, PRACTICE
from game.engine.scoring import (
    COMBO_MOVES,
    EMPTY_BOARD_BONUS,
    ClassicScoring,
    Combo,
    MoveResult,
)

NO_COMBO = Combo()  # a default argument shared by the helpers (a Combo is immutable)

CLASSIC_SCORING = CLASSIC.scoring
PRACTICE_SCORING = PRACTICE.scoring

# Worked example 3: rows 0–2 filled in columns 3–7, columns 0–1 filled in rows 3–7, and (7, 7).
EXAMPLE_3_BOARD = from_rows(
    [
        "...#####",
        "...#####",
        "...#####",
        "##......",
        "##......",
        "##......",
        "##......",
        "##.....#",
    ]
)

# Worked example 5: row 3 and column 3 full except their shared cell, nothing else.
EXAMPLE_5_BOARD = (ROW_MASKS[3] | COL_MASKS[3]) ^ bit(3, 3)


def state_with(board, hand_ids, combo=NO_COMBO, rules=CLASSIC, used=(False, False, False), score=0):
    return GameState(
        rules=rules,
        seed=b"scoring",
        board=board,
        hand=tuple(PIECES[i] for i in hand_ids),
        used=used,
        deals=1,
        score=score,
        combo=combo,
        moves=0,
        continues_left=rules.continues,
        status=Status.PLAYING,
        dealer=1,
    )


def test_example_1_two_lines_at_combo_two_with_a_four_square_piece_score_640():
    result, combo = CLASSIC_SCORING.score(4, 2, False, Combo(2, 2))
    assert result.points == 640 == 4 * 10 + 200 * 3
    assert result.combo == 3
    assert combo == Combo(3, COMBO_MOVES)
    assert (result.line_points, result.clear_bonus) == (600, 0)


def test_example_1_on_a_board_an_o4_completing_two_rows_at_combo_two_scores_640():
    board = from_rows(["..######", "..######"] + ["........"] * 5 + ["#......."])
    state, result = play(state_with(board, ["O4", "mono", "mono"], Combo(2, 1)), 0, 0, 0)
    assert (result.squares, result.lines, result.rows, result.cols) == (4, 2, (0, 1), ())
    assert result.points == 640
    assert state.combo == Combo(3, 3)
    assert state.score == 640


def test_example_2_first_clear_one_line_three_square_piece_scores_130():
    result, combo = CLASSIC_SCORING.score(3, 1, False, Combo())
    assert result.points == 130
    assert combo == Combo(1, 3)
    board = from_rows(["#####..."] + ["........"] * 6 + ["#......."])
    placed = place(board, PIECES["I3-h"], 0, 5)
    assert CLASSIC_SCORING.score_placement(placed, Combo())[0].points == 130


def test_example_3_the_3x3_square_completing_five_lines_scores_2090_and_leaves_only_7_7():
    placed = place(EXAMPLE_3_BOARD, PIECES["O9"], 0, 0)
    assert placed.rows == (0, 1, 2)
    assert placed.cols == (0, 1)
    assert placed.board == bit(7, 7)
    result, combo = CLASSIC_SCORING.score_placement(placed, Combo())
    assert result == MoveResult(
        squares=9, lines=5, rows=(0, 1, 2), cols=(0, 1), combo=1, line_points=2000, clear_bonus=0, points=2090
    )
    assert combo == Combo(1, 3)


def test_example_4_three_moves_without_a_clear_run_the_combo_out():
    combo = CLASSIC_SCORING.score(1, 1, False, Combo())[1]  # the clear at move m
    assert combo == Combo(1, 3)
    seen = []
    for _ in range(3):
        result, combo = CLASSIC_SCORING.score(1, 0, False, combo)
        seen.append((result.combo, combo.moves_left))
    assert seen == [(1, 2), (1, 1), (0, 0)]
    assert combo == Combo(0, 0)


def test_example_4_a_clear_on_the_third_move_keeps_and_raises_the_combo():
    combo = CLASSIC_SCORING.score(1, 1, False, Combo())[1]
    combo = CLASSIC_SCORING.score(1, 0, False, combo)[1]
    combo = CLASSIC_SCORING.score(1, 0, False, combo)[1]
    assert combo == Combo(1, 1)
    result, combo = CLASSIC_SCORING.score(1, 1, False, combo)
    assert combo == Combo(2, 3)
    assert result.combo == 2
    assert result.points == 10 + 200


def test_example_4_played_on_a_board_the_combo_runs_out_after_three_quiet_moves():
    board = from_rows(["#######."] + ["........"] * 6 + ["#......."])
    state = state_with(board, ["mono", "mono", "mono"])
    state, first = play(state, 0, 0, 7)
    assert (first.lines, first.combo, state.combo) == (1, 1, Combo(1, 3))
    state, _ = play(state, 1, 5, 5)
    state, third = play(state, 2, 6, 6)
    assert state.combo == Combo(1, 1)
    assert third.combo == 1
    # A fresh hand was dealt; the third quiet move in a row ends the combo.
    assert state.used == (False, False, False)
    piece = state.hand[0]
    row, col = next((r, c) for r in range(8) for c in range(8) if _fits_quietly(state.board, piece, r, c))
    state, fourth = play(state, 0, row, col)
    assert fourth.lines == 0
    assert fourth.combo == 0
    assert state.combo == Combo(0, 0)


def _fits_quietly(board, piece, row, col):
    from game.engine.board import fits

    return fits(board, piece, row, col) and place(board, piece, row, col).lines == 0


def test_example_5_the_monomino_emptying_the_board_scores_3210():
    placed = place(EXAMPLE_5_BOARD, PIECES["mono"], 3, 3)
    assert placed.board == 0
    assert placed.lines == 2
    result, combo = CLASSIC_SCORING.score_placement(placed, Combo())
    assert result.points == 3210 == 10 + 200 + EMPTY_BOARD_BONUS
    assert (result.combo, result.line_points, result.clear_bonus) == (1, 200, 3000)
    assert combo == Combo(1, 3)


def test_practice_example_5_scores_21_with_no_combo_and_no_bonus():
    placed = place(EXAMPLE_5_BOARD, PIECES["mono"], 3, 3)
    result, combo = PRACTICE_SCORING.score_placement(placed, Combo())
    assert result.points == 21
    assert (result.combo, result.line_points, result.clear_bonus) == (0, 20, 0)
    assert combo == Combo(0, 0)


def test_practice_example_5_played_in_a_practice_game_scores_21_and_combo_stays_zero():
    state = state_with(EXAMPLE_5_BOARD, ["mono", "O4", "O4"], rules=PRACTICE)
    state, result = play(state, 0, 3, 3)
    assert result.points == 21
    assert state.score == 21
    assert state.combo == Combo(0, 0)


@pytest.mark.parametrize(("lines", "points"), [(0, 0), (1, 100), (2, 200), (3, 600), (4, 1200), (5, 2000), (6, 3000)])
def test_line_points_at_combo_one_are_100_then_100_n_n_minus_1(lines, points):
    assert CLASSIC_SCORING.line_points(lines, 1) == points
    assert CLASSIC_SCORING.line_points(lines, 3) == 3 * points


def test_the_empty_board_bonus_is_not_multiplied_by_the_combo():
    result, _ = CLASSIC_SCORING.score(1, 2, True, Combo(4, 1))
    assert result.combo == 5
    assert result.clear_bonus == 3000
    assert result.points == 10 + 200 * 5 + 3000


def test_a_quiet_move_without_a_combo_changes_nothing():
    result, combo = CLASSIC_SCORING.score(5, 0, False, Combo())
    assert combo == Combo()
    assert result == MoveResult(5, 0, (), (), 0, 0, 0, 50)


def test_the_points_are_the_sum_of_placement_line_points_and_bonus():
    for lines in range(7):
        for combo in (Combo(), Combo(2, 1)):
            for empty in (False, True):
                for scoring, per_square in ((CLASSIC_SCORING, 10), (PRACTICE_SCORING, 1)):
                    result, _ = scoring.score(4, lines, empty, combo)
                    assert result.points == per_square * 4 + result.line_points + result.clear_bonus


def test_rows_and_cols_must_add_up_to_lines_when_given():
    with pytest.raises(ValueError, match=r"lines=1 but rows=\(1, 2\) and cols=\(\) were cleared"):
        CLASSIC_SCORING.score(1, 1, False, Combo(), rows=(1, 2))


def test_scoring_strategies_are_stateless_values():
    assert ClassicScoring(10, 100, 3_000, 3) == CLASSIC.scoring
    assert CLASSIC.scoring != PRACTICE.scoring
