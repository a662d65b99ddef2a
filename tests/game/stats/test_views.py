"""The Stats page and ``GET /api/me/stats/``: the same numbers, a fixed number of queries, 401 without credentials."""

import datetime as dt

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from blockknock.calendar import day_end, game_day

pytestmark = pytest.mark.django_db


def _queries(client, url) -> int:
    with CaptureQueriesContext(connection) as queries:
        assert client.get(url).status_code == 200
    return len(queries)


def test_the_page_shows_the_classic_numbers_and_links_from_the_header(client, player, make_game):
    for score in (100, 2600, 400):
        make_game(player, score=score)
    client.force_login(player)
    html = client.get("/stats/").content.decode()
    assert 'data-testid="classic-best">2,600<' in html
    assert 'data-testid="classic-average">1,033<' in html
    assert '<a href="/stats/" aria-current="page">Stats</a>' in html
    assert html.count('<rect class="chart-bar"') == 3 + 6 + 30  # last games, histogram bars, days of stars
    assert "style=" not in html.split("<main", 1)[1]


def test_a_visitor_with_no_games_is_invited_to_play_and_no_guest_is_made(client, django_user_model):
    html = client.get("/stats/").content.decode()
    assert 'data-testid="stats-empty"' in html and 'href="/"' in html
    assert django_user_model.objects.count() == 0


def test_the_page_is_in_traditional_chinese(client, player, make_game):
    make_game(player, score=2600)
    client.force_login(player)
    html = client.get("/stats/", HTTP_ACCEPT_LANGUAGE="zh-Hant").content.decode()
    assert "最佳經典模式分數" in html and "2,600" in html
    assert 'data-testid="stats-zone">日期以舊金山時間計算：一天從當地午夜開始，和每日挑戰一樣。' in html


def test_the_page_names_the_time_zone_of_its_days_from_the_game_calendar(client, player, make_game, settings):
    """The Stats page did not say in which time zone its days are counted."""
    make_game(player, score=100)
    client.force_login(player)
    zone = 'data-testid="stats-zone">Days in %s time: a day starts at midnight there, as the Daily\'s does.'
    assert zone % "San Francisco" in client.get("/stats/").content.decode()
    settings.GAME_TIMEZONE = "Asia/Taipei"  # a zone without a city name of ours: its key
    assert zone % "Asia/Taipei" in client.get("/stats/").content.decode()


def test_the_page_says_when_today_ends_as_a_moment_the_browser_shows_in_local_time(client, player, make_game):
    """Midnight in San Francisco is a moment; the player reads it in their own time."""
    make_game(player, score=100)
    client.force_login(player)
    html = client.get("/stats/").content.decode()
    end = day_end(game_day()).isoformat()
    assert (
        f'Today ends at <time class="local-time" datetime="{end}" data-local-time="{{time}} your time">'
        "midnight in San Francisco</time>.<"
    ) in html


def test_the_page_and_the_api_take_the_same_queries_for_3_games_as_for_30(client, api, player, make_game):
    client.force_login(player)
    for score in range(3):
        make_game(player, score=score)
        make_game(player, "daily", score, day=dt.date(2026, 3, 1) + dt.timedelta(days=score))
    client.get("/stats/")  # fills the summaries
    few = (_queries(client, "/stats/"), _queries(api, "/api/me/stats/"))
    for score in range(3, 30):
        make_game(player, score=score * 100)
        make_game(player, "daily", score, day=dt.date(2026, 3, 1) + dt.timedelta(days=score))
    client.get("/stats/")
    assert (_queries(client, "/stats/"), _queries(api, "/api/me/stats/")) == few
    assert few[0] <= 14


def test_the_api_answers_the_page_numbers(api, player, make_game):
    for score in (100, 2600, 400):
        make_game(player, score=score)
    make_game(player, "daily", 700, day=dt.date(2026, 3, 9))
    body = api.get("/api/me/stats/").json()
    classic = body["modes"][0]
    assert (classic["mode"], classic["finished"], classic["best"], classic["average"]) == ("classic", 3, 2600, 1033)
    assert [point["score"] for point in body["classic"]["recent"]] == [100, 2600, 400]
    assert body["daily"]["best_rank"] == {"rank": 1, "day": "2026-03-09", "score": 700}
    assert (body["played"], body["level"]["level_games"], body["challenge"]["active"]) == (4, 1, 32)


def test_the_api_needs_credentials():
    response = APIClient().get("/api/me/stats/")
    assert response.status_code == 401
    assert response.json()["error"] == "not_authenticated"
