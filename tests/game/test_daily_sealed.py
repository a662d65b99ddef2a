"""An open Daily's replay, review and "Was it fair?" pages stay closed until its day closes (trial report):
everyone that day shares the deal, so they show, to everyone and the owner too, a "still open" page
(404) with no hand, board or piece; the Daily leaderboard links no replay until then. The API alike:
the replay and review are 404 to everyone, another player's game is 404, the leaderboard names no game."""

import datetime as dt
import re

import pytest
import time_machine
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from blockknock.accounts.services import guest_create
from blockknock.calendar import game_zone
from game import services
from game.models import DailyClose, Game
from leaderboards.services import standing_record
from tests.helpers import api_client_for, hands_of

pytestmark = pytest.mark.django_db
DAY = dt.date(2026, 12, 1)
NOON = dt.datetime(2026, 12, 1, 12, 0, tzinfo=game_zone())
PAGES = ("/leaderboards/replay/{id}/", "/games/{id}/review/", "/games/{id}/fair/")


@pytest.fixture
def travel():
    with time_machine.travel(NOON, tick=False):
        yield


@pytest.fixture
def daily(travel):
    """Today's Daily of a player, over after its first hand (on the board, as the end leaves it)."""
    owner = guest_create()
    game = services.game_start(player=owner, mode="daily")
    Game.objects.filter(pk=game.pk).update(status="over", score=640, finished_at=timezone.now())
    game.refresh_from_db()
    standing_record(game=game)
    return game


def _client_of(player) -> Client:
    client = Client()
    client.force_login(player)
    return client


def _close(day: dt.date) -> None:
    DailyClose.objects.create(day=day, closed_at=timezone.now(), top_score=640, winners=["Ada"])


@pytest.mark.parametrize("page", PAGES)
@pytest.mark.parametrize("who", ["owner", "other"])
def test_an_open_dailys_page_is_404_still_open_without_a_piece(daily, page, who):
    client = _client_of(daily.player if who == "owner" else guest_create())
    response = client.get(page.format(id=daily.public_id))
    html = response.content.decode()
    assert response.status_code == 404
    assert "This Daily is still open" in html
    assert "Its replay, review and fair-deal check open when the day closes, in 12\xa0hours:" in html
    pieces = {piece for hand in hands_of(daily) for piece in hand}
    assert pieces
    for piece in pieces:
        assert not re.search(rf"(?<![\w-]){re.escape(piece)}(?![\w-])", html), piece
    assert "fair-board" not in html and "data-replay" not in html and "review-board" not in html


@pytest.mark.parametrize("page", PAGES)
def test_the_pages_open_once_the_day_is_closed(daily, page):
    _close(DAY)
    response = _client_of(guest_create()).get(page.format(id=daily.public_id))
    assert response.status_code == 200
    assert "This Daily is still open" not in response.content.decode()


def test_the_still_open_page_is_translated(daily):
    response = Client(headers={"accept-language": "zh-hant"}).get(f"/games/{daily.public_id}/review/")
    assert response.status_code == 404
    assert "這個每日挑戰還沒結束" in response.content.decode()


def test_the_daily_leaderboard_links_no_replay_until_the_day_closes(daily, client):
    today = client.get("/leaderboards/daily/").content.decode()
    assert daily.player.name in today
    assert "/leaderboards/replay/" not in today
    _close(DAY)
    assert f'href="/leaderboards/replay/{daily.public_id}/"' in client.get("/leaderboards/daily/").content.decode()


def test_an_earlier_closed_days_board_links_the_replay(travel, client):
    with time_machine.travel(NOON - dt.timedelta(days=1), tick=False):
        game = services.game_start(player=guest_create(), mode="daily")
        Game.objects.filter(pk=game.pk).update(status="over", score=300, finished_at=timezone.now())
        game.refresh_from_db()
        standing_record(game=game)
    _close(DAY - dt.timedelta(days=1))
    html = client.get("/leaderboards/daily/2026-11-30/").content.decode()
    assert f'href="/leaderboards/replay/{game.public_id}/"' in html


def test_a_closed_dailys_fair_page_says_its_seed_is_revealed_and_a_dealer_1_game_does_not(daily, classic):
    _close(DAY)
    lead = "Now that the game is over the server has"
    assert lead in Client().get(f"/games/{daily.public_id}/fair/").content.decode()
    Game.objects.filter(pk=classic.pk).update(status="over", finished_at=timezone.now(), dealer=1, client_seed=None)
    assert lead not in Client().get(f"/games/{classic.public_id}/fair/").content.decode()


API_HISTORY = ("/api/games/{id}/replay/", "/api/games/{id}/review/")


@pytest.mark.parametrize("path", API_HISTORY)
@pytest.mark.parametrize("who", ["owner", "other", "anonymous"])
def test_an_open_dailys_replay_and_review_are_404_in_the_api_to_everyone(daily, path, who):
    client = APIClient() if who == "anonymous" else api_client_for(daily.player if who == "owner" else guest_create())
    response = client.get(path.format(id=daily.public_id))
    assert response.status_code == 404
    assert response.json()["error"] == "not_found"


@pytest.mark.parametrize("path", API_HISTORY)
def test_an_open_dailys_replay_and_review_open_in_the_api_once_the_day_is_closed(daily, path):
    _close(DAY)
    assert APIClient().get(path.format(id=daily.public_id)).status_code == 200


def test_another_players_open_daily_is_404_and_its_own_player_still_reads_it(daily):
    path = f"/api/games/{daily.public_id}/"
    assert APIClient().get(path).status_code == 404
    assert api_client_for(guest_create()).get(path).status_code == 404
    own = api_client_for(daily.player).get(path)
    assert own.status_code == 200
    assert own.json()["fair"]["server_seed"] is None
    _close(DAY)
    assert APIClient().get(path).json()["fair"]["server_seed"] == daily.seed


def test_the_daily_leaderboard_api_names_no_game_until_the_day_closes(daily):
    owner = api_client_for(daily.player)
    for client in (APIClient(), owner):
        body = client.get("/api/leaderboards/daily/").json()
        assert [entry["game"] for entry in body["entries"]] == [None]
    assert owner.get("/api/leaderboards/daily/").json()["me"]["game"] is None
    _close(DAY)
    assert APIClient().get("/api/leaderboards/daily/").json()["entries"][0]["game"] == daily.public_id
    assert owner.get("/api/leaderboards/daily/").json()["me"]["game"] == daily.public_id
