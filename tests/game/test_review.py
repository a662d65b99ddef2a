"""game/history/review.py and ``GET /api/games/{id}/review/``: the review of an ended game, exact, public, cached."""

import random
import re
from dataclasses import replace

import pytest
from django.utils import translation

from blockknock.accounts.services import guest_create
from game import services
from game.engine import CLASSIC, PIECES, from_rows, new_game, play
from game.engine.review import review_game
from game.history import game_review
from game.history.review import _data
from game.history.review_page import _key, review_page
from tools.bots import random_bot

from .test_audit import self_play

CHECKERBOARD = ["#.#.#.#.", ".#.#.#.#"] * 4
"""Only the monomino fits, and no three of them complete a line: every dealer deals three monominoes."""


def url(game):
    return f"/api/games/{game.public_id}/review/"


def abandoned_game_on(rows, moves):
    """A Classic game started on ``rows`` (dealt three monominoes), ``moves`` placed, then abandoned."""
    player = guest_create()
    game = services.game_start(player=player, mode="classic")
    game.start_board = game.board = "".join(rows)
    game.hand = ["mono"] * 3
    game.save()
    for number, (slot, row, col) in enumerate(moves):
        game, _ = services.move_place(
            player=player, game_id=game.public_id, slot=slot, row=row, col=col, move_number=number
        )
    services.game_start(player=player, mode="classic")
    game.refresh_from_db()
    return game


@pytest.fixture
def checkerboard(db):
    """A Classic game on the checkerboard, two monominoes placed in row 0, then abandoned by a new game."""
    game = abandoned_game_on(CHECKERBOARD, [(0, 0, 1), (1, 0, 3)])
    assert game.status == "abandoned"
    return game


def test_the_review_of_the_checkerboard_game_has_its_exact_moves_hands_and_summary(client, checkerboard):
    response = client.get(url(checkerboard))
    assert response.status_code == 200
    body = response.json()
    assert body["game"]["id"] == checkerboard.public_id and body["set_size"] == 35
    assert body["summary"] == {"hands": 1, "hands_kept": 1, "moves": 2, "clears_missed": 0, "points_missed": 0}
    assert body["hands"] == [
        {
            "deal": 0,
            "board": CHECKERBOARD,
            "pieces": ["mono"] * 3,
            "eligible": [1, 1, 1],
            "luck": 1,
            "continued": False,
            "lost": False,
        }
    ]
    first, second = body["moves"]
    assert first == {
        "number": 0,
        "deal": 0,
        "board": CHECKERBOARD,
        "played": {
            "slot": 0,
            "piece": "mono",
            "row": 0,
            "col": 1,
            "cells": [[0, 1]],
            "points": 10,
            "lines": 0,
            "combo": 0,
        },
        "emptied": False,
        "hand_placeable": True,
        "stranded": False,
        "safe": None,
        "better": None,
        "combo_lost": False,
    }
    assert (second["number"], second["played"]["slot"], second["played"]["cells"], second["board"][0]) == (
        1,
        1,
        [[0, 3]],
        "###.#.#.",
    )


def test_a_missed_clear_through_the_api_has_the_best_placement_and_its_points(client, db):
    # Row 0 keeps three holes, every other line four or three: still only monominoes, and three of
    # them can complete row 0 only if all go there. The third goes to row 1 instead.
    rows = ["#.#.#.##", *CHECKERBOARD[1:]]
    game = abandoned_game_on(rows, [(0, 0, 1), (1, 0, 3), (2, 1, 0)])
    body = client.get(url(game)).json()
    assert body["hands"][0]["eligible"] == [1, 1, 1]
    third = body["moves"][2]
    assert (third["played"]["points"], third["played"]["lines"], third["hand_placeable"]) == (10, 0, True)
    assert third["better"] == {
        "slot": 2,
        "piece": "mono",
        "row": 0,
        "col": 5,
        "cells": [[0, 5]],
        "points": 110,
        "lines": 1,
        "combo": 1,
    }
    assert [move["better"] for move in body["moves"][:2]] == [None, None]
    assert {k: body["summary"][k] for k in ("moves", "clears_missed", "points_missed")} == {
        "moves": 3,
        "clears_missed": 1,
        "points_missed": 100,
    }


def test_a_game_still_being_played_has_no_review(client, api, classic):
    assert client.get(url(classic)).status_code == 404
    assert api.get(url(classic)).status_code == 404  # not even to its player
    stuck = self_play(guest_create(), "classic", random_bot, random.Random(4), max_moves=300, at_no_moves="stop")
    assert stuck.status == "no_moves"
    assert client.get(url(stuck)).status_code == 404
    assert client.get("/api/games/987654/review/").status_code == 404
    assert client.get("/api/games/not-a-game/review/").json()["error"] == "not_found"


def test_a_review_is_computed_once_then_read_from_the_cache(checkerboard, django_assert_num_queries):
    first = game_review(game=checkerboard)
    with django_assert_num_queries(0):
        assert game_review(game=checkerboard) == first


def test_a_self_played_game_is_reviewed_move_for_move_as_its_replay(client, db):
    game = self_play(guest_create(), "classic", random_bot, random.Random(11), max_moves=300)
    assert game.status == "over"
    review = client.get(url(game)).json()
    replay = client.get(f"/api/games/{game.public_id}/replay/").json()
    played = [step for step in replay["steps"] if "move" in step]
    assert [tuple(m["played"][k] for k in ("slot", "row", "col", "points", "lines")) for m in review["moves"]] == [
        (s["move"]["slot"], s["move"]["row"], s["move"]["col"], s["result"]["points"], s["result"]["lines"])
        for s in played
    ]
    assert review["summary"]["hands"] == game.deals
    # the Continue and the end: each came after exactly one stranding move
    assert sum(m["stranded"] for m in review["moves"]) == 2 == game.deals - review["summary"]["hands_kept"]
    assert all(m["safe"] is not None for m in review["moves"] if m["stranded"])


def test_the_review_endpoint_is_in_the_openapi_schema(client):
    schema = client.get("/api/schema/?format=json").json()
    operation = schema["paths"]["/api/games/{game_id}/review/"]["get"]
    assert set(operation["responses"]) == {"200", "304", "404", "429"}
    review = schema["components"]["schemas"]["Review"]
    assert set(review["properties"]) == {"game", "dealer", "set_size", "summary", "hands", "moves"}
    assert "better" in schema["components"]["schemas"]["ReviewMove"]["properties"]


def page(game, query=""):
    return f"/games/{game.public_id}/review/{query}"


def test_the_review_page_draws_the_chosen_move_with_its_better_placement_and_verdicts(client, db):
    rows = ["#.#.#.##", *CHECKERBOARD[1:]]
    game = abandoned_game_on(rows, [(0, 0, 1), (1, 0, 3), (2, 1, 0)])
    html = client.get(page(game, "?move=3")).content.decode()
    assert "Move 3 of 3" in html
    assert 'class="cell is-played" data-row="1" data-col="0"' in html
    assert 'class="cell is-hint is-hint--better" data-row="0" data-col="5"' in html
    assert "You put the single block at row 2, column 1: 10 points." in html
    assert (
        '<p class="review-verdict">You could have cleared 1 line here for 100 more points:'
        " the single block at row 1, column 6.</p>"
        '<p class="review-verdict">That spot is striped on the board.</p>'
    ) in html
    assert "That was the hand&#x27;s last piece." in html
    assert 'href="?move=3" data-review-move="3">Move 3: missed a clear, 100 more points</a>' in html
    assert '<a href="/" data-testid="review-play-again">Play again</a>' in html  # a way back
    assert "Hand 1: a tight board, only 1 of the 35 pieces could have come." in html
    assert "Your hardest hand: hand 1, when only 1 of the 35 pieces could have come." in html
    assert 'id="review-moves" type="application/json"' in html
    assert not re.search(r"<script(?![^>]*\b(src|type=\"application/json\")=?)[^>]*>", html)  # no inline scripts
    assert not re.search(r"\sstyle=", html)


def test_the_review_page_speaks_traditional_chinese(client, db):
    game = abandoned_game_on(["#.#.#.##", *CHECKERBOARD[1:]], [(0, 0, 1), (1, 0, 3), (2, 1, 0)])
    html = client.get(page(game, "?move=3"), HTTP_ACCEPT_LANGUAGE="zh-hant").content.decode()
    assert "我玩得怎麼樣？" in html
    assert "第 3 步，共 3 步" in html
    # a name in 「」, so 「2 格長條」 is not glued to the words before it
    assert "這裡本來可以消除 1 排，多拿 100 分：把「單格方塊」放在第 1 橫排、第 6 直排。" in html
    assert "棋盤上以斜線標示那個位置。" in html
    assert '<p class="review-verdict">你把「單格方塊」放在第 2 橫排、第 1 直排：10 分。</p>' in html
    assert "第 1 組：棋盤很擠，35 種方塊中只有 1 種可能發到。" in html


def test_the_move_that_strands_a_piece_names_it_and_the_placement_that_kept_room():
    """It says "This move left no room for the 2×2 square", not "the rest of the hand could not all be placed"."""
    rows = ["..#.#.#.", "...#.#.#", *CHECKERBOARD[2:]]  # the one 2×2 hole is the top-left corner
    start = replace(
        new_game(CLASSIC, b"issue 26", dealer=1),
        board=from_rows(rows),
        hand=(PIECES["O4"], PIECES["mono"], PIECES["mono"]),
    )
    first = play(start, 1, 0, 5)[0]
    data = _data(review_game(start, [((1, 0, 5), first), ((2, 0, 0), play(first, 2, 0, 0)[0])]), 1)
    with translation.override("en"):
        page = review_page(data)
    assert page.moves[1]["verdicts"] == [
        "You put the single block at row 1, column 1: 10 points.",
        "This move left no room for the 2×2 square.",
        "Putting the single block at row 1, column 4 instead would have left room for the whole hand"
        " (striped on the board).",
    ]
    assert page.key == [{"number": 2, "label": "got stuck"}]
    with translation.override("zh-hant"):
        assert review_page(data).moves[1]["verdicts"][1] == "這一步之後，「2×2 正方形」就沒有地方放了。"


def test_a_move_that_got_stuck_and_missed_a_clear_is_one_line_of_the_moves_to_look_at():
    """The same move was listed twice, once stuck and once for the missed clear."""
    moves = [
        {"number": 0, "stranded": False, "better": {"points": 60}, "played": {"points": 10}},
        {"number": 1, "stranded": True, "better": {"points": 520}, "played": {"points": 20}},
        {"number": 2, "stranded": True, "better": None, "played": {"points": 5}},
    ]
    with translation.override("en"):
        assert _key(moves) == (
            [
                {"number": 2, "label": "got stuck and missed a clear, 500 more points"},
                {"number": 3, "label": "got stuck"},
                {"number": 1, "label": "missed a clear, 50 more points"},
            ],
            0,
        )


def test_a_move_out_of_range_shows_the_first_and_an_unfinished_game_has_no_review_page(client, checkerboard, classic):
    assert "Move 1 of 2" in client.get(page(checkerboard, "?move=99")).content.decode()
    assert "Move 1 of 2" in client.get(page(checkerboard, "?move=x")).content.decode()
    assert client.get(page(classic)).status_code == 404
