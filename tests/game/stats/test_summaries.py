"""Per-game summaries: the engine's replay of the stored events agrees with what the moves scored live."""

import random

import pytest

from game import services
from game.stats.models import GameSummary
from game.stats.summaries import summaries_backlog_fill, summaries_fill, summaries_missing
from tools.bots import greedy_bot

pytestmark = pytest.mark.django_db


def _play_out(player, mode, seed):
    """A real game played to its end through the services by a greedy bot; its move results."""
    rng, results = random.Random(seed), []
    game = services.game_start(player=player, mode=mode)
    while game.status in ("playing", "no_moves"):
        if game.status == "no_moves":
            game = services.game_decline(player=player, game_id=game.pk)
            continue
        slot, row, col = greedy_bot(game.state, rng)
        game, result = services.move_place(
            player=player, game_id=game.pk, slot=slot, row=row, col=col, move_number=game.moves
        )
        results.append(result)
    return game, results


@pytest.mark.parametrize("mode", ["classic", "practice"])
def test_a_summary_adds_up_the_lines_combos_and_empty_boards_the_moves_scored(player, mode):
    game, results = _play_out(player, mode, seed=4)
    summary = GameSummary.objects.get(game=game)  # written as the game finished: no read writes it
    assert summaries_missing(player=player) == 0
    empties = sum(1 for r in results if r.clear_bonus) if mode == "classic" else summary.empties
    assert summary.lines == sum(r.lines for r in results) > 0
    assert summary.best_combo == max(r.combo for r in results)
    assert summary.empties == empties


def test_a_long_backlog_is_filled_a_batch_at_a_time(player, make_game):
    for score in range(5):
        make_game(player, score=score)
    make_game(player, score=9, status="abandoned")
    assert summaries_fill(player=player, limit=2) == 3
    assert summaries_fill(player=player, limit=2) == 1
    assert summaries_fill(player=player, limit=2) == 0
    assert GameSummary.objects.filter(game__player=player).count() == 5
    assert set(GameSummary.objects.values_list("lines", "best_combo", "empties")) == {(0, 0, 0)}


def test_the_hourly_job_fills_every_players_backlog(player, other_player, make_game):
    for who in (player, player, other_player):
        make_game(who, score=1)
    assert (summaries_missing(player=player), summaries_missing(player=other_player)) == (2, 1)
    assert summaries_backlog_fill(limit=1) == 1  # one game a player a run: one of the first player's left
    assert summaries_backlog_fill(limit=1) == 0
    assert GameSummary.objects.count() == 3
