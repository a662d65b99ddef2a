"""Commit, then reveal (docs/api.md § Verifiable deal): new games are dealt by dealer 2 from the seed the
player's ``next_commitment`` named and their client seed; ``Game.fair`` shows the seed once the game ends."""

import hashlib
import re

import pytest

from game import engine, services
from game.models import Game, NextSeed
from tests.helpers import EMPTY, set_position

HEX64 = "[0-9a-f]{64}"


def start(api, mode="classic", **body):
    return api.post("/api/games/", {"mode": mode, **body}, format="json")


def test_a_new_game_takes_the_seed_its_commitment_named_and_a_fresh_one_is_drawn(api, player):
    committed = api.get("/api/me/").json()["next_commitment"]
    game = start(api, client_seed="my seed").json()
    stored = Game.objects.get(pk=game["id"])
    assert game["fair"] == {
        "dealer": "4",
        "rules": "1",
        "commitment": committed,
        "client_seed": "my seed",
        "client_seed_by": "player",
        "server_seed": None,
    }
    assert hashlib.sha256(bytes.fromhex(stored.seed)).hexdigest() == committed
    assert (stored.dealer, stored.client_seed) == (4, "my seed")
    after = api.get("/api/me/").json()["next_commitment"]
    assert after != committed and after == NextSeed.objects.get(player=player).commitment


@pytest.mark.parametrize(
    ("mode", "body", "label"),
    [
        ("classic", {}, "classic"),
        ("practice", {}, "practice"),
        ("challenge", {"challenge": 1}, "challenge 1 version 1"),
    ],
)
def test_the_first_hand_is_dealer_4s_from_the_seed_the_client_seed_and_the_games_label(api, mode, body, label):
    game = start(api, mode, client_seed="abc", **body).json()
    stored = Game.objects.get(pk=game["id"])
    assert stored.deal_label == label
    stream = engine.LabelledStream(bytes.fromhex(stored.seed), "abc", 0, label)
    assert [slot["piece"] for slot in game["hand"]] == [p.id for p in engine.deal_hand(0, engine.BASE_SET, stream)]


def test_without_a_client_seed_the_server_draws_one(api):
    fair = start(api).json()["fair"]
    assert len(fair["client_seed"]) == 32 and all(ch in "0123456789abcdef" for ch in fair["client_seed"])
    assert fair["client_seed_by"] == "server"
    assert start(api, "practice").json()["fair"]["client_seed"] != fair["client_seed"]


@pytest.mark.parametrize("bad", ["", "x" * 65, "é", "tab\there", "new\nline", 42, None, ["a"], {"a": 1}, True])
def test_a_malformed_client_seed_is_refused_and_takes_no_seed(api, player, bad):
    committed = api.get("/api/me/").json()["next_commitment"]
    answer = start(api, client_seed=bad)
    assert (answer.status_code, answer.json()["error"]) == (400, "invalid")
    assert not Game.objects.filter(player=player).exists()
    assert api.get("/api/me/").json()["next_commitment"] == committed


@pytest.mark.parametrize("good", [" ", "~" * 64, " leading and trailing spaces kept "])
def test_a_client_seed_is_taken_exactly_as_sent(api, good):
    assert start(api, "practice", client_seed=good).json()["fair"]["client_seed"] == good


def test_the_seed_is_revealed_once_the_game_has_ended_and_its_hash_is_the_commitment(api, classic):
    game = set_position(classic, EMPTY, ("mono", "mono", "mono"))
    assert api.get(f"/api/games/{game.pk}/").json()["fair"]["server_seed"] is None
    Game.objects.filter(pk=game.pk).update(status="no_moves")
    assert api.get(f"/api/games/{game.pk}/").json()["fair"]["server_seed"] is None
    for status in ("over", "won", "abandoned", "expired"):
        Game.objects.filter(pk=game.pk).update(status=status)
        fair = api.get(f"/api/games/{game.pk}/").json()["fair"]
        assert fair["server_seed"] == game.seed, status
        assert hashlib.sha256(bytes.fromhex(fair["server_seed"])).hexdigest() == fair["commitment"]


def test_starting_another_game_abandons_the_first_and_reveals_its_seed_to_anyone(api, client):
    first = start(api).json()
    start(api)
    shown = client.get(f"/api/games/{first['id']}/").json()
    assert shown["status"] == "abandoned"
    assert shown["fair"]["server_seed"] == Game.objects.get(pk=first["id"]).seed


def test_a_game_dealt_before_verifiable_deals_has_fair_null_and_replays_with_dealer_1(api, player):
    old = services.game_start(player=player, mode="classic")
    state = engine.new_game(engine.CLASSIC, bytes.fromhex(old.seed), dealer=1)  # dealer 1, as games were dealt then
    Game.objects.filter(pk=old.pk).update(
        dealer=1, client_seed=None, status="over", hand=[p.id for p in state.hand], deals=1
    )
    assert api.get(f"/api/games/{old.pk}/").json()["fair"] is None
    replay = api.get(f"/api/games/{old.pk}/replay/").json()
    assert replay["game"]["fair"] is None
    assert [slot["piece"] for slot in replay["game"]["hand"]] == [p.id for p in state.hand]


def test_the_replay_lists_the_piece_set_in_deal_order(api, player, client):
    game = start(api).json()
    Game.objects.filter(pk=game["id"]).update(status="over")
    piece_set = client.get(f"/api/games/{game['id']}/replay/").json()["piece_set"]
    assert [entry["piece"] for entry in piece_set] == [p.id for p in engine.BASE_SET]
    assert len(piece_set) == 35
    assert piece_set[34] == {"piece": "O9", "cells": [[r, c] for r in range(3) for c in range(3)]}


def test_the_me_commitment_is_steady_until_a_game_takes_it(api):
    seen = {api.get("/api/me/").json()["next_commitment"] for _ in range(3)}
    assert len(seen) == 1 and re.fullmatch(HEX64, seen.pop())
