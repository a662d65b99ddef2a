"""The Challenge ladder: shipped challenges, lock / unlock, a win at the target (docs/rules.md § Modes)."""

import itertools
import random

import pytest
from django.core.exceptions import ValidationError

from game import engine, services
from game.models import Challenge, Game
from game.models.challenges import validate_board_text
from tests.helpers import EMPTY, set_position
from tools.bots import greedy_bot, lookahead_bot

BOT_SEEDS = range(3)


def start(api, number):
    return api.post("/api/games/", {"mode": "challenge", "challenge": number}, format="json")


def win(player, number):
    """Play challenge ``number`` to a win by putting it one point from its target."""
    game = services.game_start(player=player, mode="challenge", challenge=number)
    set_position(game, EMPTY, ("mono", "mono", "mono"))
    Game.objects.filter(pk=game.pk).update(score=game.target - 10)
    game, _ = services.move_place(player=player, game_id=game.pk, slot=0, row=0, col=0, move_number=0)
    return game


@pytest.mark.django_db
def test_at_least_30_challenges_ship_climbing_from_an_empty_1500():
    ladder = list(Challenge.objects.all())
    assert len(ladder) >= 30
    first = ladder[0]
    assert (first.number, first.target, first.board) == (1, 1500, 0)
    assert all(
        b.target >= a.target or engine.popcount(b.board) > engine.popcount(a.board)
        for a, b in itertools.pairwise(ladder)
    )
    assert [len(Challenge.objects.get(number=n).pieces) for n in (5, 6, 10, 15)] == [35, 37, 41, 50]
    for rung in ladder:
        validate_board_text(rung.start_board)


def play_out(rules, seed, board, bot):
    rng = random.Random(seed)
    state = engine.new_game(rules, seed.to_bytes(8, "big"), board, dealer=1)
    while state.status in (engine.Status.PLAYING, engine.Status.NO_MOVES):
        state = (
            engine.continue_game(state)
            if state.status == engine.Status.NO_MOVES
            else engine.play(state, *bot(state, rng))[0]
        )
    return state.status == engine.Status.WON


@pytest.mark.django_db
def test_every_shipped_challenge_is_won_by_a_bot_that_looks_one_hand_ahead(capsys):
    record = {}
    for rung in Challenge.objects.all():
        greedy = sum(play_out(rung.rules, seed, rung.board, greedy_bot) for seed in BOT_SEEDS)
        ahead = greedy or sum(play_out(rung.rules, seed, rung.board, lookahead_bot) for seed in BOT_SEEDS)
        record[rung.number] = (greedy, ahead)
    with capsys.disabled():
        print(
            "\nchallenge: (greedy wins, look-ahead wins — run when greedy won none) of",
            len(BOT_SEEDS),
            "seeds:",
            record,
        )
    assert all(ahead > 0 for _, ahead in record.values()), record


def test_challenge_two_is_locked_until_one_is_won(api, player):
    locked = start(api, 2)
    assert (locked.status_code, locked.json()["error"]) == (403, "locked")
    win(player, 1)
    opened = start(api, 2)
    assert opened.status_code == 201
    body = opened.json()
    assert (body["mode"], body["challenge"], body["target"], body["continues_left"]) == ("challenge", 2, 2500, 1)


def test_unknown_challenge_numbers_are_invalid(api):
    for number in (0, 999):
        response = start(api, number)
        assert (response.status_code, response.json()["error"]) == (400, "invalid")


def test_the_start_board_is_the_challenges(api, player):
    for number in range(1, 3):
        win(player, number)
    assert start(api, 3).json()["board"] == Challenge.objects.get(number=3).board_rows


def test_reaching_the_target_wins_at_once_mid_hand_and_pays_the_challenge(player):
    game = win(player, 1)
    assert (game.status, game.used, game.score) == ("won", [True, False, False], 1500)
    assert game.stars == 1
    player.refresh_from_db()
    assert (player.stars, player.level) == (1, 0)


def test_challenge_six_won_pays_six(player):
    for number in range(1, 6):
        win(player, number)
    assert win(player, 6).stars == 6


def test_a_lost_challenge_can_be_retried_at_once(api, player):
    first = services.game_start(player=player, mode="challenge", challenge=1)
    Game.objects.filter(pk=first.pk).update(status="no_moves")
    services.game_decline(player=player, game_id=first.pk)
    assert start(api, 1).status_code == 201


def test_the_ladder_shows_best_won_and_locked(player):
    from game.selectors import challenge_ladder

    win(player, 1)
    ladder = challenge_ladder(player=player)
    assert [(row["challenge"].number, row["won"], row["locked"]) for row in ladder[:3]] == [
        (1, True, False),
        (2, False, False),
        (3, False, True),
    ]
    assert ladder[0]["best"] == 1500


@pytest.mark.parametrize(
    ("text", "code"),
    [
        ("\n".join(["........"] * 7), "board_shape"),
        ("\n".join(["........"] * 7 + ["...x...."]), "board_shape"),
        ("\n".join(["########"] + ["........"] * 7), "board_full_line"),
        ("\n".join(["#......."] * 8), "board_full_line"),
    ],
)
def test_start_boards_are_validated(text, code):
    with pytest.raises(ValidationError) as caught:
        validate_board_text(text)
    assert caught.value.code == code
