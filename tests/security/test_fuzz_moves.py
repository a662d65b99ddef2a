"""Hypothesis-generated moves and bodies against the move endpoints (API and board).

Whatever arrives -- numbers out of range, huge numbers, wrong types, extra keys,
arbitrary JSON, raw bytes in any content type, odd game ids -- the answer is never
a 5xx, and a request that is not answered 200 leaves the game exactly as it was
(board, hand, score, combo, moves, events).
"""

import json
from urllib.parse import quote

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game import services
from game.models import Game
from tests.helpers import log_in_new_guest

pytestmark = pytest.mark.django_db

FUZZ = settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)

numbers = st.one_of(
    st.integers(min_value=-3, max_value=10),
    st.integers(),
    st.integers(min_value=2**63 - 2, max_value=2**70),
    st.floats(allow_nan=True, allow_infinity=True),
    st.booleans(),
    st.none(),
    st.text(max_size=12),
    st.sampled_from(["0", "1", " 2 ", "1e3", "0x1", "-0", "٣", "NaN", "1.0", ""]),
)
json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
move_bodies = st.fixed_dictionaries(
    {},
    optional={
        "slot": numbers,
        "row": numbers,
        "col": numbers,
        "move_number": numbers,
        "seed": st.text(max_size=70),
        "score": numbers,
        "board": json_values,
        "hand": json_values,
        "pieces": json_values,
        "status": st.text(max_size=10),
    },
)
any_bodies = st.one_of(move_bodies, json_values)
content_types = st.sampled_from(
    [
        "application/json",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=xyz",
        "text/plain",
        "",
        "application/xml",
    ]
)
game_ids = st.one_of(
    st.text(min_size=1, max_size=30).map(lambda s: quote(s, safe="")),
    st.integers().map(str),
    st.sampled_from(["0", "-1", "1e3", "9" * 30, "%00", "..", "1%2F2", "g_1"]),
)


def snapshot(game: Game) -> tuple:
    game.refresh_from_db()
    return (
        game.board,
        game.hand,
        game.used,
        game.deals,
        bytes(game.record),
        game.score,
        game.combo,
        game.combo_moves_left,
        game.moves,
        game.seq,
        game.status,
        game.continues_left,
        len(game.record),
    )


def playable(player) -> Game:
    game = services.game_start(player=player, mode="classic")
    return game


@pytest.fixture
def fast_rates(rates):
    rates(moves="100000/min", games="100000/min", guest="100000/hour")


@FUZZ
@given(body=any_bodies)
def test_api_moves_never_fail_and_a_refused_one_changes_nothing(fast_rates, api, player, body):
    game = Game.objects.filter(player=player, status="playing").first() or playable(player)
    before = snapshot(game)
    # json.dumps writes NaN / Infinity for floats: not JSON, a fair malformed body too
    answer = api.generic("POST", f"/api/games/{game.pk}/moves/", json.dumps(body), content_type="application/json")
    assert answer.status_code < 500, answer.content
    assert answer["Content-Type"].startswith("application/json")
    if answer.status_code == 200:
        assert snapshot(game)[7] == before[7] + 1
    else:
        assert answer.json()["error"]
        assert snapshot(game) == before


@FUZZ
@given(data=st.binary(max_size=300) | st.text(max_size=300).map(str.encode), content_type=content_types)
def test_raw_bodies_of_any_type_never_fail_and_change_nothing(fast_rates, api, player, data, content_type):
    game = Game.objects.filter(player=player, status="playing").first() or playable(player)
    before = snapshot(game)
    answer = api.generic("POST", f"/api/games/{game.pk}/moves/", data, content_type=content_type)
    assert answer.status_code < 500, answer.content
    if answer.status_code != 200:
        assert snapshot(game) == before


@FUZZ
@given(
    form=st.dictionaries(
        st.sampled_from(["slot", "row", "col", "move_number", "seed", "score", "x"]), st.text(max_size=12)
    )
)
def test_board_moves_never_fail_and_a_refused_one_changes_nothing(fast_rates, form):
    browser = Client()
    log_in_new_guest(browser)
    browser.get("/")
    game = Game.objects.latest("pk")
    before = snapshot(game)
    answer = browser.post(f"/games/{game.pk}/move/", form, HTTP_HX_REQUEST="true")
    assert answer.status_code < 500
    if answer.status_code != 200:
        assert snapshot(game) == before


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(game_id=game_ids, body=move_bodies)
def test_odd_game_ids_never_fail(fast_rates, api, classic, game_id, body):
    before = snapshot(classic)
    for method, path in [
        ("GET", f"/api/games/{game_id}/"),
        ("POST", f"/api/games/{game_id}/moves/"),
        ("POST", f"/api/games/{game_id}/continue/"),
        ("POST", f"/api/games/{game_id}/decline/"),
        ("GET", f"/api/games/{game_id}/replay/"),
    ]:
        answer = api.generic(method, path, json.dumps(body), content_type="application/json")
        assert answer.status_code < 500, (method, path, answer.content)
        assert answer["Content-Type"].startswith("application/json"), (method, path)
    browser = Client()
    for method, path in [
        ("GET", f"/games/{game_id}/"),
        ("POST", f"/games/{game_id}/move/"),
        ("GET", f"/games/{game_id}/fair/"),
    ]:
        answer = browser.generic(method, path, "", HTTP_HX_REQUEST="true")
        assert answer.status_code < 500, (method, path)
    assert snapshot(classic) == before or str(classic.pk) == game_id
