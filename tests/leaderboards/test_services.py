"""Keeping the boards current: a new best shows at once; a rebuild gives the same boards."""

import datetime as dt
import io
import threading

import pytest
from django.core.management import call_command
from django.db import connections, transaction

from game import services
from game.models import Game
from leaderboards import selectors
from leaderboards.boards import CLASSIC_ALL, CLASSIC_WEEK, current_board
from leaderboards.models import Standing
from leaderboards.services import standing_record, standings_rebuild

from .conftest import local, make_game, make_player

pytestmark = pytest.mark.django_db


def board_rows(board):
    return [(e.rank, e.player, e.value, e.game) for e in selectors.leaderboard_page(board=board).entries]


def test_a_new_best_is_on_the_board_at_once():
    me = make_player("Me")
    make_game(me, score=100)
    assert board_rows(CLASSIC_ALL.board())[0][2] == 100
    best = make_game(me, score=500)
    assert board_rows(CLASSIC_ALL.board()) == [(1, "Me", 500, str(best.pk))]
    assert board_rows(current_board(CLASSIC_WEEK)) == [(1, "Me", 500, str(best.pk))]


def test_saving_a_finished_game_does_not_record_it_a_second_way():
    """Only the finishing service (its ``game_finished`` signal) puts a game on the boards, not ``Game.save()``."""
    me = make_player("Me")
    game = make_game(me, score=700, status="playing")
    game.status, game.finished_at = "over", local(2026, 6, 10, 12)
    game.save()
    assert board_rows(CLASSIC_ALL.board()) == []


def test_recording_a_game_twice_changes_nothing():
    me = make_player("Me")
    game = make_game(me, score=300, finished_at=local(2026, 6, 10, 12))
    before = list(Standing.objects.values_list("board", "player", "value", "finished_at", "game"))
    standing_record(game=game)
    standing_record(game=game)
    assert list(Standing.objects.values_list("board", "player", "value", "finished_at", "game")) == before
    assert len(before) == 2  # this week's board and all time


def test_deleting_the_best_game_brings_back_the_next_best():
    me = make_player("Me")
    second = make_game(me, score=200, finished_at=local(2026, 6, 10, 12))
    best = make_game(me, score=900, finished_at=local(2026, 6, 10, 13))
    best.delete()
    assert board_rows(CLASSIC_ALL.board()) == [(1, "Me", 200, str(second.pk))]
    second.delete()
    assert board_rows(CLASSIC_ALL.board()) == []


def test_deleting_a_player_removes_their_rows():
    me = make_player("Me")
    make_game(me, score=200)
    me.delete()
    assert Standing.objects.count() == 0


def test_a_rebuild_gives_the_same_boards_as_recording_games_one_by_one():
    t = local(2026, 6, 10, 12)
    players = [make_player(f"P{i}") for i in range(4)]
    for index, score in enumerate([300, 100, 300, 700, 50, 700, 20, 0]):
        make_game(players[index % 4], score=score, finished_at=t + dt.timedelta(days=index))
    make_game(players[0], mode="daily", score=40, finished_at=t)
    make_game(players[1], mode="challenge", challenge=4, status="won", finished_at=t)
    make_game(players[2], mode="practice", score=10_000, finished_at=t)
    fields = ("board", "player", "value", "finished_at", "game")
    incremental = sorted(Standing.objects.values_list(*fields))
    assert (
        standings_rebuild() == len(incremental) == 4 + 3 + 4 + 1 + 1
    )  # weeks of 06-08 (4 players) and 06-15 (3), all time, daily, challenge
    assert sorted(Standing.objects.values_list(*fields)) == incremental


def test_a_game_finished_through_the_services_is_on_the_board():
    me = make_player("Me")
    game = services.game_start(player=me, mode="classic")
    Game.objects.filter(pk=game.pk).update(status="no_moves", score=1230)
    services.game_decline(player=me, game_id=game.pk)
    assert board_rows(CLASSIC_ALL.board()) == [(1, "Me", 1230, str(game.pk))]


def test_the_rebuild_command_reports_the_entries():
    make_game(make_player("Me"), score=10)
    out = io.StringIO()
    call_command("rebuild_leaderboards", stdout=out)
    assert out.getvalue().startswith("2 leaderboard entries")


@pytest.mark.needs("postgresql")  # concurrent transactions
@pytest.mark.django_db(transaction=True)
def test_two_games_of_a_player_finishing_at_once_leave_one_row_with_the_better():
    me = make_player("Me")
    games = [make_game(me, score=score, status="playing") for score in (300, 500, 400)]
    barrier = threading.Barrier(len(games))

    def finish(game):
        try:
            barrier.wait()
            with transaction.atomic():
                game.status, game.finished_at = "over", local(2026, 6, 10, 12)
                game.save()
                standing_record(game=game)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=finish, args=(game,)) for game in games]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert list(Standing.objects.filter(board="classic-all").values_list("player", "value", "game")) == [
        (me.pk, 500, games[1].pk)
    ]
