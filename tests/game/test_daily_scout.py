"""The scout test: a throwaway Daily read through everything the API offers predicts nothing
of another player's Daily beyond the first hand (dealer 3: the player's own seed from the second hand on)."""

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
import time_machine
from rest_framework.test import APIClient

from blockknock.accounts.services import guest_create
from game import engine, services
from game.daily.close import daily_close_due
from game.models import Game
from tests.helpers import hands_of
from tools import verify_deal

pytestmark = pytest.mark.django_db
LA = ZoneInfo("America/Los_Angeles")
NOON = dt.datetime(2026, 12, 1, 12, tzinfo=LA)


def legal_moves(game: Game) -> list[tuple[int, int, int]]:
    """Every ``(slot, row, col)`` the game's hand can be placed at now."""
    board = engine.from_rows(game.board_rows)
    found = []
    for slot, piece in enumerate(game.hand):
        bits = 0 if game.used[slot] else engine.anchors(board, engine.PIECES[piece])
        found += [(slot, *divmod(cell, 8)) for cell in range(64) if bits >> cell & 1]
    return found


def played(player, client_seed: str, moves: list[tuple[int, int, int]] = ()) -> tuple[Game, list]:
    """``player``'s Daily played to its end: each of ``moves`` while it is legal, else the first legal move.

    :returns: the game and the moves made.
    """
    game = services.game_start(player=player, mode="daily", client_seed=client_seed)
    made = []
    while game.status == "playing":
        legal = legal_moves(game)
        wanted = moves[len(made)] if len(made) < len(moves) else None
        slot, row, col = wanted if wanted in legal else legal[0]
        game, _ = services.move_place(
            player=player, game_id=game.pk, slot=slot, row=row, col=col, move_number=game.moves
        )
        made.append((slot, row, col))
    return game, made


def everything_the_api_offers(game: Game, reader: APIClient) -> list:
    """Every answer of the API about ``game`` and its day, to ``reader``."""
    paths = [f"/api/games/{game.public_id}/", f"/api/games/{game.public_id}/replay/"]
    paths += [f"/api/games/{game.public_id}/review/", f"/api/leaderboards/daily/{game.day}/", "/api/dailies/"]
    return [reader.get(path) for path in paths]


def test_a_scouts_daily_predicts_nothing_of_another_players_beyond_the_first_hand(fixed_seeds):
    with time_machine.travel(NOON, tick=False):
        scout, _made = played(guest_create(), "scout's seed")
        detail, replay, review, board, dailies = everything_the_api_offers(scout, APIClient())
        assert (detail.status_code, replay.status_code, review.status_code) == (404, 404, 404)
        assert [entry["game"] for entry in board.json()["entries"]] == [None]
        assert [d["server_seed"] for d in dailies.json() if d["day"] == "2026-12-01"] == [None]
        second, _ = played(guest_create(), "second's seed", moves=_made)  # the scout's moves, as far as they go
    assert scout.deals > 3 and second.deals > 3
    assert scout.start_board == second.start_board and hands_of(scout)[0] == hands_of(second)[0]
    assert [k for k in range(1, min(scout.deals, second.deals)) if hands_of(scout)[k] == hands_of(second)[k]] == []


def test_the_scout_reads_everything_once_the_day_has_closed(fixed_seeds):
    with time_machine.travel(NOON, tick=False):
        scout, _ = played(guest_create(), "scout's seed")
    with time_machine.travel(NOON + dt.timedelta(days=1), tick=False):
        assert daily_close_due() == [dt.date(2026, 12, 1)]
        answers = everything_the_api_offers(scout, APIClient())
    assert [answer.status_code for answer in answers] == [200] * 5
    assert answers[0].json()["fair"]["server_seed"] == scout.seed
    assert answers[3].json()["entries"][0]["game"] == scout.public_id
    assert [d["server_seed"] for d in answers[4].json() if d["day"] == "2026-12-01"] == [scout.seed]
    replay, dailies = answers[1].json(), answers[4].json()
    # the standalone verifier, its start board check and the day's published entry included
    reports, problems = verify_deal.verify(replay, dailies=dailies)
    assert (problems, [r.problems for r in reports]) == ([], [[]] * scout.deals)
    replay["start_board"] = ["#......#", *replay["start_board"][1:]]
    problem = verify_deal.verify(replay, dailies=dailies)[1][0]
    assert problem.startswith("start board row 0 is '#......#' in the replay, ")
    assert problem.endswith(" by the rule (the day's seed makes)")
