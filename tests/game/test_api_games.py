"""Games in the API: start, read, Continue / No thanks, replays, pieces (docs/api.md § Games)."""

import json
import re

import pytest
from rest_framework.test import APIClient

from game import engine
from game.models import Game
from tests.helpers import EMPTY, set_position

GAME_FIELDS = {
    "id",
    "mode",
    "challenge",
    "day",
    "started",
    "status",
    "score",
    "target",
    "combo",
    "combo_moves_left",
    "moves",
    "board",
    "hand",
    "continues_left",
    "stars",
    "fair",
    "colours",
    "challenge_version",
}


def start(api, mode="classic"):
    return api.post("/api/games/", {"mode": mode}, format="json")


def test_starting_classic_gives_a_fresh_game(api):
    response = start(api)
    assert response.status_code == 201
    game = response.json()
    assert set(game) == GAME_FIELDS
    assert (game["mode"], game["status"], game["score"], game["moves"], game["continues_left"]) == (
        "classic",
        "playing",
        0,
        0,
        1,
    )
    assert game["board"] == EMPTY
    assert [slot["slot"] for slot in game["hand"]] == [0, 1, 2]
    assert all(slot["piece"] in engine.PIECES and not slot["used"] and slot["fits"] for slot in game["hand"])
    assert game["colours"] == EMPTY
    assert (game["challenge"], game["target"], game["stars"], game["combo"], game["combo_moves_left"]) == (
        None,
        None,
        None,
        0,
        0,
    )
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", game["day"])


def test_practice_has_no_continue(api):
    assert start(api, "practice").json()["continues_left"] == 0


@pytest.mark.parametrize("body", [{"mode": "arcade"}, {}, {"mode": "challenge"}])
def test_unknown_modes_are_invalid(api, body):
    response = api.post("/api/games/", body, format="json")
    assert (response.status_code, response.json()["error"]) == (400, "invalid")


def test_starting_again_abandons_the_unfinished_game_of_that_mode(api):
    first = start(api).json()["id"]
    practice = start(api, "practice").json()["id"]
    start(api)
    assert Game.objects.get(pk=first).status == "abandoned"
    assert Game.objects.get(pk=practice).status == "playing"


def test_another_players_unfinished_game_is_404_and_finished_is_200(api, other_api):
    game_id = start(api).json()["id"]
    assert other_api.get(f"/api/games/{game_id}/").status_code == 404
    assert APIClient().get(f"/api/games/{game_id}/").status_code == 404
    assert api.get(f"/api/games/{game_id}/").status_code == 200
    Game.objects.filter(pk=game_id).update(status="over")
    assert other_api.get(f"/api/games/{game_id}/").status_code == 200


@pytest.mark.parametrize("game_id", ["0", "abc", "99999999999999999999999", "-1"])
def test_odd_game_ids_are_404(api, game_id):
    assert api.get(f"/api/games/{game_id}/").status_code == 404
    assert api.post(f"/api/games/{game_id}/continue/").status_code == 404


NO_MOVES_BOARD = ["#.#.#.#.", ".#.#.#.#"] * 4  # checkerboard: only the monomino and diagonals fit


def stuck(game):
    """A game whose unplaced pieces fit nowhere: the engine puts it at "No moves left" on the next check."""
    return set_position(game, NO_MOVES_BOARD, ("O4", "O4", "mono"), used=(False, False, True))


def test_continue_deals_a_fresh_hand_and_keeps_the_rest(api, classic):
    stuck(classic)
    Game.objects.filter(pk=classic.pk).update(status="no_moves", score=420, combo=2, combo_moves_left=1, moves=7)
    response = api.post(f"/api/games/{classic.pk}/continue/")
    assert response.status_code == 200
    game = response.json()
    assert (
        game["status"],
        game["continues_left"],
        game["score"],
        game["combo"],
        game["combo_moves_left"],
        game["moves"],
    ) == (
        "playing",
        0,
        420,
        2,
        1,
        7,
    )
    assert game["board"] == NO_MOVES_BOARD
    assert all(not slot["used"] for slot in game["hand"])
    again = api.post(f"/api/games/{classic.pk}/continue/")
    assert (again.status_code, again.json()["error"]) == (409, "no_continue")


def test_no_thanks_ends_the_game(api, classic):
    Game.objects.filter(pk=classic.pk).update(status="no_moves")
    response = api.post(f"/api/games/{classic.pk}/decline/")
    assert (response.status_code, response.json()["status"]) == (200, "over")
    assert Game.objects.get(pk=classic.pk).finished_at is not None


def test_no_thanks_on_a_playing_game_is_not_playing(api, classic):
    response = api.post(f"/api/games/{classic.pk}/decline/")
    assert (response.status_code, response.json()["error"]) == (409, "not_playing")


def test_continue_on_a_playing_game_is_no_continue(api, classic):
    response = api.post(f"/api/games/{classic.pk}/continue/")
    assert (response.status_code, response.json()["error"]) == (409, "no_continue")


def test_pieces_lists_every_piece_that_can_be_dealt(db):
    pieces = APIClient().get("/api/pieces/").json()
    assert len(pieces) == 50
    by_id = {p["piece"]: p for p in pieces}
    assert by_id["O9"]["cells"] == [[r, c] for r in range(3) for c in range(3)]
    assert by_id["J4-0"]["cells"] == [[0, 1], [1, 1], [2, 0], [2, 1]]
    assert (by_id["mono"]["cells"], by_id["Z4-h"]["family"]) == ([[0, 0]], "S4")


def play_out(api, game_id):
    """Play a game to its end through the API with the first legal move each time; returns the last Game."""
    game = api.get(f"/api/games/{game_id}/").json()
    while game["status"] in ("playing", "no_moves"):
        if game["status"] == "no_moves":
            game = api.post(f"/api/games/{game_id}/decline/").json()
            continue
        slot, row, col = first_legal_move(game)
        game = api.post(
            f"/api/games/{game_id}/moves/",
            {"slot": slot, "row": row, "col": col, "move_number": game["moves"]},
            format="json",
        ).json()["game"]
    return game


def first_legal_move(game):
    board = engine.from_rows(game["board"])
    for slot in game["hand"]:
        if slot["used"]:
            continue
        anchors = engine.anchors(board, engine.PIECES[slot["piece"]])
        if anchors:
            index = (anchors & -anchors).bit_length() - 1
            return slot["slot"], index // 8, index % 8
    raise AssertionError("no legal move in a playing game")


def test_a_finished_game_replays_to_its_score_and_board_for_anyone(api):
    game_id = start(api, "practice").json()["id"]
    final = play_out(api, game_id)
    replay = APIClient().get(f"/api/games/{game_id}/replay/")
    assert replay.status_code == 200
    body = replay.json()
    assert body["game"] == final
    assert body["start_board"] == EMPTY
    moves = [step for step in body["steps"] if "move" in step]
    assert len(moves) == final["moves"]
    assert sum(step["result"]["points"] for step in moves) == final["score"]
    assert body["steps"][-1]["board"] == final["board"]


def test_an_unfinished_game_has_no_replay(api, classic):
    assert APIClient().get(f"/api/games/{classic.pk}/replay/").status_code == 404


def test_the_seed_stays_on_the_server_until_the_game_ends_then_the_game_and_its_replay_reveal_it(api):
    started = start(api, "practice").json()
    seed = Game.objects.get(pk=started["id"]).seed
    playing = api.get(f"/api/games/{started['id']}/").json()
    assert seed not in json.dumps(started) + json.dumps(playing)
    assert playing["fair"]["server_seed"] is None
    final = play_out(api, started["id"])
    replay = APIClient().get(f"/api/games/{started['id']}/replay/").json()
    assert final["status"] == "over"
    assert final["fair"]["server_seed"] == replay["game"]["fair"]["server_seed"] == seed
