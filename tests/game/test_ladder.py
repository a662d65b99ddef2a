"""The published, versioned Challenge ladder: GET /api/challenges/, the version each game records, the migration
that published the ladder, and No thanks as a step of the replay."""

import datetime as dt
import importlib
import random
from itertools import pairwise

import pytest
from django.apps import apps
from rest_framework.test import APIClient

from blockknock.accounts.services import guest_create as guest
from game import services
from game.models import Challenge, ChallengeVersion, Game
from tests.game.test_audit import self_play
from tests.helpers import api_client_for
from tools.bots import random_bot

pytestmark = pytest.mark.django_db

EMPTY = ["........"] * 8
ROCKY = "\n".join(["#......#", *EMPTY[1:]])


def ladder(client=None) -> list[dict]:
    return (client or APIClient()).get("/api/challenges/").json()


def test_the_ladder_is_public_and_lists_every_challenge_in_order():
    answer = APIClient().get("/api/challenges/")
    assert answer.status_code == 200
    published = answer.json()
    assert [(entry["number"], entry["version"]) for entry in published] == [(n, 1) for n in range(1, 33)]
    saved = ChallengeVersion.objects.get(challenge__number=3).published_at
    assert dt.datetime.fromisoformat(published[2].pop("published")) == saved  # ISO 8601 with its offset
    assert published[2] == {
        "number": 3,
        "version": 1,
        "target": 2500,
        "start_board": ["##....##", "#......#", *EMPTY[2:6], "#......#", "##....##"],
        "piece_set": "base",
        "from_game": None,
        "active": True,
    }
    assert [published[n - 1]["piece_set"] for n in (5, 6, 9, 10, 14, 15, 32)] == [
        "base",
        "challenge-6",
        "challenge-6",
        "challenge-10",
        "challenge-10",
        "challenge-15",
        "challenge-15",
    ]


def test_the_ladder_is_cacheable_and_a_matching_etag_answers_304():
    first = APIClient().get("/api/challenges/")
    assert first["Cache-Control"] == "public, max-age=300"
    tag = first["ETag"]
    assert tag.startswith('"') and len(tag) == 34
    again = APIClient().get("/api/challenges/", HTTP_IF_NONE_MATCH=tag)
    assert (again.status_code, again.content) == (304, b"")
    rung = Challenge.objects.get(number=3)
    rung.target = 2600
    rung.save()
    changed = APIClient().get("/api/challenges/", HTTP_IF_NONE_MATCH=tag)
    assert changed.status_code == 200 and changed["ETag"] != tag


def test_an_edit_publishes_the_next_version_and_keeps_the_old_one():
    rung = Challenge.objects.get(number=1)
    rung.start_board, rung.piece_set, rung.target = ROCKY, 15, 2000
    rung.save()
    rung.save()  # nothing changed: no third version
    ones = [entry for entry in ladder() if entry["number"] == 1]
    assert [(e["version"], e["target"], e["start_board"][0], e["piece_set"]) for e in ones] == [
        (1, 1500, "........", "base"),
        (2, 2000, "#......#", "challenge-15"),
    ]


def test_a_game_records_the_version_it_started_under_and_keeps_it_after_an_edit(player):
    api = api_client_for(player)
    first = api.post("/api/games/", {"mode": "challenge", "challenge": 1}, format="json").json()
    assert (first["challenge"], first["challenge_version"], first["target"]) == (1, 1, 1500)
    rung = Challenge.objects.get(number=1)
    rung.target = 1800
    rung.save()
    second = api.post("/api/games/", {"mode": "challenge", "challenge": 1}, format="json").json()  # abandons the first
    assert (second["challenge_version"], second["target"]) == (2, 1800)
    old = api.get(f"/api/games/{first['id']}/replay/").json()["game"]
    assert (old["status"], old["challenge_version"], old["target"]) == ("abandoned", 1, 1500)
    classic = api.post("/api/games/", {"mode": "classic"}, format="json").json()
    assert classic["challenge_version"] is None


def test_a_rung_changed_without_save_is_published_when_a_game_starts(player):
    Challenge.objects.filter(number=1).update(target=1700)  # a queryset update runs no save()
    game = services.game_start(player=player, mode="challenge", challenge=1)
    published = ChallengeVersion.objects.get(challenge__number=1, version=game.challenge_version)
    assert (game.challenge_version, published.target, game.target) == (2, 1700, 1700)


def test_the_migration_points_each_game_at_the_version_it_froze():
    """Games of challenge 1 played before staff edited it froze another definition: it becomes version 1, the
    definition as it stands version 2; challenge 2's games all froze its definition: version 1."""
    Challenge.objects.filter(number=1).update(active=False)  # challenge 2 open without winning 1 first
    games = [services.game_start(player=guest(), mode="challenge", challenge=2)]
    Challenge.objects.filter(number=1).update(active=True)
    player_games = [services.game_start(player=guest(), mode="challenge", challenge=1) for _ in range(2)] + games
    Game.objects.filter(pk=player_games[0].pk).update(target=1000, start_board="#" + "." * 63)
    Game.objects.update(challenge_version=None)
    ChallengeVersion.objects.all().delete()
    importlib.import_module("game.migrations.0013_challenge_versions").publish_existing(apps, None)
    versions = dict(Game.objects.values_list("pk", "challenge_version"))
    assert [versions[game.pk] for game in player_games] == [1, 2, 1]
    ones = ChallengeVersion.objects.filter(challenge__number=1).order_by("version")
    assert [(v.version, v.target, v.start_board[0]) for v in ones] == [(1, 1000, "#"), (2, 1500, ".")]
    assert ChallengeVersion.objects.count() == 33  # 32 challenges, one of them with an earlier version


def test_no_thanks_is_the_replay_s_last_step_in_its_place_in_the_record():
    game = self_play(guest(), "classic", random_bot, random.Random(4), max_moves=300, at_no_moves="decline")
    assert game.status == "over" and game.events[-1] == ("decline",)
    steps = APIClient().get(f"/api/games/{game.pk}/replay/").json()["steps"]
    assert len(steps) == game.seq  # one step per event of the record, in its order
    last = steps[-1]
    assert sorted(last) == ["board", "decline", "hand"] and last["decline"] is True
    assert last["board"] == steps[-2]["board"] == game.board_rows  # No thanks changes no board
    assert [entry["piece"] for entry in last["hand"]] == list(game.hand)


def test_the_ladder_is_in_the_api_schema():
    schema = APIClient().get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    answer = schema["paths"]["/api/challenges/"]["get"]["responses"]["200"]["content"]["application/json"]["schema"]
    version = schema["components"]["schemas"][answer["items"]["$ref"].rsplit("/", 1)[1]]
    assert sorted(version["properties"]) == [
        "active",
        "from_game",
        "number",
        "piece_set",
        "published",
        "start_board",
        "target",
        "version",
    ]
    game = schema["components"]["schemas"]["Game"]["properties"]
    assert game["challenge_version"]["nullable"] is True


def test_each_challenge_asks_for_more_points_or_starts_with_more_blocks_than_the_one_before():
    """What the Challenges page says of the ladder (it said "the targets climb", and 29's 18,000 is below 28's
    20,000: 29 starts with 16 blocks on the board, 28 with none)."""
    rungs = [(c.number, c.target, c.start_board.count("#")) for c in Challenge.objects.order_by("number")]
    assert rungs[27:29] == [(28, 20000, 0), (29, 18000, 16)]
    harder = [target > before[1] or blocks > before[2] for before, (_, target, blocks) in pairwise(rungs)]
    assert (len(rungs), harder) == (32, [True] * 31)
    en = APIClient().get("/challenges/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Each challenge asks for more points than the one before or starts with more blocks on the board" in en
    zh = APIClient().get("/challenges/", HTTP_ACCEPT_LANGUAGE="zh-hant").content.decode()
    assert "每一關的目標分數都比前一關高，或一開始棋盤上的方塊比前一關多" in zh


def test_the_dating_migration_dates_a_version_by_its_first_game_where_that_was_earlier():
    """Migration 0013 stamped every version with the time it ran, after the games already played under them."""
    first = services.game_start(player=guest(), mode="challenge", challenge=1)
    services.game_start(player=guest(), mode="challenge", challenge=1)
    ran = first.created_at + dt.timedelta(days=3)
    ChallengeVersion.objects.update(published_at=ran)
    importlib.import_module("game.migrations.0015_challenge_versions_published").date_by_first_game(apps, None)
    dated = dict(ChallengeVersion.objects.values_list("challenge__number", "published_at"))
    assert (dated[1], dated[2]) == (first.created_at, ran)  # challenge 2 was never played: its stamp stays
