"""The engine's dealers 2, 3 and 4 against the vectors of the independent verifier (docs/fair-deal-vectors.json).

tools/verify_deal.py is a separate, standard-library implementation of docs/fair-deal.md; the
vectors it computed must come out of the engine unchanged: stream bytes and draws, eligible
lists and whole hands.
"""

import json
import pathlib

import pytest

import game.engine as engine
from game.daily.board import daily_start_board

VECTORS = json.loads((pathlib.Path(__file__).parents[2] / "docs" / "fair-deal-vectors.json").read_text())
SETS = {
    "base": engine.BASE_SET,
    "challenge-6": engine.piece_set(6),
    "challenge-10": engine.piece_set(10),
    "challenge-15": engine.piece_set(15),
}


def _client(vector):
    return vector["client_seed"] if vector["client_seed"] else None


def _stream(vector):
    """The engine's stream of the vector's dealer (2 where it names none), seeds, deal number and label."""
    dealer = engine.DEALERS[int(vector.get("dealer", "2"))]
    return dealer.stream(bytes.fromhex(vector["server_seed"]), _client(vector), vector["k"], vector.get("label", ""))


@pytest.mark.parametrize("vector", VECTORS["streams"], ids=lambda v: v["name"])
def test_the_stream_gives_the_verifiers_bytes_and_draws(vector):
    assert _stream(vector).read(64).hex() == vector["first_64_bytes"]
    stream = _stream(vector)
    assert [stream.below(n) for n in vector["below_n"]] == vector["below"]


@pytest.mark.parametrize("vector", VECTORS["eligible"], ids=lambda v: v["name"])
def test_the_eligible_pieces_are_the_verifiers(vector):
    pieces = SETS[vector["piece_set"]]
    drawn = [engine.PIECES[piece_id] for piece_id in vector["drawn"]]
    board = engine.from_rows(vector["board"])
    assert [p.id for p in engine.fair_pieces(board, pieces, drawn, dealer=2)] == vector["eligible"]


@pytest.mark.parametrize("vector", VECTORS["hands"], ids=lambda v: v["name"])
def test_the_dealt_hands_are_the_verifiers(vector):
    stream = _stream(vector)
    hand = engine.deal_hand(engine.from_rows(vector["board"]), SETS[vector["piece_set"]], stream)
    assert [piece.id for piece in hand] == vector["hand"]


@pytest.mark.parametrize("vector", VECTORS["daily_boards"], ids=lambda v: v["name"])
def test_the_dailys_start_board_is_the_verifiers(vector):
    assert engine.to_rows(daily_start_board(bytes.fromhex(vector["server_seed"]))) == vector["board"]


def test_every_dealer_a_new_game_is_dealt_with_has_vectors_and_dealer_4_one_for_each_labelled_mode():
    dealers = {vector.get("dealer", "2") for kind in ("streams", "hands") for vector in VECTORS[kind]}
    assert dealers == {"2", "3", "4"}
    labels = {vector["label"].split(" ")[0] for vector in VECTORS["hands"] if vector.get("dealer") == "4"}
    assert labels == {"classic", "practice", "challenge"}
