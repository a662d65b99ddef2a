"""Inputs past Python's limits answer as the contract says, never 500.

A decimal of more than 4,300 digits cannot become an ``int`` (``ValueError``), and
JSON nested deeper than the interpreter's recursion limit cannot be parsed
(``RecursionError``): a game id of that size is an unknown game (404), a page
number of that size an unknown page (404), and such a body is ``400 invalid``.
"""

import doctest
import json
from urllib.parse import urlencode

import pytest
from django.test import Client

from blockknock import parsers
from game.models import Game
from tests.helpers import EMPTY, log_in_new_guest, set_position

pytestmark = pytest.mark.django_db

HUGE = "9" * 4_301
DEEP = "[" * 1_500 + "]" * 1_500


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/api/games/{}/"),
        ("POST", "/api/games/{}/moves/"),
        ("POST", "/api/games/{}/continue/"),
        ("POST", "/api/games/{}/decline/"),
        ("GET", "/api/games/{}/replay/"),
    ],
)
def test_a_game_id_of_4301_digits_is_not_found_in_the_api(api, method, path):
    body = {"slot": 0, "row": 0, "col": 0, "move_number": 0}
    answer = api.generic(method, path.format(HUGE), json.dumps(body), content_type="application/json")
    assert (answer.status_code, answer.json()["error"]) == (404, "not_found")


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/games/{}/"),
        ("GET", "/games/{}/fair/"),
        ("POST", "/games/{}/move/"),
        ("POST", "/games/{}/continue/"),
        ("POST", "/games/{}/decline/"),
        ("GET", "/leaderboards/replay/{}/"),
    ],
)
def test_a_game_id_of_4301_digits_is_not_found_on_the_pages(client, method, path):
    log_in_new_guest(client)
    client.get("/")
    body = {"slot": 0, "row": 0, "col": 0, "move_number": 0} if method == "POST" else {}
    answer = getattr(client, method.lower())(path.format(HUGE), body, HTTP_HX_REQUEST="true")
    assert answer.status_code == 404


def test_a_page_number_of_4301_digits_is_not_found_like_a_word(client):
    assert client.get("/leaderboards/", {"page": "abc"}).status_code == 404
    assert client.get("/leaderboards/", {"page": HUGE}).status_code == 404


@pytest.mark.parametrize("path", ["/api/games/", "/api/games/{}/moves/", "/api/auth/token/"])
def test_json_nested_1500_deep_is_400_invalid(api, classic, path):
    answer = api.generic("POST", path.format(classic.pk), DEEP, content_type="application/json")
    assert (answer.status_code, answer.json()["error"]) == (400, "invalid")
    deep_object = '{"slot":' * 1_500 + "0" + "}" * 1_500
    answer = api.generic("POST", path.format(classic.pk), deep_object, content_type="application/json")
    assert (answer.status_code, answer.json()["error"]) == (400, "invalid")
    assert Game.objects.get(pk=classic.pk).moves == 0
    assert Game.objects.count() == 1


def test_json_nested_a_few_levels_inside_strings_is_read_as_text(api):
    body = {"username": "[" * 2_000 + "{" * 2_000, "password": "x"}
    answer = Client().post("/api/auth/token/", body, content_type="application/json")
    assert (answer.status_code, answer.json()["detail"]) == (400, "Wrong username or password.")


def test_the_parsers_doctests_pass():
    result = doctest.testmod(parsers)
    assert (result.attempted, result.failed) == (3, 0)


# ------------------------------------------------- strings are Unicode text (I-JSON, RFC 7493)

MOVE = '{"slot": 1, "row": 1, "col": 1, "move_number": 0, '  # the rest of the object follows
LONE_SURROGATES = {
    "an extra key": MOVE + '"\\ud800": 1}',
    "an extra key's value": MOVE + '"note": "a\\ud800b"}',
    "a key nested in an object": MOVE + '"extra": {"x": {"\\uDBFF": 1}}}',
    "a value nested in an array": MOVE + '"extra": [1, ["ok", "\\udc00"]]}',
    "a low surrogate before a high one": MOVE + '"note": "\\udc00\\ud800"}',
    "a high surrogate at the end": MOVE + '"note": "ok\\ud83d"}',
}


@pytest.mark.parametrize("body", LONE_SURROGATES.values(), ids=LONE_SURROGATES.keys())
def test_a_lone_surrogate_anywhere_in_a_move_is_400_invalid_and_plays_nothing(api, classic, body):
    set_position(classic, EMPTY, ("mono", "mono", "mono"))
    answer = api.generic("POST", f"/api/games/{classic.pk}/moves/", body, content_type="application/json")
    assert (answer.status_code, answer.json()) == (
        400,
        {"error": "invalid", "detail": "The JSON body has a lone surrogate escape; its text must be valid Unicode."},
    )
    classic.refresh_from_db()
    assert (classic.moves, classic.board) == (0, "".join(EMPTY))


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/auth/token/", '{"username": "\\ud800", "password": "x"}'),
        ("/api/auth/token/", '{"username": "a", "password": "x\\udfff"}'),
        ("/api/games/", '{"mode": "classic\\ud800"}'),
        ("/api/games/", '{"mode": "classic", "\\ud800": true}'),
    ],
)
def test_a_lone_surrogate_in_a_known_field_or_key_is_400_invalid(api, path, body):
    answer = api.generic("POST", path, body, content_type="application/json")
    assert (answer.status_code, answer.json()["error"]) == (400, "invalid")
    assert Game.objects.count() == 0


def test_a_surrogate_pair_escape_is_one_character_and_still_plays(api, classic):
    set_position(classic, EMPTY, ("mono", "mono", "mono"))
    body = MOVE + '"note": "\\ud83d\\ude00", "\\uD83C\\uDFB2": ["\\\\ud800"]}'
    answer = api.generic("POST", f"/api/games/{classic.pk}/moves/", body, content_type="application/json")
    assert (answer.status_code, answer.json()["game"]["moves"]) == (200, 1)


# ------------------------------------------------- numbers are JSON integers

NOT_INTEGERS = [" 1", "1", "٣", "0", 0.0, 1.0, True, False, None, [1], {"n": 1}]


@pytest.mark.parametrize("value", NOT_INTEGERS, ids=repr)
@pytest.mark.parametrize("field", ["slot", "row", "col", "move_number"])
def test_a_move_number_that_is_not_a_json_integer_is_400_invalid(api, classic, field, value):
    set_position(classic, EMPTY, ("mono", "mono", "mono"))
    body = {"slot": 1, "row": 1, "col": 1, "move_number": 0, field: value}
    answer = api.post(f"/api/games/{classic.pk}/moves/", body, format="json")
    assert (answer.status_code, answer.json()["error"]) == (400, "invalid")
    classic.refresh_from_db()
    assert (classic.moves, classic.board) == (0, "".join(EMPTY))


@pytest.mark.parametrize("value", NOT_INTEGERS[:8], ids=repr)
def test_a_challenge_number_that_is_not_a_json_integer_is_400_invalid(api, value):
    answer = api.post("/api/games/", {"mode": "challenge", "challenge": value}, format="json")
    assert (answer.status_code, answer.json()) == (
        400,
        {"error": "invalid", "detail": "challenge: A JSON integer is required."},
    )
    assert Game.objects.count() == 0


def test_json_integers_still_play(api, classic):
    set_position(classic, EMPTY, ("mono", "mono", "mono"))
    answer = api.post(
        f"/api/games/{classic.pk}/moves/", {"slot": 1, "row": 1, "col": 1, "move_number": 0}, format="json"
    )
    assert (answer.status_code, answer.json()["game"]["moves"]) == (200, 1)


@pytest.mark.parametrize("form", ["multipart", "urlencoded"])
def test_a_form_encoded_body_is_400_invalid_and_changes_nothing(api, classic, form):
    set_position(classic, EMPTY, ("mono", "mono", "mono"))
    body = {"slot": 1, "row": 1, "col": 1, "move_number": 0}
    if form == "multipart":
        answer = api.post(f"/api/games/{classic.pk}/moves/", body)
    else:
        answer = api.post(
            f"/api/games/{classic.pk}/moves/", urlencode(body), content_type="application/x-www-form-urlencoded"
        )
    assert (answer.status_code, answer.json()["error"]) == (400, "invalid")
    assert Game.objects.get(pk=classic.pk).moves == 0
    started = api.post("/api/games/", urlencode({"mode": "practice"}), content_type="application/x-www-form-urlencoded")
    assert (started.status_code, started.json()["error"]) == (400, "invalid")
    assert Game.objects.count() == 1


def test_the_board_page_still_takes_its_form_posts():
    browser = Client()
    log_in_new_guest(browser)
    browser.get("/")
    game = set_position(Game.objects.get(), EMPTY, ("mono", "mono", "mono"))
    answer = browser.post(
        f"/games/{game.pk}/move/", {"slot": 1, "row": 1, "col": 1, "move_number": 0}, HTTP_HX_REQUEST="true"
    )
    assert answer.status_code == 200
    assert Game.objects.get().moves == 1


def test_a_json_body_over_the_upload_limit_is_400_invalid_and_starts_nothing(api, settings):
    body = json.dumps({"mode": "classic", "pad": "x" * settings.DATA_UPLOAD_MAX_MEMORY_SIZE})
    answer = api.generic("POST", "/api/games/", body, content_type="application/json")
    assert (answer.status_code, answer.json()["error"]) == (400, "invalid")
    assert Game.objects.count() == 0
