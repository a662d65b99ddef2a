"""Rules versions (docs/rules.md § Rules versions): a new version with a changed number leaves old games as played.

Games are played under version 1; then a version 2 that pays 20 points a square
(Classic scoring) becomes the current one. The old games still replay and verify
(``manage.py verify_deals``) and their replays are what they were (10 a square); a
new game names version 2 and scores 20 a square.
"""

import dataclasses
import json
import random
import re

import pytest

from blockknock.accounts.services import guest_create
from game import engine, services
from game.engine import rules as engine_rules
from game.models import Game
from tests.helpers import api_client_for, log_in_new_guest
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


@pytest.mark.usefixtures("fixed_seeds")  # the same games every run: each ends within its moves
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


def _page_json(html: str, box: str, script: str) -> dict:
    """The JSON of ``<template id="{box}"><script id="{script}" type="application/json">`` in ``html``."""
    found = re.search(
        rf'<template id="{box}"><script id="{script}" type="application/json">(.*?)</script></template>', html
    )
    assert found, f"no #{script} in a #{box} template"
    return json.loads(found.group(1))


def test_the_play_page_carries_its_games_own_version_and_the_fair_page_every_version(client, monkeypatch):
    player = log_in_new_guest(client)
    old = services.game_start(player=player, mode="practice")
    first = engine.ruleset(1)
    classic = dataclasses.replace(first.scorings["classic"], combo_moves=4)
    scorings = {**first.scorings, "classic": classic, "daily": classic, "challenge": classic}
    monkeypatch.setitem(engine.RULESETS, 2, dataclasses.replace(first, version=2, scorings=scorings))
    monkeypatch.setattr(engine, "CURRENT_RULES", 2)
    monkeypatch.setattr(engine_rules, "CURRENT_RULES", 2)
    new = services.game_start(player=player, mode="classic")

    old_page = client.get(f"/games/{old.pk}/", HTTP_HX_REQUEST="true").content.decode()
    assert 'data-mode="practice"' in old_page and 'data-rules-version="1"' in old_page
    assert _page_json(old_page, "bk-rules-box", "bk-rules") == first.as_json()
    assert re.search(r'<span class="combo-dots" aria-hidden="true">((?:<i></i>)*)</span>', old_page).group(1) == (
        "<i></i>" * 3
    )
    new_page = client.get(f"/games/{new.pk}/", HTTP_HX_REQUEST="true").content.decode()
    assert 'data-mode="classic"' in new_page and 'data-rules-version="2"' in new_page
    assert _page_json(new_page, "bk-rules-box", "bk-rules")["scorings"]["classic"] == {
        "name": "classic",
        "points_per_square": 10,
        "line_points_unit": 100,
        "empty_board_bonus": 3000,
        "combo_moves": 4,
    }
    assert new_page.count("<i></i>") == 4  # the COMBO pill's dots: version 2's window
    assert "data-scoring" not in new_page

    Game.objects.filter(pk=new.pk).update(status="abandoned")  # ended: its proof is public
    fair_page = client.get(f"/games/{new.public_id}/fair/").content.decode()
    assert _page_json(fair_page, "bk-rulesets-box", "bk-rulesets") == {"1": first.as_json(), "2": new.ruleset.as_json()}
