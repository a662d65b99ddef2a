"""Each challenge version's first game (``from_game`` in GET /api/challenges/): written by that game's start under
the rung's row lock, filled for the stored games by a migration, and never changed after."""

import importlib

import pytest
from django.apps import apps
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from blockknock.accounts.services import guest_create as guest
from game import services
from game.models import Challenge, ChallengeVersion

pytestmark = pytest.mark.django_db


def from_games(number: int) -> list[tuple[int, int | None]]:
    listed = APIClient().get("/api/challenges/").json()
    return [(entry["version"], entry["from_game"]) for entry in listed if entry["number"] == number]


def test_a_version_s_first_game_is_published_as_its_from_game_and_later_games_change_nothing():
    assert from_games(1) == [(1, None)]
    first = services.game_start(player=guest(), mode="challenge", challenge=1)
    services.game_start(player=guest(), mode="challenge", challenge=1)
    assert from_games(1) == [(1, first.pk)]
    rung = Challenge.objects.get(number=1)
    rung.target = 1800
    rung.save()
    assert from_games(1) == [(1, first.pk), (2, None)]
    newer = services.game_start(player=guest(), mode="challenge", challenge=1)
    services.game_start(player=guest(), mode="challenge", challenge=1)
    assert from_games(1) == [(1, first.pk), (2, newer.pk)]
    assert from_games(2) == [(1, None)]  # a Classic game or another challenge's writes nothing here
    services.game_start(player=guest(), mode="classic")
    assert from_games(1) == [(1, first.pk), (2, newer.pk)]


@pytest.mark.skipif(not connection.features.has_select_for_update, reason="the database has no row locks")
def test_a_challenge_start_and_a_staff_save_lock_the_rung_s_row():
    with CaptureQueriesContext(connection) as start:
        services.game_start(player=guest(), mode="challenge", challenge=1)
    with CaptureQueriesContext(connection) as save:
        rung = Challenge.objects.get(number=1)
        rung.target = 1800
        rung.save()
    for queries in (start, save):
        locks = [q["sql"] for q in queries.captured_queries if "FOR UPDATE" in q["sql"]]
        assert any('FROM "game_challenge"' in sql for sql in locks)


def test_the_migration_fills_each_version_s_from_game_with_its_lowest_stored_game():
    ones = [services.game_start(player=guest(), mode="challenge", challenge=1) for _ in range(2)]
    rung = Challenge.objects.get(number=1)
    rung.target = 1800
    rung.save()
    two = services.game_start(player=guest(), mode="challenge", challenge=1)
    ChallengeVersion.objects.update(from_game=None)
    importlib.import_module("game.migrations.0016_challenge_version_from_game").first_games(apps, None)
    assert from_games(1) == [(1, ones[0].pk), (2, two.pk)]
    assert from_games(3) == [(1, None)]  # never played
