"""The board's move post takes every move played on the page that the server has not confirmed yet:
a list, in order, each with its ``move_number``, each applied once through the same service
as the API (game/views.py ``_place``). A move the game already has is acknowledged, so the posts of one
hand ([m0], [m0, m1], [m0, m1, m2]) may arrive in any order. The first refusal stops the list and keeps
the moves before it.
"""

from __future__ import annotations

import json
import re

import pytest

from game.models import Game
from tests.helpers import EMPTY, first_fit, log_in_new_guest, set_position

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}
ROW_0_GAP = ["######..", *EMPTY[1:7], "#......."]


@pytest.fixture
def game(client):
    log_in_new_guest(client)
    client.get("/")
    return Game.objects.get()


def post(client, url, moves, **extra):
    """``moves`` as (slot, row, col, move_number): each field once per move, in order, as the board sends them."""
    body = {name: [move[n] for move in moves] for n, name in enumerate(("slot", "row", "col", "move_number"))}
    return client.post(url, {**body, **extra}, **HX)


def play(client, game, moves):
    return post(client, f"/games/{game.pk}/move/", moves)


def attr(html: str, name: str) -> str:
    return re.search(rf'{name}="([^"]*)"', html).group(1)


def events(game) -> list[tuple]:
    """(number, slot, row, col) of each placement in the game's record (docs/record.md), as stored: a game put
    on a set position cannot be replayed from its start, so the points are checked by the score."""
    game = Game.objects.get(pk=game.pk)
    return [(number, *event[1:]) for number, event in enumerate(game.events) if event[0] == "move"]


def test_three_moves_in_one_post_are_played_in_order_and_answer_the_board_after_the_last(client, game):
    set_position(game, ROW_0_GAP)
    answer = play(client, game, [(0, 0, 6, 0), (1, 0, 7, 1), (2, 7, 1, 2)])
    assert answer.status_code == 200
    html = answer.content.decode()
    # 10; 10 + 100 × combo 1 (row 0 completed by the second); 10, combo 1 with 2 moves left
    assert events(game) == [(0, 0, 0, 6), (1, 1, 0, 7), (2, 2, 7, 1)]
    game.refresh_from_db()
    assert (game.moves, game.score, game.combo, game.combo_moves_left) == (3, 130, 1, 2)
    assert game.board_rows == [*EMPTY[:7], "##......"]
    assert game.deals == 2  # the hand's last move dealt the next hand
    assert (attr(html, "data-moves"), attr(html, "data-board")) == ("3", "." * 56 + "##......")
    assert attr(html, "data-result-points") == "10"  # the last move's result


def test_a_stale_move_number_refuses_the_list_with_nothing_applied(client, game):
    set_position(game, ROW_0_GAP)
    answer = play(client, game, [(0, 0, 6, 1), (1, 0, 7, 2)])
    assert answer.status_code == 409
    assert json.loads(answer["HX-Trigger"])["bk:game-error"]["code"] == "stale_move"
    assert attr(answer.content.decode(), "data-moves") == "0"
    assert events(game) == []


def test_a_refusal_in_the_middle_keeps_the_moves_before_it_and_answers_the_servers_board(client, game):
    set_position(game, ROW_0_GAP)
    answer = play(client, game, [(0, 0, 6, 0), (1, 0, 6, 1), (2, 7, 1, 2)])  # the second on a filled cell
    assert answer.status_code == 400
    assert json.loads(answer["HX-Trigger"])["bk:game-error"] == {
        "code": "illegal_placement",
        "detail": "That piece does not fit there.",
    }
    html = answer.content.decode()
    assert (attr(html, "data-moves"), attr(html, "data-error")) == ("1", "illegal_placement")
    assert attr(html, "data-board") == "#######." + "." * 48 + "#......."
    assert events(game) == [(0, 0, 0, 6)]  # the third was not played


def test_a_list_sent_again_is_acknowledged_and_applied_once(client, game):
    set_position(game, ROW_0_GAP)
    moves = [(0, 0, 6, 0), (1, 0, 7, 1)]
    assert play(client, game, moves).status_code == 200
    again = play(client, game, moves)  # its answer lost, the same request again
    assert again.status_code == 200
    assert "HX-Trigger" not in again
    assert attr(again.content.decode(), "data-moves") == "2"
    twice = play(client, game, [(2, 7, 1, 2), (2, 7, 1, 2)])  # one move twice in one list
    assert twice.status_code == 200
    assert events(game) == [(0, 0, 0, 6), (1, 1, 0, 7), (2, 2, 7, 1)]
    game.refresh_from_db()
    assert (game.moves, game.score) == (3, 130)


@pytest.mark.parametrize("late", [[(0, 0, 6, 0)], [(0, 0, 6, 0), (1, 0, 7, 1)]])
def test_an_earlier_cumulative_post_answered_after_the_whole_hand_is_acknowledged(client, game, late):
    """The board's posts at the three drops, [m0], [m0, m1] and [m0, m1, m2], may arrive in any order."""
    set_position(game, ROW_0_GAP)
    assert play(client, game, [(0, 0, 6, 0), (1, 0, 7, 1), (2, 7, 1, 2)]).status_code == 200
    answer = play(client, game, late)
    assert answer.status_code == 200
    assert "HX-Trigger" not in answer
    html = answer.content.decode()
    assert (attr(html, "data-moves"), attr(html, "data-board")) == ("3", "." * 56 + "##......")
    assert "data-result-points" not in html  # nothing was played
    assert events(game) == [(0, 0, 0, 6), (1, 1, 0, 7), (2, 2, 7, 1)]
    game.refresh_from_db()
    assert (game.moves, game.score, game.deals) == (3, 130, 2)


def test_cumulative_posts_in_order_apply_each_move_once(client, game):
    set_position(game, ROW_0_GAP)
    first, second, third = (0, 0, 6, 0), (1, 0, 7, 1), (2, 7, 1, 2)
    assert attr(play(client, game, [first]).content.decode(), "data-moves") == "1"
    assert attr(play(client, game, [first, second]).content.decode(), "data-moves") == "2"
    last = play(client, game, [first, second, third])
    assert (last.status_code, attr(last.content.decode(), "data-result-points")) == (200, "10")
    assert events(game) == [(0, 0, 0, 6), (1, 1, 0, 7), (2, 2, 7, 1)]


def test_another_move_under_a_played_move_number_is_still_stale(client, game):
    set_position(game, ROW_0_GAP)
    assert play(client, game, [(0, 0, 6, 0)]).status_code == 200
    answer = play(client, game, [(0, 0, 7, 0)])  # move 0 was played on another cell (another tab)
    assert answer.status_code == 409
    assert json.loads(answer["HX-Trigger"])["bk:game-error"]["code"] == "stale_move"
    assert events(game) == [(0, 0, 0, 6)]


def test_a_repeat_of_the_move_that_ended_the_game_is_acknowledged(client, game):
    checkers = ["#.#.#.#.", ".#.#.#.#"] * 4
    set_position(game, checkers, ("mono", "I2-h", "I2-h"))
    assert play(client, game, [(0, 0, 1, 0)]).status_code == 200
    answer = play(client, game, [(0, 0, 1, 0), (1, 0, 3, 1)])
    assert answer.status_code == 200
    assert attr(answer.content.decode(), "data-status") == "no_moves"
    assert events(game) == [(0, 0, 0, 1)]


@pytest.mark.parametrize(
    "body",
    [
        {"slot": [0, 1], "row": [0, 0], "col": [6, 7], "move_number": [0]},  # a field missing for one move
        {"slot": [0] * 4, "row": [0] * 4, "col": [0, 1, 2, 3], "move_number": [0, 1, 2, 3]},  # more than a hand
        {"slot": [0, "x"], "row": [0, 0], "col": [6, 7], "move_number": [0, 1]},
        {},
    ],
)
def test_a_malformed_list_is_invalid_with_nothing_applied(client, game, body):
    set_position(game, ROW_0_GAP)
    answer = client.post(f"/games/{game.pk}/move/", body, **HX)
    assert answer.status_code == 400
    assert json.loads(answer["HX-Trigger"])["bk:game-error"]["code"] == "invalid"
    assert events(game) == []


def test_a_move_that_ends_the_game_ends_the_list(client, game):
    checkers = ["#.#.#.#.", ".#.#.#.#"] * 4  # no two empty cells side by side: no I2 fits, a mono does
    set_position(game, checkers, ("mono", "I2-h", "I2-h"))
    answer = play(client, game, [(0, 0, 1, 0), (1, 0, 3, 1)])  # after the mono, "No moves left"
    assert answer.status_code == 200
    assert attr(answer.content.decode(), "data-status") == "no_moves"
    game.refresh_from_db()
    assert (game.status, game.moves) == ("no_moves", 1)
    assert events(game) == [(0, 0, 0, 1)]  # the second was not played, nor refused


def test_a_first_visits_first_moves_go_together(client):
    page = client.get("/")
    token = attr(page.content.decode(), "data-pending")
    slot, row, col = first_fit(page.context["game"])
    answer = post(client, "/games/pending/move/", [(slot, row, col, 0)], pending=token)
    assert answer.status_code == 200
    game = Game.objects.get()
    assert (game.moves, attr(answer.content.decode(), "data-moves")) == (1, "1")
