"""The move endpoint against docs/rules.md's worked examples and docs/api.md's error codes."""

import pytest

from game.models import Game
from tests.helpers import EMPTY, set_position

TWO_ROWS_OPEN_AT_RIGHT = [
    "######..",
    "######..",
    "........",
    "........",
    "........",
    "........",
    "........",
    ".......#",
]
CROSS_MISSING_CENTRE = ["...#....", "...#....", "...#....", "###.####", "...#....", "...#....", "...#....", "...#...."]


def post_move(api, game, slot, row, col, move_number=None):
    number = game.moves if move_number is None else move_number
    return api.post(
        f"/api/games/{game.pk}/moves/", {"slot": slot, "row": row, "col": col, "move_number": number}, format="json"
    )


def test_two_lines_at_combo_two_score_640(api, classic):
    set_position(classic, TWO_ROWS_OPEN_AT_RIGHT, ("O4", "mono", "mono"), combo=2, moves_left=2)
    response = post_move(api, classic, 0, 0, 6)
    assert response.status_code == 200
    assert response.json()["result"] == {
        "squares": 4,
        "lines": 2,
        "rows": [0, 1],
        "cols": [],
        "combo": 3,
        "line_points": 600,
        "clear_bonus": 0,
        "points": 640,
    }
    game = response.json()["game"]
    assert (game["score"], game["combo"], game["combo_moves_left"], game["moves"]) == (640, 3, 3, 1)
    assert game["board"] == [*EMPTY[:7], ".......#"]
    assert [slot["used"] for slot in game["hand"]] == [True, False, False]


def test_monomino_clearing_a_cross_empties_the_board_for_3210(api, classic):
    set_position(classic, CROSS_MISSING_CENTRE)
    result = post_move(api, classic, 1, 3, 3).json()["result"]
    assert result == {
        "squares": 1,
        "lines": 2,
        "rows": [3],
        "cols": [3],
        "combo": 1,
        "line_points": 200,
        "clear_bonus": 3000,
        "points": 3210,
    }


def test_practice_scores_the_cross_21(api, player):
    from game import services

    game = set_position(services.game_start(player=player, mode="practice"), CROSS_MISSING_CENTRE)
    response = post_move(api, game, 0, 3, 3)
    assert response.json()["result"] == {
        "squares": 1,
        "lines": 2,
        "rows": [3],
        "cols": [3],
        "combo": 0,
        "line_points": 20,
        "clear_bonus": 0,
        "points": 21,
    }
    assert response.json()["game"]["score"] == 21


@pytest.mark.parametrize(
    ("body", "status", "code"),
    [
        ({"slot": 3, "row": 0, "col": 0, "move_number": 0}, 400, "invalid"),
        ({"slot": 0, "row": 8, "col": 0, "move_number": 0}, 400, "invalid"),
        ({"slot": 0, "row": 0, "move_number": 0}, 400, "invalid"),
        ({"slot": 0, "row": 0, "col": 0, "move_number": 5}, 409, "stale_move"),
        ({"slot": 0, "row": 0, "col": 0, "move_number": 0}, 400, "illegal_placement"),
        ({"slot": 0, "row": 7, "col": 7, "move_number": 0}, 400, "illegal_placement"),
    ],
)
def test_refused_moves_answer_their_code_and_change_nothing(api, classic, body, status, code):
    set_position(classic, ["#.......", *EMPTY[1:]], ("O4", "mono", "mono"))
    before = Game.objects.get(pk=classic.pk)
    response = api.post(f"/api/games/{classic.pk}/moves/", body, format="json")
    assert (response.status_code, response.json()["error"]) == (status, code)
    assert response.json()["detail"]
    after = Game.objects.get(pk=classic.pk)
    assert (after.board, after.hand, after.used, after.score, after.moves, after.seq) == (
        before.board,
        before.hand,
        before.used,
        before.score,
        before.moves,
        before.seq,
    )


def test_a_used_slot_answers_slot_used(api, classic):
    set_position(classic, EMPTY, ("mono", "mono", "mono"), used=(True, False, False))
    response = post_move(api, classic, 0, 4, 4)
    assert (response.status_code, response.json()["error"]) == (400, "slot_used")


def test_the_same_move_sent_twice_is_applied_once(api, classic):
    set_position(classic, EMPTY, ("mono", "mono", "mono"))
    first = post_move(api, classic, 0, 4, 4, move_number=0)
    second = post_move(api, classic, 0, 4, 4, move_number=0)
    assert first.status_code == 200
    assert (second.status_code, second.json()["error"]) == (409, "stale_move")
    game = Game.objects.get(pk=classic.pk)
    assert (game.moves, game.score, len(game.record)) == (1, 10, 1)


def test_not_playing_wins_over_stale_move(api, classic):
    Game.objects.filter(pk=classic.pk).update(status="over")
    response = post_move(api, classic, 0, 0, 0, move_number=99)
    assert (response.status_code, response.json()["error"]) == (409, "not_playing")


def test_a_move_on_another_players_game_is_404_and_changes_nothing(other_api, classic):
    response = post_move(other_api, classic, 0, 0, 0)
    assert response.status_code == 404
    assert Game.objects.get(pk=classic.pk).moves == 0


def test_placing_the_last_piece_of_a_hand_deals_a_new_hand(api, classic):
    set_position(classic, EMPTY, ("mono", "mono", "mono"), used=(True, True, False))
    game = post_move(api, classic, 2, 0, 0).json()["game"]
    assert [slot["used"] for slot in game["hand"]] == [False, False, False]
    assert Game.objects.get(pk=classic.pk).deals == 2
