"""The client can't choose its pieces, seed, board or score, can't see a seed while it matters, can't
play two Dailies in a day, and can't read or move in another player's unfinished game."""

import base64
import itertools
import random
import threading

import pytest
from django.db import connections
from django.test import Client

from game import seeds
from game.forms import MoveForm
from game.models import DailyClose, DailySeed, Game, NextSeed, seed_commitment
from tests.helpers import EMPTY, api_client_for, first_move, log_in_new_guest, set_position
from tests.load.players import legal_moves

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}
FORGED = {
    "seed": "00" * 32,
    "score": 999_999,
    "points": 5_000,
    "combo": 9,
    "moves": 0,
    "status": "won",
    "board": ["########"] * 8,
    "hand": [{"slot": 0, "piece": "O9"}],
    "pieces": ["O9", "O9", "O9"],
    "piece": "O9",
    "cells": [[0, 0]],
    "used": [False, False, False],
    "stars": 100,
    "target": 1,
}


def api_game(game: Game) -> dict:
    """The parts of the API's Game JSON a player bot reads, from the stored row."""
    return {"board": game.board_rows, "hand": game.hand_view, "moves": game.moves, "status": game.status}


# ------------------------------------------------------------ no choosing


def test_extra_fields_in_an_api_move_are_ignored(api, classic):
    set_position(classic, EMPTY, ("mono", "I2-h", "mono"))
    answer = api.post(
        f"/api/games/{classic.pk}/moves/", {"slot": 1, "row": 0, "col": 0, "move_number": 0, **FORGED}, format="json"
    )
    assert answer.status_code == 200
    assert answer.json()["result"]["points"] == 20
    stored = Game.objects.get(pk=classic.pk)
    assert (stored.score, stored.combo, stored.seed, stored.status) == (20, 0, classic.seed, "playing")
    assert stored.board_rows == ["##......"] + [EMPTY[0]] * 7
    assert stored.hand == ["mono", "I2-h", "mono"] and stored.used == [False, True, False]


def test_the_move_form_has_no_field_but_slot_row_col_and_move_number():
    assert set(MoveForm.base_fields) == {"slot", "row", "col", "move_number"}


def test_extra_fields_in_a_board_move_are_ignored(client):
    log_in_new_guest(client)
    client.get("/")
    game = set_position(Game.objects.get(), EMPTY, ("mono", "I2-h", "mono"))
    answer = client.post(f"/games/{game.pk}/move/", {"slot": 1, "row": 0, "col": 0, "move_number": 0, **FORGED}, **HX)
    assert answer.status_code == 200
    html = answer.content.decode()
    for name in ("seed", "score", "board", "hand", "pieces", "points"):
        assert f'name="{name}"' not in html  # and the board offers no such field
    stored = Game.objects.get(pk=game.pk)
    assert (stored.score, stored.seed, stored.board_rows[0]) == (20, game.seed, "##......")


def test_a_game_start_ignores_a_seed_board_pieces_and_score_from_the_client(api):
    answer = api.post("/api/games/", {"mode": "classic", **FORGED}, format="json")
    assert answer.status_code == 201
    game = Game.objects.get(pk=answer.json()["id"])
    assert game.seed != FORGED["seed"] and len(game.seed) == 64
    assert (game.score, game.board, game.moves, game.status) == (0, "." * 64, 0, "playing")
    assert answer.json()["board"] == [EMPTY[0]] * 8


# ------------------------------------------------------- the seed stays home
# A server seed is sent only once its game can no longer be played (a Daily's once its day is
# closed); the seed a player's next game will take is never sent, only its commitment.


def seed_forms(seed: str) -> list[str]:
    raw = bytes.fromhex(seed)
    return [seed, seed.upper(), base64.b64encode(raw).decode(), base64.urlsafe_b64encode(raw).decode().rstrip("=")]


def secret_seeds(games: list[Game]) -> list[str]:
    """The seeds no body may hold now: of every unfinished game, every Daily of a day not closed,
    every player's next game, and every Daily seed not yet revealed."""
    hidden = []
    for game in games:
        game.refresh_from_db()
        if seeds.game_fair(game) is None or seeds.game_fair(game)["server_seed"] is None:
            hidden.append(game.seed)
    hidden += NextSeed.objects.values_list("seed", flat=True)
    hidden += DailySeed.objects.exclude(day__in=DailyClose.objects.values("day")).values_list("seed", flat=True)
    return hidden


def assert_no_seed(bodies: list[bytes], hidden: list[str]) -> None:
    assert bodies and hidden
    for seed in hidden:
        for form in seed_forms(seed):
            for body in bodies:
                assert form.encode() not in body, f"the secret seed {seed[:8]}… was sent to the client"


def assert_revealed_in_fair(body: dict, game: Game) -> None:
    game.refresh_from_db()
    assert body["fair"] == {
        "dealer": "4",
        "rules": "1",
        "commitment": seed_commitment(game.seed),
        "client_seed": game.client_seed,
        "client_seed_by": game.client_seed_by,
        "server_seed": game.seed,
    }


def test_a_whole_game_through_the_api_sends_no_seed_until_it_ends(api, player, rates):
    rates(moves="100000/min")
    rng = random.Random(7)
    reads = ["/api/me/", "/api/dailies/", "/api/leaderboards/classic/all/", "/api/leaderboards/classic/week/"]
    start = api.post("/api/games/", {"mode": "classic"}, format="json")
    bodies, game = [start.content], start.json()
    hidden = secret_seeds(list(Game.objects.filter(player=player)))  # fixed while this game is played
    for step in itertools.count():
        gid = game["id"]
        bodies += [api.get(path).content for path in [f"/api/games/{gid}/", *(reads if step % 10 == 0 else [])]]
        if game["status"] == "no_moves":
            kind = "continue" if game["continues_left"] else "decline"
            answer = api.post(f"/api/games/{gid}/{kind}/")
            game = answer.json()
        else:
            slot, row, col = rng.choice(legal_moves(game))
            answer = api.post(
                f"/api/games/{gid}/moves/",
                {"slot": slot, "row": row, "col": col, "move_number": game["moves"]},
                format="json",
            )
            game = answer.json()["game"]
        assert answer.status_code == 200
        if game["status"] == "over":
            break
        bodies.append(answer.content)
    assert_no_seed(bodies, hidden)
    ended = Game.objects.get(pk=game["id"])
    assert_revealed_in_fair(game, ended)
    assert_revealed_in_fair(api.get(f"/api/games/{ended.pk}/replay/").json()["game"], ended)
    for path in [f"/games/{ended.pk}/fair/", f"/leaderboards/replay/{ended.pk}/", *reads]:
        answer = api.get(path)
        assert answer.status_code == 200, path
        bodies.append(answer.content)
    daily = api.post("/api/games/", {"mode": "daily"}, format="json")
    Game.objects.filter(pk=daily.json()["id"]).update(status="over")  # finished, but its day is not closed
    bodies += [daily.content, api.get(f"/api/games/{daily.json()['id']}/").content]
    bodies.append(api.get(f"/api/games/{daily.json()['id']}/replay/").content)
    assert_no_seed(bodies, secret_seeds(list(Game.objects.filter(player=player))))


def test_a_whole_game_on_the_board_sends_no_seed_until_it_ends(client, rates):
    rates(moves="100000/min")
    rng = random.Random(3)
    pages = ["/", "/daily/", "/practice/", "/challenges/", "/settings/", "/how-to-play/", "/leaderboards/"]
    page, first = first_move(client, **HX)  # a first visit: its page, then its first move
    bodies = [page.content, first.content]
    game = Game.objects.get()
    hidden = secret_seeds(list(Game.objects.all()))  # fixed while this game is played
    for step in itertools.count():
        bodies += [client.get(path).content for path in [f"/games/{game.pk}/", *(pages if step % 25 == 0 else [])]]
        if game.status == "no_moves":
            kind = "continue" if game.continues_left else "decline"
            answer = client.post(f"/games/{game.pk}/{kind}/", **HX)
        else:
            slot, row, col = rng.choice(legal_moves(api_game(game)))
            answer = client.post(
                f"/games/{game.pk}/move/", {"slot": slot, "row": row, "col": col, "move_number": game.moves}, **HX
            )
        assert answer.status_code == 200
        game.refresh_from_db()
        if game.status == "over":
            break
        bodies.append(answer.content)
    assert_no_seed(bodies, hidden)
    for path in [f"/games/{game.pk}/", f"/games/{game.pk}/fair/", f"/leaderboards/replay/{game.pk}/", *pages]:
        answer = client.get(path, **({"HTTP_HX_REQUEST": "true"} if path == f"/games/{game.pk}/" else {}))
        assert answer.status_code == 200, path
        bodies.append(answer.content)
    assert_no_seed(bodies, secret_seeds(list(Game.objects.all())))


# ------------------------------------------------------------- one Daily


@pytest.mark.needs("postgresql")  # parallel transactions
@pytest.mark.django_db(transaction=True)
def test_parallel_daily_starts_make_one_daily(player):
    count = 6
    barrier = threading.Barrier(count)
    codes = [None] * count

    def start(i):
        client = api_client_for(player)
        barrier.wait()
        try:
            answer = client.post("/api/games/", {"mode": "daily"}, format="json")
            codes[i] = (answer.status_code, answer.json().get("error"))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=start, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(codes, key=str) == sorted([(201, None)] + [(409, "daily_played")] * (count - 1), key=str)
    assert Game.objects.filter(player=player, mode="daily").count() == 1


# ------------------------------------------------- someone else's game


def snapshot(game: Game) -> tuple:
    game.refresh_from_db()
    return (game.board, game.hand, game.used, game.score, game.moves, game.seq, game.status, len(game.record))


def test_another_players_unfinished_game_is_not_there_for_the_api(other_api, classic):
    game = set_position(classic, EMPTY, ("mono", "mono", "mono"))
    before = snapshot(game)
    assert other_api.get(f"/api/games/{game.pk}/").status_code == 404
    assert other_api.get(f"/api/games/{game.pk}/replay/").status_code == 404
    for path, body in [
        ("moves/", {"slot": 0, "row": 0, "col": 0, "move_number": 0}),
        ("continue/", {}),
        ("decline/", {}),
    ]:
        answer = other_api.post(f"/api/games/{game.pk}/{path}", body, format="json")
        assert (answer.status_code, answer.json()["error"]) == (404, "not_found"), path
    assert Client().get(f"/api/games/{game.pk}/").status_code == 404  # nor for no one
    assert snapshot(game) == before


def test_another_players_unfinished_game_is_not_there_on_the_board(classic):
    game = set_position(classic, EMPTY, ("mono", "mono", "mono"))
    game.status = "no_moves"
    game.continues_left = 1
    game.save()
    before = snapshot(game)
    intruder = Client()
    log_in_new_guest(intruder)
    intruder.get("/")
    assert intruder.get(f"/games/{game.pk}/", **HX).status_code == 404
    assert intruder.get(f"/games/{game.pk}/fair/").status_code == 404
    assert intruder.get(f"/leaderboards/replay/{game.pk}/").status_code == 404
    for path, body in [
        ("move/", {"slot": 0, "row": 0, "col": 0, "move_number": 0}),
        ("continue/", {}),
        ("decline/", {}),
    ]:
        assert intruder.post(f"/games/{game.pk}/{path}", body, **HX).status_code == 404, path
    assert snapshot(game) == before


def test_a_finished_game_can_be_read_by_anyone_but_moved_by_no_one_else(other_api, classic):
    game = set_position(classic, EMPTY, ("mono", "mono", "mono"))
    Game.objects.filter(pk=game.pk).update(status="over")
    before = snapshot(game)
    assert other_api.get(f"/api/games/{game.pk}/").status_code == 200
    for path in ("moves/", "continue/", "decline/"):
        body = {"slot": 0, "row": 0, "col": 0, "move_number": 0} if path == "moves/" else {}
        assert other_api.post(f"/api/games/{game.pk}/{path}", body, format="json").status_code == 404
    assert snapshot(game) == before
