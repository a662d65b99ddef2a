"""The hot answers (``game_data``, ``move_result_data``, ``player_data``), given by one serializer
instance kept for every request (blockknock.api.shapes), say exactly what a fresh serializer says,
field for field, whatever that instance answered before; a move body read directly reads as the
serializer reads it."""

import dataclasses
import datetime as dt
import json
from zoneinfo import ZoneInfo

import pytest
import time_machine
from rest_framework.exceptions import ValidationError

from blockknock.accounts.serializers import PlayerSerializer, player_data
from game import engine, services
from game.api.serializers import (
    GameSerializer,
    MoveResultSerializer,
    MoveSerializer,
    game_data,
    move_body,
    move_result_data,
)
from game.models import Game
from tests.helpers import set_position

CROSS_MISSING_CENTRE = ["...#....", "...#....", "...#....", "###.####", "...#....", "...#....", "...#....", "...#...."]


def as_json(data: dict) -> dict:
    return json.loads(json.dumps(data))


def assert_same_game(game: Game) -> None:
    slow, fast = GameSerializer(game).data, as_json(game_data(game))  # game_data answered other games before
    assert list(fast) == list(slow)  # the same fields, in the same order
    assert fast == slow


def test_a_new_classic_game(classic):
    assert_same_game(classic)


def test_a_game_mid_hand_with_a_combo_and_used_slots(player, classic):
    set_position(
        classic, CROSS_MISSING_CENTRE, ("mono", "O4", "T4-up"), used=(False, True, False), combo=2, moves_left=1
    )
    assert_same_game(Game.objects.get(pk=classic.pk))


def test_a_challenge_with_its_target_and_a_finished_game_with_stars(player):
    challenge = services.game_start(player=player, mode="challenge", challenge=1)
    assert_same_game(challenge)
    Game.objects.filter(pk=challenge.pk).update(status="over", stars=7, score=1234)
    finished = Game.objects.get(pk=challenge.pk)
    assert (finished.target, finished.stars) == (1500, 7)
    assert_same_game(finished)


def test_a_daily_past_its_day_reads_expired_in_both(player):
    la = ZoneInfo("America/Los_Angeles")
    with time_machine.travel(dt.datetime(2026, 12, 1, 9, 0, tzinfo=la), tick=False):
        daily = services.game_start(player=player, mode="daily")
    with time_machine.travel(dt.datetime(2026, 12, 2, 0, 0, 1, tzinfo=la), tick=False):
        assert game_data(daily)["status"] == "expired"
        assert_same_game(daily)


def test_a_move_result_with_lines_and_the_board_clear_bonus():
    state = engine.new_game(engine.CLASSIC, b"fast", engine.from_rows(CROSS_MISSING_CENTRE), dealer=1)
    state = dataclasses.replace(state, hand=(engine.PIECES["mono"],) * 3)
    _, result = engine.play(state, 0, 3, 3)
    assert (result.rows, result.cols, result.clear_bonus) == ((3,), (3,), 3000)
    slow, fast = MoveResultSerializer(result).data, as_json(move_result_data(result))
    assert list(fast) == list(slow)
    assert fast == slow


def test_the_player_with_the_games_figures(player, classic):
    Game.objects.filter(pk=classic.pk).update(status="over", score=900)
    player.refresh_from_db()
    slow, fast = PlayerSerializer(player).data, as_json(player_data(player))
    assert list(fast) == list(slow)
    assert fast == slow
    assert (fast["high_score"], fast["challenge_best"]) == (900, 0)


MOVE_BODIES_REFUSED = [
    {"slot": 3, "row": 0, "col": 0, "move_number": 0},  # slot above 2
    {"slot": 0, "row": -1, "col": 0, "move_number": 0},
    {"slot": 0, "row": 0, "col": 8, "move_number": 0},
    {"slot": 0, "row": 0, "col": 0, "move_number": -1},
    {"slot": True, "row": 0, "col": 0, "move_number": 0},  # a JSON true is not an integer
    {"slot": 1.0, "row": 0, "col": 0, "move_number": 0},
    {"slot": "1", "row": 0, "col": 0, "move_number": 0},
    {"slot": 0, "row": 0, "col": 0},  # move_number missing
    {"slot": None, "row": 0, "col": 0, "move_number": 0},
    [0, 0, 0, 0],
    "move",
]


def test_a_valid_move_body_reads_as_the_serializer_reads_it():
    for body in (
        {"slot": 2, "row": 7, "col": 0, "move_number": 41},
        {"slot": 0, "row": 0, "col": 7, "move_number": 0, "extra": "x"},
    ):
        serializer = MoveSerializer(data=body)
        assert serializer.is_valid()
        assert (
            move_body(body)
            == dict(serializer.validated_data)
            == {name: body[name] for name in ("slot", "row", "col", "move_number")}
        )


@pytest.mark.parametrize("body", MOVE_BODIES_REFUSED, ids=repr)
def test_a_refused_move_body_is_the_serializers_refusal_word_for_word(body):
    serializer = MoveSerializer(data=body)
    assert not serializer.is_valid()
    with pytest.raises(ValidationError) as refused:
        move_body(body)
    assert refused.value.detail == serializer.errors
