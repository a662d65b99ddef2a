"""game/engine/review.py: the review's verdicts on hand-built positions with known answers.

The main board: a 3×3 hole in the top-left corner and five lone holes, each the only
hole of its row and of its column, so a monomino there completes two lines.
"""

from game.engine.bitboard import from_rows
from game.engine.deal import eligible_counts, fair_pieces
from game.engine.game import GameState, Status, continue_game, play
from game.engine.pieces import BASE_SET, PIECES
from game.engine.review import Option, judge_move, review_game
from game.engine.rules import CLASSIC, DAILY, PRACTICE
from game.engine.scoring import Combo

BLOCK_AND_LONE_HOLES = from_rows(
    [
        "...#####",
        "...#####",
        "...#####",
        "###.####",
        "#####.##",
        "#######.",
        "####.###",
        "######.#",
    ]
)
CHECKERBOARD = from_rows(["#.#.#.#.", ".#.#.#.#"] * 4)
EXAMPLE_5 = from_rows(["...#...."] * 3 + ["###.####"] + ["...#...."] * 4)  # docs/rules.md worked example 5
O9_AND_MONOS = (PIECES["O9"], PIECES["mono"], PIECES["mono"])
MONOS = (PIECES["mono"],) * 3
NONE_USED = (False, False, False)
NO_COMBO = Combo()  # a default argument shared by the helpers (a Combo is immutable)


def state_on(board, hand, rules=CLASSIC, combo=NO_COMBO):
    return GameState(
        rules=rules,
        seed=b"review",
        board=board,
        hand=hand,
        used=NONE_USED,
        deals=1,
        score=0,
        combo=combo,
        moves=0,
        continues_left=rules.continues,
        status=Status.PLAYING,
        dealer=2,
    )


def test_a_monomino_in_the_square_hole_strands_the_3x3_and_the_safe_placement_keeps_the_hand_placeable():
    verdict = judge_move(BLOCK_AND_LONE_HOLES, O9_AND_MONOS, NONE_USED, (1, 1, 1), Combo(), CLASSIC.scoring)
    assert (verdict.played.points, verdict.played.lines, verdict.played.combo) == (10, 0, 0)
    assert (verdict.hand_placeable, verdict.stranded) == (False, True)
    assert verdict.safe == Option(slot=1, piece="mono", row=3, col=3, points=210, lines=2, combo=1)


def test_a_monomino_in_a_lone_hole_keeps_the_hand_placeable_and_strands_nothing():
    verdict = judge_move(BLOCK_AND_LONE_HOLES, O9_AND_MONOS, NONE_USED, (1, 5, 7), Combo(), CLASSIC.scoring)
    assert (verdict.played.points, verdict.played.lines, verdict.hand_placeable, verdict.stranded, verdict.safe) == (
        210,
        2,
        True,
        False,
        None,
    )
    assert verdict.better is None  # no placement of it completes more than two lines


def test_a_missed_two_line_clear_shows_the_best_one_and_its_points():
    verdict = judge_move(BLOCK_AND_LONE_HOLES, MONOS, NONE_USED, (0, 0, 0), Combo(), CLASSIC.scoring)
    assert (verdict.played.points, verdict.hand_placeable) == (10, True)
    assert verdict.better == Option(slot=0, piece="mono", row=3, col=3, points=210, lines=2, combo=1)
    assert verdict.combo_lost is False


def test_a_missed_two_line_clear_at_combo_two_would_have_scored_610_and_kept_the_combo():
    verdict = judge_move(BLOCK_AND_LONE_HOLES, MONOS, NONE_USED, (2, 0, 0), Combo(2, 1), CLASSIC.scoring)
    assert (verdict.played.points, verdict.played.combo) == (10, 0)
    assert verdict.better == Option(slot=2, piece="mono", row=3, col=3, points=610, lines=2, combo=3)
    assert verdict.combo_lost is True


def test_a_missed_clear_in_practice_scores_by_the_practice_rules():
    verdict = judge_move(BLOCK_AND_LONE_HOLES, MONOS, NONE_USED, (0, 0, 0), Combo(), PRACTICE.scoring)
    assert (verdict.played.points, verdict.better.points, verdict.better.lines, verdict.better.combo) == (1, 21, 2, 0)


def test_a_missed_board_clear_counts_the_3000_bonus():
    verdict = judge_move(EXAMPLE_5, MONOS, NONE_USED, (0, 0, 0), Combo(), CLASSIC.scoring)
    assert verdict.better == Option(slot=0, piece="mono", row=3, col=3, points=3_210, lines=2, combo=1)
    played = judge_move(EXAMPLE_5, MONOS, NONE_USED, (0, 3, 3), Combo(), CLASSIC.scoring)
    assert (played.played.points, played.emptied, played.better) == (3_210, True, None)


def test_a_clear_that_would_strand_the_rest_of_the_hand_is_not_a_missed_clear():
    board = from_rows([".#.#####", "#.#.##.#", "........", ".#...##.", "..#.####", "#.##.#.#", "..#.#.##", "..######"])
    hand = (PIECES["V3-sw"], PIECES["V5-sw"], PIECES["I2-h"])
    clearing = judge_move(board, hand, NONE_USED, (0, 2, 6), Combo(), CLASSIC.scoring)
    assert (clearing.played.points, clearing.played.lines, clearing.stranded) == (130, 1, True)
    played = judge_move(board, hand, NONE_USED, (0, 2, 1), Combo(), CLASSIC.scoring)
    assert (played.played.points, played.played.lines, played.hand_placeable, played.better) == (30, 0, True, None)


def test_a_board_where_only_the_monomino_fits_deals_with_luck_one_under_both_dealers():
    assert fair_pieces(CHECKERBOARD, BASE_SET, dealer=2) == (PIECES["mono"],)
    for dealer in (1, 2):
        assert eligible_counts(CHECKERBOARD, BASE_SET, MONOS, dealer) == (1, 1, 1)
    review = review_game(state_on(CHECKERBOARD, MONOS), [])
    assert [(hand.deal, hand.luck, hand.eligible) for hand in review.hands] == [(0, 1, (1, 1, 1))]
    assert review.set_size == 35


def test_deal_luck_follows_the_games_dealer_rule():
    board = from_rows(["#######."] * 7 + ["#......."])
    hand = (PIECES["I5-v"], PIECES["I5-h"], PIECES["mono"])
    # An L of empty cells, column 7 and row 7 (seven each) meeting at (7, 7). Fitting it: the
    # eight straight pieces and the monomino (9), the one small and one big corner opening up and
    # left (2), and the two L4s with their long arm on one leg and the foot on the other (2): 13.
    # Dealer 1 then takes any piece placeable with the I5 (it clears a line): all 35.
    assert eligible_counts(board, BASE_SET, hand, 1)[:2] == (13, 35)
    assert eligible_counts(board, BASE_SET, hand, 2)[:2] == (13, 13)


def test_a_game_judged_turn_by_turn_marks_the_lost_hand_and_sums_the_table():
    start = state_on(BLOCK_AND_LONE_HOLES, O9_AND_MONOS)
    first, _ = play(start, 1, 1, 1)
    second, _ = play(first, 2, 3, 3)
    assert second.status is Status.NO_MOVES
    third = continue_game(second)
    review = review_game(start, [((1, 1, 1), first), ((2, 3, 3), second), (None, third)])
    assert [(m.number, m.deal, m.played.points, m.stranded, m.hand_placeable) for m in review.moves] == [
        (0, 0, 10, True, False),
        (1, 0, 210, False, False),
    ]
    assert [(hand.deal, hand.continued, hand.lost) for hand in review.hands] == [(0, False, True), (1, True, False)]
    assert (review.hands_kept, review.clears_missed, review.points_missed) == (1, 1, 200)


def test_the_daily_and_practice_are_judged_by_their_own_scoring():
    daily = review_game(
        state_on(BLOCK_AND_LONE_HOLES, MONOS, DAILY),
        [((0, 0, 0), play(state_on(BLOCK_AND_LONE_HOLES, MONOS, DAILY), 0, 0, 0)[0])],
    )
    practice_start = state_on(BLOCK_AND_LONE_HOLES, MONOS, PRACTICE)
    practice = review_game(practice_start, [((0, 0, 0), play(practice_start, 0, 0, 0)[0])])
    assert (daily.points_missed, practice.points_missed) == (200, 20)
