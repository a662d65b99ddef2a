"""A game is its record (docs/record.md): what a game stores, and a challenge frozen as the game started it."""

import random

import pytest

from game import engine, services
from game.models import Challenge, Game
from tests.helpers import api_client_for
from tools.bots import greedy_bot, random_bot

from .test_audit import run_verify, self_play

pytestmark = pytest.mark.django_db

ROCKY = "\n".join(["#......#", *["........"] * 6, "#......#"])


def test_each_event_is_one_byte_of_the_record_in_the_order_played(player):
    game = self_play(player, "classic", random_bot, random.Random(4), max_moves=300, at_no_moves="decline")
    stored = Game.objects.get(pk=game.pk)
    events = engine.decode(stored.record)
    assert len(stored.record) == stored.seq == stored.moves + 1
    assert events[-1] == ("decline",) and all(kind == "move" for kind, *_ in events[:-1])
    assert [slot * 64 + row * 8 + col for _, slot, row, col in events[:-1]] == list(stored.record[:-1])
    assert stored.start_board is None and stored.start_board_rows == ["........"] * 8


def test_a_challenge_edited_by_staff_after_a_game_started_leaves_the_game_as_it_froze_it(player):
    api = api_client_for(player)
    rung, _ = Challenge.objects.get_or_create(number=1, defaults={"target": 1500})
    game = services.game_start(player=player, mode="challenge", challenge=1)
    frozen = (game.start_board, game.piece_set, game.target)
    assert frozen == ("." * 64, 1, rung.target)
    rng = random.Random(1)
    for number in range(5):
        slot, row, col = greedy_bot(game.state, rng)
        game, _ = services.move_place(player=player, game_id=game.pk, slot=slot, row=row, col=col, move_number=number)
    rung.start_board, rung.piece_set, rung.target = ROCKY, 15, rung.target + 500
    rung.save()
    new = services.game_start(player=player, mode="challenge", challenge=1)  # abandons the first: public
    assert (new.start_board_rows[0], new.piece_set, new.target) == ("#......#", 15, rung.target)
    stored = Game.objects.get(pk=game.pk)
    assert (stored.start_board, stored.piece_set, stored.target, stored.status) == (*frozen, "abandoned")
    replay = api.get(f"/api/games/{stored.pk}/replay/").json()
    assert replay["start_board"] == ["........"] * 8
    assert len(replay["piece_set"]) == len(engine.piece_set(1)) == 35
    assert [step["move"] for step in replay["steps"]] == [
        {"slot": slot, "row": row, "col": col} for _, slot, row, col in stored.events
    ]
    assert run_verify("--game", stored.public_id, "--game", new.public_id)[0]
