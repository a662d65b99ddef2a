"""Pitfalls of commit-then-reveal, each designed out: the commitment deals nothing,
seeds are 32 bytes from ``secrets``, parallel starts never share a seed, the client seed cannot
change the Daily's start, a future Daily's seed is not a function of its date, and the schema documents it all."""

import datetime as dt
import hashlib
import secrets
from types import SimpleNamespace
from zoneinfo import ZoneInfo

import pytest
import time_machine
from rest_framework.test import APIClient

import game.models.seeds
from game import engine, seeds, services
from game.daily import seeds as daily_seeds
from game.daily.close import daily_close_due
from game.models import DailySeed, Game, NextSeed
from tests.game.conftest import CLIENT_SEED
from tests.helpers import api_client_for, hands_of, race

pytestmark = pytest.mark.django_db
LA = ZoneInfo("America/Los_Angeles")


def at(*args):
    return time_machine.travel(dt.datetime(*args, tzinfo=LA), tick=False)


def test_a_deal_from_the_commitments_bytes_differs_from_the_games_hands(api):
    game = Game.objects.get(
        pk=api.post("/api/games/", {"mode": "classic", "client_seed": "c"}, format="json").json()["id"]
    )
    from_hash = hashlib.sha256(bytes.fromhex(game.seed)).digest()
    hands = [
        [p.id for p in engine.deal_hand(0, engine.BASE_SET, engine.LabelledStream(key, "c", k, "classic"))]
        for key in (bytes.fromhex(game.seed), from_hash)
        for k in range(8)
    ]
    assert hands[0] == hands_of(game)[0]
    assert hands[:8] != hands[8:]  # the 8 first deals from the seed are not those from its hash


def test_seeds_are_32_bytes_drawn_from_secrets(monkeypatch, player):
    asked, real = [], secrets.token_bytes
    monkeypatch.setattr(game.models.seeds, "secrets", SimpleNamespace(token_bytes=lambda n: asked.append(n) or real(n)))
    started = services.game_start(player=player, mode="practice")
    daily_seeds.dailies_ahead()
    assert len(asked) == 1 + 8 and set(asked) == {32}  # the next one (the game took the player's first), 8 Dailies
    assert len(bytes.fromhex(started.seed)) == 32 and len(bytes.fromhex(NextSeed.objects.get(player=player).seed)) == 32
    assert all(len(bytes.fromhex(row.seed)) == 32 for row in DailySeed.objects.all())


def test_each_start_takes_a_new_seed_and_the_next_one_is_never_one_taken(player):
    games = [services.game_start(player=player, mode=mode) for mode in ("classic", "practice", "classic", "practice")]
    taken = [g.seed for g in games]
    assert len(set(taken)) == 4 and NextSeed.objects.get(player=player).seed not in taken


@pytest.mark.needs("postgresql")  # parallel transactions
@pytest.mark.django_db(transaction=True)
def test_parallel_starts_never_share_a_seed(player):
    seeds.next_commitment(player=player)
    outcomes = race(6, lambda i: services.game_start(player=player, mode=("classic", "practice")[i % 2]).seed)
    assert len(set(outcomes)) == 6
    assert NextSeed.objects.get(player=player).seed not in outcomes


def test_the_daily_takes_a_client_seed_and_deals_everyone_the_same_start(api, other_api):
    with at(2026, 12, 1, 9):
        mine = api.post("/api/games/", {"mode": "daily", "client_seed": "mine"}, format="json").json()
        theirs = other_api.post("/api/games/", {"mode": "daily", "client_seed": "theirs"}, format="json").json()
    commitment = DailySeed.objects.get(day=dt.date(2026, 12, 1)).commitment
    expected = {"dealer": "3", "commitment": commitment, "server_seed": None}
    assert {key: mine["fair"][key] for key in expected} == {key: theirs["fair"][key] for key in expected} == expected
    assert (mine["fair"]["client_seed"], theirs["fair"]["client_seed"]) == ("mine", "theirs")
    assert (mine["board"], mine["hand"]) == (theirs["board"], theirs["hand"])


def test_a_daily_started_without_a_client_seed_gets_one_drawn(player, fixed_seeds):
    with at(2026, 12, 1, 9):
        game = services.game_start(player=player, mode="daily")
    assert (game.dealer, game.client_seed) == (3, CLIENT_SEED)


def test_a_dailys_seed_is_stored_random_not_derived_from_its_date(settings):
    with at(2026, 12, 1, 9):
        drawn = daily_seeds.dailies_ahead()
    assert drawn == [dt.date(2026, 12, 1) + dt.timedelta(days=n) for n in range(8)]
    first = {row.day: row.seed for row in DailySeed.objects.all()}
    DailySeed.objects.all().delete()
    with at(2026, 12, 1, 9):
        daily_seeds.dailies_ahead()
    again = {row.day: row.seed for row in DailySeed.objects.all()}
    assert first.keys() == again.keys() and all(first[day] != again[day] for day in first)
    assert not hasattr(settings, "DAILY_SECRET")


def test_the_dailies_list_shows_commitments_ahead_and_a_seed_only_once_its_day_is_closed(player):
    with at(2026, 12, 1, 9):
        daily = services.game_start(player=player, mode="daily")
        listed = APIClient().get("/api/dailies/").json()
    assert [entry["day"] for entry in listed] == [f"2026-12-{d:02d}" for d in range(1, 9)]
    assert all(entry["server_seed"] is None for entry in listed)
    assert listed[0]["commitment"] == hashlib.sha256(bytes.fromhex(daily.seed)).hexdigest()
    Game.objects.filter(pk=daily.pk).update(status="over")
    with at(2026, 12, 1, 20):
        assert api_client_for(player).get(f"/api/games/{daily.pk}/").json()["fair"]["server_seed"] is None
    with at(2026, 12, 2, 0, 5):
        assert daily_close_due() == [dt.date(2026, 12, 1)]
        listed = APIClient().get("/api/dailies/").json()
        shown = APIClient().get(f"/api/games/{daily.pk}/").json()
    assert listed[0] == {"day": "2026-12-01", "commitment": listed[0]["commitment"], "server_seed": daily.seed}
    assert [entry["server_seed"] for entry in listed[1:]] == [None] * 7  # drawn by the start; the GET draws none
    assert shown["fair"]["server_seed"] == daily.seed


def test_a_day_already_dealt_by_dealer_1_keeps_its_seed_and_dealer_for_everyone(player, other_player):
    with at(2026, 12, 1, 9):
        first = services.game_start(player=player, mode="daily")
        Game.objects.filter(pk=first.pk).update(dealer=1, seed="11" * 32)  # as a Daily begun before this release
        DailySeed.objects.all().delete()
        assert daily_seeds.dailies_ahead()[0] == dt.date(2026, 12, 2)  # today keeps its old deal: no row
        second = services.game_start(player=other_player, mode="daily")
    assert (second.dealer, second.seed, second.client_seed) == (1, "11" * 32, None)
    state = engine.new_game(engine.DAILY, bytes(b"\x11" * 32), engine.from_rows(second.start_board_rows), dealer=1)
    assert second.hand == [p.id for p in state.hand]


def test_the_schema_documents_fair_piece_set_next_commitment_client_seed_and_dailies(client):
    schema = client.get("/api/schema/", HTTP_ACCEPT="application/json").json()
    parts = schema["components"]["schemas"]
    assert set(parts["Fair"]["properties"]) == {
        "dealer",
        "rules",
        "commitment",
        "client_seed",
        "client_seed_by",
        "server_seed",
    }
    assert parts["Fair"]["properties"]["client_seed_by"].get("nullable") is True
    assert parts["Fair"]["properties"]["server_seed"].get("nullable") is True
    assert "fair" in parts["Game"]["properties"] and "piece_set" in parts["Replay"]["properties"]
    assert parts["Player"]["properties"]["next_commitment"]["type"] == "string"
    assert "client_seed" in parts["GameStart"]["properties"]
    assert "/api/dailies/" in schema["paths"]


def test_the_beat_schedule_draws_the_coming_weeks_daily_seeds(settings):
    from game import tasks

    assert settings.CELERY_BEAT_SCHEDULE["draw-daily-seeds"]["task"] == "game.tasks.draw_daily_seeds"
    with at(2026, 12, 1, 9):
        assert tasks.draw_daily_seeds.delay().get() == [f"2026-12-{d:02d}" for d in range(1, 9)]
        assert tasks.draw_daily_seeds() == []  # drawn once
