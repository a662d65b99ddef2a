"""The deal's only inputs are the board, the piece set and the game's random stream (docs/rules.md § The fair deal).

A spy wraps the engine's ``deal_hand`` where the game flow calls it, and the
services run as in play: every call must carry exactly ``(board, pieces, stream)``
derived from the game, and two players who differ in everything but the seed and
the moves must be dealt the same hands.
"""

import copy
import inspect
import random

import pytest

from blockknock.accounts.services import guest_create
from game import engine, services
from game.engine import game as engine_game
from game.engine.deal import deal_hand  # the real one, bound before any spy
from game.models import Game
from tests.helpers import hands_of
from tools.bots import random_bot

from .conftest import CLIENT_SEED, SERVER_SEED


@pytest.fixture
def deal_calls(monkeypatch):
    """Every call of the engine's deal: ``(args, kwargs, a copy of the stream as it was passed)``."""
    calls = []
    real = engine_game.deal_hand

    def spy(*args, **kwargs):
        calls.append((args, kwargs, copy.copy(args[2]) if len(args) > 2 else None))
        return real(*args, **kwargs)

    monkeypatch.setattr(engine_game, "deal_hand", spy)  # the name the game flow calls
    monkeypatch.setattr(engine, "deal_hand", spy)  # and the package's, should a caller use it
    return calls


def play_same_moves(games, rng, max_moves=120):
    """Play the games side by side, the random bot choosing from the first game's position."""
    for _ in range(max_moves):
        first = games[0]
        if first.status == "no_moves":
            games = [services.game_continue(player=g.player, game_id=g.public_id) for g in games]
            continue
        if first.status != "playing":
            break
        slot, row, col = random_bot(first.state, rng)
        games = [
            services.move_place(player=g.player, game_id=g.public_id, slot=slot, row=row, col=col, move_number=g.moves)[
                0
            ]
            for g in games
        ]
        yield games


def test_the_deal_takes_exactly_board_piece_set_and_stream():
    assert list(inspect.signature(deal_hand).parameters) == ["board", "pieces", "stream"]


@pytest.mark.django_db
def test_the_services_pass_the_deal_only_the_board_the_piece_set_and_the_games_stream_for_that_deal(
    deal_calls, fixed_seeds
):
    player = guest_create()
    started = services.game_start(player=player, mode="classic")
    for _ in play_same_moves([started], random.Random(6)):
        pass
    game = Game.objects.get(pk=started.pk)
    # each hand dealt once in play, then once more by the replay of the Stats summary as the game ends
    assert game.deals >= 4 and len(deal_calls) == 2 * game.deals
    played, replayed = deal_calls[: game.deals], deal_calls[game.deals :]
    dealt = hands_of(game)  # replayed from the record (after the count: the replay deals too)
    assert [(args[:2], stream.k) for args, _, stream in replayed] == [(args[:2], s.k) for args, _, s in played]
    for k, (args, kwargs, stream) in enumerate(played):
        board, pieces, _ = args
        assert len(args) == 3 and kwargs == {}
        assert type(board) is int and 0 <= board < 2**64
        assert pieces is game.rules.pieces == engine.BASE_SET
        assert type(stream) is engine.LabelledStream and stream.k == k
        own = engine.LabelledStream(SERVER_SEED, CLIENT_SEED, k, "classic")
        assert stream.read(256) == own.read(256)  # the game's own stream for deal k, its label "classic"
        hand = deal_hand(board, pieces, engine.LabelledStream(SERVER_SEED, CLIENT_SEED, k, "classic"))
        assert [piece.id for piece in hand] == dealt[k]


@pytest.mark.django_db
def test_two_players_who_differ_in_score_level_stars_and_history_get_the_same_hands(deal_calls, fixed_seeds):
    novice, veteran = guest_create(), guest_create()
    old = services.game_start(player=veteran, mode="classic")
    for _ in play_same_moves([old], random.Random(1), max_moves=200):
        pass
    Game.objects.filter(pk=old.pk).update(status="over", score=987_650)  # a high score to beat
    type(veteran).objects.filter(pk=veteran.pk).update(level=42, stars=5_000, name="Veteran")
    veteran.refresh_from_db()
    deal_calls.clear()

    games = [services.game_start(player=p, mode="classic") for p in (novice, veteran)]
    assert games[0].hand == games[1].hand
    for played in play_same_moves(games, random.Random(2)):
        assert played[0].hand == played[1].hand and played[0].deals == played[1].deals
        assert played[0].score == played[1].score
    novice_game, veteran_game = (Game.objects.get(pk=g.pk) for g in games)
    assert novice_game.deals >= 4
    # pairwise the very same arguments, in the same order (then each game's Stats summary replays its hands)
    assert len(deal_calls) == 4 * novice_game.deals
    played = deal_calls[: 2 * novice_game.deals]
    assert hands_of(novice_game) == hands_of(veteran_game)
    for (a, _, stream_a), (b, _, stream_b) in zip(played[::2], played[1::2]):
        assert a[:2] == b[:2] and stream_a.k == stream_b.k
        assert stream_a.read(64) == stream_b.read(64)
