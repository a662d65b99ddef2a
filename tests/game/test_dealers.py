"""The published dealer cut-overs: GET /api/dealers/, written by the first game each dealer deals in a mode,
filled from the stored games by their migration, and held by ``manage.py verify_deals``."""

import importlib

import pytest
from django.apps import apps
from rest_framework.test import APIClient

from blockknock.accounts.services import guest_create as guest
from game import services
from game.history import cutover_refusing
from game.models import DealerCutover, Game

from .test_audit import run_verify

pytestmark = pytest.mark.django_db

MIGRATION = importlib.import_module("game.migrations.0014_dealer_cutovers")


def published() -> list[dict]:
    return APIClient().get("/api/dealers/").json()


def test_the_first_game_a_dealer_deals_in_a_mode_publishes_its_cut_over_and_later_ones_do_not():
    player = guest()
    first = services.game_start(player=player, mode="classic")
    services.game_start(player=player, mode="classic")
    daily = services.game_start(player=player, mode="daily")
    assert published() == [
        {"mode": "classic", "dealer": 4, "from_game": first.pk},
        {"mode": "daily", "dealer": 3, "from_game": daily.pk},
    ]


def test_the_cut_overs_are_public_cacheable_and_a_matching_etag_answers_304():
    first = APIClient().get("/api/dealers/")
    assert (first.status_code, first.json(), first["Cache-Control"]) == (200, [], "public, max-age=300")
    again = APIClient().get("/api/dealers/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert (again.status_code, again.content) == (304, b"")
    services.game_start(player=guest(), mode="practice")
    changed = APIClient().get("/api/dealers/", HTTP_IF_NONE_MATCH=first["ETag"])
    assert changed.status_code == 200 and changed["ETag"] != first["ETag"]


def test_the_migration_publishes_each_dealer_from_its_first_game_after_the_last_of_an_older_one():
    player = guest()
    games = [services.game_start(player=player, mode="classic") for _ in range(6)]
    dealers = [1, 2, 1, 2, 4, 2]  # a dealer-2 game before the last dealer-1 game: no cut-over yet
    for game, dealer in zip(games, dealers):
        Game.objects.filter(pk=game.pk).update(dealer=dealer)
    DealerCutover.objects.all().delete()
    MIGRATION.publish_history(apps, None)
    assert published() == [
        {"mode": "classic", "dealer": 1, "from_game": games[0].pk},
        {"mode": "classic", "dealer": 2, "from_game": games[3].pk},
    ]  # dealer 4 dealt no game after the last of dealer 2: a cut-over to it would refuse that one


@pytest.mark.parametrize(
    ("game_id", "dealer", "refusing"),
    [(1000, 2, (1000, 4)), (999, 2, None), (990, 4, None), (5, 1, None), (1200, 9, (1000, 4)), (39, 2, None)],
)
def test_a_game_of_an_older_dealer_at_or_after_its_cut_over_is_refused(game_id, dealer, refusing):
    assert cutover_refusing([(1, 1), (40, 2), (1000, 4)], game_id, dealer) == refusing


def test_verify_deals_refuses_a_game_dealt_by_an_older_dealer_after_its_mode_s_cut_over():
    player = guest()
    first, second = (services.game_start(player=player, mode="classic") for _ in range(2))
    assert run_verify()[0]
    Game.objects.filter(pk=second.pk).update(dealer=2)
    ok, out = run_verify()
    assert not ok
    assert (
        f"game {second.pk}: dealer, but every classic game from game {first.pk} on is dealt by dealer 4 "
        "(the published cut-over, GET /api/dealers/): stored 2, replayed 4"
    ) in out


def test_an_older_dealer_dealing_after_a_newer_one_publishes_no_cut_over():
    player = guest()
    first = services.game_start(player=player, mode="classic")
    older = services.game_start(player=player, mode="classic")
    Game.objects.filter(pk=older.pk).update(dealer=2)
    services.dealer_cutover_note(Game.objects.get(pk=older.pk))
    assert published() == [{"mode": "classic", "dealer": 4, "from_game": first.pk}]
