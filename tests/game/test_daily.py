"""The Daily: one shared start a day, one game per player, closed when its day ends."""

import datetime as dt
from zoneinfo import ZoneInfo

import time_machine

from game import engine, services
from game.daily.board import daily_start_board
from game.models import DailySeed, Game, seed_draw
from tests.helpers import api_client_for

LA = ZoneInfo("America/Los_Angeles")


def at(*args):
    return time_machine.travel(dt.datetime(*args, tzinfo=LA), tick=False)


def test_two_players_get_the_same_start_and_first_hand(api, other_api):
    with at(2026, 12, 1, 9, 0):
        mine = api.post("/api/games/", {"mode": "daily"}, format="json").json()
        theirs = other_api.post("/api/games/", {"mode": "daily"}, format="json").json()
    assert (mine["day"], mine["continues_left"]) == ("2026-12-01", 0)
    assert (mine["board"], mine["hand"]) == (theirs["board"], theirs["hand"])
    assert mine["id"] != theirs["id"]
    assert Game.objects.get(pk=mine["id"]).seed == DailySeed.objects.get(day=dt.date(2026, 12, 1)).seed


def test_the_start_board_comes_from_the_seed_and_has_no_full_line():
    seeds = [bytes.fromhex(seed_draw()) for _ in range(60)]
    boards = [daily_start_board(seed) for seed in seeds]
    assert all(not engine.has_full_line(board) for board in boards)
    assert any(boards) and not all(boards)
    assert boards == [daily_start_board(seed) for seed in seeds]


def test_starting_the_daily_twice_answers_daily_played_with_the_game(api):
    with at(2026, 12, 1, 9, 0):
        first = api.post("/api/games/", {"mode": "daily"}, format="json").json()
        again = api.post("/api/games/", {"mode": "daily"}, format="json")
    assert again.status_code == 409
    assert (again.json()["error"], again.json()["game"]) == ("daily_played", first["id"])
    assert first["id"] in again.json()["detail"]


def test_a_finished_daily_still_blocks_a_second_one(player):
    with at(2026, 12, 1, 9, 0):
        game = services.game_start(player=player, mode="daily")
        Game.objects.filter(pk=game.pk).update(status="over")
        response = api_client_for(player).post("/api/games/", {"mode": "daily"}, format="json")
    assert response.json()["error"] == "daily_played"


def test_an_unfinished_daily_expires_with_its_day_and_does_not_count(api, player):
    with at(2026, 12, 1, 23, 50):
        game = services.game_start(player=player, mode="daily")
        Game.objects.filter(pk=game.pk).update(score=5000)
    with at(2026, 12, 2, 0, 1):
        slot = next(s for s in game.hand_view if not s["used"])
        response = api.post(
            f"/api/games/{game.pk}/moves/", {"slot": slot["slot"], "row": 0, "col": 0, "move_number": 0}, format="json"
        )
        tomorrow = api.post("/api/games/", {"mode": "daily"}, format="json")
    game.refresh_from_db()
    player.refresh_from_db()
    assert (response.status_code, response.json()["error"]) == (409, "not_playing")
    assert (game.status, game.stars, player.stars) == ("expired", None, 0)
    assert (tomorrow.status_code, tomorrow.json()["day"]) == (201, "2026-12-02")


def end_daily(player, score):
    game = services.game_start(player=player, mode="daily")
    Game.objects.filter(pk=game.pk).update(status="no_moves", score=score)
    return services.game_decline(player=player, game_id=game.pk)


def test_a_finished_daily_pays_without_the_high_score_bonus(player):
    with at(2026, 12, 1, 9, 0):
        assert end_daily(player, 100).stars == 1
    with at(2026, 12, 2, 9, 0):
        game = end_daily(player, 7600)
    assert (game.status, game.stars, game.stars_detail["high_score"]) == ("over", 4, 0)
