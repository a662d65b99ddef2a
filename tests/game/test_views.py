"""The HTMX views over HTTP (no browser): partials, status codes, the error event.

These sit with the browser tests because they check the same contract the board
script relies on: ``data-game-id`` / ``data-moves`` on every answer, refused moves
answered with their status, a resynced board and an ``HX-Trigger`` event.
"""

from __future__ import annotations

import json
import re

import pytest

from blockknock.accounts.models import Player
from blockknock.accounts.services import guest_create
from game import services
from game.models import Game
from tests.helpers import log_in_new_guest

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}
EMPTY = "........"


@pytest.fixture
def game(client):
    log_in_new_guest(client)
    client.get("/")
    return Game.objects.get()


def position(game, rows, hand=("mono", "mono", "mono"), **fields):
    game.board = "".join(rows)
    game.colours = game.board
    game.hand = list(hand)
    game.used = [False, False, False]
    for name, value in fields.items():
        setattr(game, name, value)
    game.save()
    return game


def move(client, game, slot, row, col, move_number=None, **headers):
    body = {"slot": slot, "row": row, "col": col, "move_number": game.moves if move_number is None else move_number}
    return client.post(f"/games/{game.pk}/move/", body, **headers)


def attr(html: str, name: str) -> str:
    return re.search(rf'{name}="([^"]*)"', html).group(1)


def error_event(response) -> dict:
    return json.loads(response["HX-Trigger"])["bk:game-error"]


def test_the_play_page_starts_a_game_and_resumes_it(client):
    log_in_new_guest(client)
    first = client.get("/")
    assert first.status_code == 200
    game = Game.objects.get()
    assert game.mode == "classic" and game.status == "playing"
    html = first.content.decode()
    assert "<html" in html and f'data-game-id="{game.pk}"' in html
    assert client.get("/").content.decode().count(f'data-game-id="{game.pk}"') == 1
    assert Game.objects.count() == 1


def test_the_combo_is_read_out_as_none_yet_at_zero_and_with_its_moves_left_once_running(client, game):
    """The new player's trial: at combo 0 a screen reader heard "Combo 0, 0 of 3 moves left to keep it"."""
    position(game, ["#######."] + [EMPTY] * 7)
    assert '<span class="visually-hidden">No combo yet</span>' in client.get("/").content.decode()
    html = move(client, game, 0, 0, 7, **HX).content.decode()  # row 0 cleared: combo 1, 3 moves to keep it
    assert '<span class="visually-hidden">Combo 1, 3 of 3 moves left to keep it</span>' in html


def test_a_move_answers_the_board_partial_with_the_result(client, game):
    position(game, ["#######."] + [EMPTY] * 6 + ["#......."])
    response = move(client, game, 0, 0, 7, **HX)
    assert response.status_code == 200
    html = response.content.decode()
    assert "<html" not in html and html.lstrip().startswith("<section")
    assert attr(html, "data-moves") == "1"
    assert attr(html, "data-result-points") == "110"
    assert attr(html, "data-result-rows") == "0"
    assert attr(html, "data-event") == "move"
    assert attr(html, "data-colours") == "." * 56 + "#......."
    assert html.count('data-c="#"') == 1
    assert 'data-value="110"' in html


def test_an_illegal_move_is_refused_with_400_a_resync_and_the_error_event(client, game):
    position(game, ["#......."] + [EMPTY] * 7)
    response = move(client, game, 0, 0, 0, **HX)
    assert response.status_code == 400
    assert error_event(response) == {"code": "illegal_placement", "detail": "That piece does not fit there."}
    html = response.content.decode()
    assert attr(html, "data-error") == "illegal_placement"
    assert attr(html, "data-moves") == "0"


def test_a_stale_move_number_is_refused_with_409(client, game):
    response = move(client, game, 0, 0, 0, move_number=3, **HX)
    assert response.status_code == 409
    assert error_event(response)["code"] == "stale_move"


def test_a_malformed_move_is_invalid(client, game):
    response = client.post(f"/games/{game.pk}/move/", {"slot": "x", "row": 0}, **HX)
    assert response.status_code == 400
    assert error_event(response)["code"] == "invalid"


def test_another_players_game_is_not_found(client, game):
    other = services.game_start(player=guest_create(), mode="classic")
    response = move(client, other, 0, 0, 0, **HX)
    assert response.status_code == 404
    assert error_event(response)["code"] == "not_found"


def test_continue_while_playing_is_refused_and_resyncs(client, game):
    response = client.post(f"/games/{game.pk}/continue/", **HX)
    assert response.status_code == 409
    assert error_event(response)["code"] == "no_continue"
    assert attr(response.content.decode(), "data-status") == "playing"


def test_without_htmx_a_move_redirects_to_the_play_page(client, game):
    position(game, [EMPTY] * 8)
    response = move(client, game, 0, 3, 3)
    assert response.status_code == 302 and response["Location"] == "/"
    game.refresh_from_db()
    assert game.moves == 1


def test_new_game_abandons_the_unfinished_one(client, game):
    response = client.post("/games/new/", **HX)
    assert response.status_code == 200
    new_id = attr(response.content.decode(), "data-game-id")
    assert new_id != str(game.pk)
    game.refresh_from_db()
    assert game.status == "abandoned"


def test_the_board_partial_resyncs(client, game):
    response = client.get(f"/games/{game.pk}/", **HX)
    assert response.status_code == 200
    assert attr(response.content.decode(), "data-game-id") == str(game.pk)


SIGNED_OUT = "You are signed out (in another tab, or your session ended), so nothing was played here."


@pytest.mark.parametrize(
    ("method", "path"),
    [("post", "move/"), ("post", "continue/"), ("post", "decline/"), ("get", ""), ("post", "/games/new/")],
)
def test_a_board_action_after_a_log_out_elsewhere_is_signed_out_and_makes_no_guest(client, game, method, path):
    client.logout()  # another tab logged out (or the session expired): this page's session has no player
    players = Player.objects.count()
    url = path if path.startswith("/") else f"/games/{game.pk}/{path}"
    body = {"slot": 0, "row": 0, "col": 0, "move_number": 0} if path == "move/" else {}
    response = getattr(client, method)(url, body, **HX)
    assert (response.status_code, response.content) == (403, b"")
    assert error_event(response) == {"code": "signed_out", "detail": SIGNED_OUT}
    assert Player.objects.count() == players and "sessionid" not in response.cookies
    assert list(Game.objects.values_list("pk", "moves", "status")) == [(game.pk, 0, "playing")]


def test_without_htmx_a_signed_out_move_goes_back_to_the_play_page_and_says_why(client, game):
    client.logout()
    response = move(client, game, 0, 0, 0)
    assert (response.status_code, response["Location"]) == (302, "/")
    assert SIGNED_OUT in client.get("/").content.decode()
    assert Game.objects.get(pk=game.pk).moves == 0


@pytest.mark.parametrize("url", ["/", "/how-to-play/", "/settings/scoring/"])
def test_pages_have_no_inline_scripts_or_handlers(client, url):
    html = client.get(url).content.decode()
    scripts = re.findall(r"<script\b([^>]*)>", html)
    code = [attrs for attrs in scripts if 'type="application/json"' not in attrs]  # a JSON data block never runs
    assert code and all("src=" in attrs for attrs in code)
    assert not re.search(r"\son[a-z]+\s*=", html)
    assert "style=" not in html


def test_the_end_of_a_game_updates_the_header_stars_and_level(client, db):
    """The board's answer carries the paid stars and level out of band, so the header is current at once."""
    log_in_new_guest(client)
    client.get("/")
    game = Game.objects.get()
    Game.objects.filter(pk=game.pk).update(status="no_moves", score=2600)
    response = client.post(f"/games/{game.pk}/decline/", HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert 'id="player-badges" hx-swap-oob="true"' in html
    assert re.search(r'data-testid="level"[^>]*>Lv 1<', html)
    assert re.search(r'data-testid="stars"[^>]*><span aria-hidden="true">★</span> 2<', html)


def test_the_play_page_reads_the_next_games_commitment_once(client):
    """The page carries it once (the hidden tag the browser records), read once."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from game.models import NextSeed

    guest = log_in_new_guest(client)
    client.get("/")
    with CaptureQueriesContext(connection) as queries:
        page = client.get("/").content.decode()
    commitment = NextSeed.objects.get(player=guest).commitment
    assert page.count(commitment) == 1  # data-next-commitment (the dialog shows none)
    assert sum('"game_nextseed"' in query["sql"] for query in queries.captured_queries) == 1
