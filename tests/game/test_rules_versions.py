"""Rules versions (docs/rules.md § Rules versions): a new version with a changed number leaves old games as played.

Games are played under version 1; then a version 2 that pays 20 points a square
(Classic scoring) becomes the current one. The old games still replay and verify
(``manage.py verify_deals``) and their replays are what they were (10 a square); a
new game names version 2 and scores 20 a square.
"""

import dataclasses
import random

import pytest

from blockknock.accounts.services import guest_create
from game import engine, services
from game.engine import rules as engine_rules
from game.models import Game
from tests.helpers import api_client_for
from tools.bots import greedy_bot, random_bot

from .test_audit import run_verify, self_play

pytestmark = pytest.mark.django_db


def version_2_current(monkeypatch) -> engine.Ruleset:
    """Version 1 with Classic scoring at 20 points a square, added as version 2 and made the current one."""
    first = engine.ruleset(1)
    classic = dataclasses.replace(first.scorings["classic"], points_per_square=20)
    scorings = {mode: classic if kind == first.scorings["classic"] else kind for mode, kind in first.scorings.items()}
    monkeypatch.setitem(engine.RULESETS, 2, dataclasses.replace(first, version=2, scorings=scorings))
    monkeypatch.setattr(engine, "CURRENT_RULES", 2)
    monkeypatch.setattr(engine_rules, "CURRENT_RULES", 2)
    return engine.RULESETS[2]


def test_old_games_replay_and_verify_under_their_version_and_a_new_game_scores_by_the_new_one(monkeypatch):
    rng = random.Random(2)
    player = guest_create()
    api = api_client_for(player)
    old = [
        self_play(guest_create(), "daily", greedy_bot, rng),
        self_play(guest_create(), "challenge", greedy_bot, rng, challenge=1, max_moves=40),
        self_play(player, "classic", random_bot, rng, at_no_moves="decline"),
    ]
    assert [game.rules_version for game in old] == [1, 1, 1] and old[2].status == "over"
    replayed = api.get(f"/api/games/{old[2].pk}/replay/").json()

    version_2_current(monkeypatch)
    ok, out = run_verify()
    assert ok and out.startswith("3 games") and "0 mismatches" in out, out
    assert api.get(f"/api/games/{old[2].pk}/replay/").json() == replayed
    first = replayed["steps"][0]["result"]
    assert (first["lines"], first["points"]) == (0, 10 * first["squares"])
    assert replayed["game"]["fair"]["rules"] == "1"

    new = services.game_start(player=player, mode="classic")
    slot, row, col = next(engine.legal_moves(new.state))
    new, result = services.move_place(player=player, game_id=new.pk, slot=slot, row=row, col=col, move_number=0)
    assert (new.rules_version, result.lines, result.points) == (2, 0, 20 * result.squares)
    assert api.get(f"/api/games/{new.pk}/").json()["fair"]["rules"] == "2"
    ok, out = run_verify()
    assert ok and out.startswith("4 games"), out
    assert Game.objects.get(pk=old[2].pk).score == old[2].score


def test_a_finished_games_stars_are_counted_by_its_own_versions_numbers(monkeypatch):
    rng = random.Random(5)
    old = self_play(guest_create(), "classic", greedy_bot, rng, at_no_moves="decline", max_moves=400)
    assert (old.rules_version, old.status) == (1, "over")
    by_version_1 = {"base": 1, "score_bonus": min(5, old.score // 2500), "high_score": 0, "challenge": 0, "capped": 0}
    by_version_1["earned"] = by_version_1["paid"] = 1 + by_version_1["score_bonus"]
    assert old.stars_detail == by_version_1

    first = engine.ruleset(1)
    stars = dataclasses.replace(first.stars, base=2, score_step=1000, score_max=9)
    monkeypatch.setitem(engine.RULESETS, 2, dataclasses.replace(first, version=2, stars=stars))
    monkeypatch.setattr(engine, "CURRENT_RULES", 2)
    monkeypatch.setattr(engine_rules, "CURRENT_RULES", 2)
    assert Game.objects.get(pk=old.pk).stars_detail == by_version_1

    new = self_play(guest_create(), "classic", greedy_bot, rng, at_no_moves="decline", max_moves=400)
    assert (new.rules_version, new.status) == (2, "over")
    earned = 2 + min(9, new.score // 1000)
    assert new.stars_detail == {
        "base": 2,
        "score_bonus": earned - 2,
        "high_score": 0,
        "challenge": 0,
        "capped": 0,
        "earned": earned,
        "paid": earned,
    }
    assert new.stars == earned
