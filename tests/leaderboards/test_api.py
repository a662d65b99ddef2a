"""The leaderboard API: public reads, the contract's shape, paging, ``me`` (docs/api.md § Leaderboards)."""

import datetime as dt

import pytest
import time_machine
from rest_framework.test import APIClient

from blockknock.calendar import game_day
from game.daily.close import daily_close
from tests.helpers import api_client_for, secure

from .conftest import local, make_game, make_player

pytestmark = pytest.mark.django_db

ENTRY_FIELDS = {"rank", "player", "value", "game", "guest"}
BOARDS = ["classic/week/", "classic/all/", "challenge/", "daily/"]


def get(client, path, **params):
    return client.get(f"/api/leaderboards/{path}", params)


def crowd(count, *, mode="classic", **fields):
    """``count`` players with distinct scores 10·count … 10, best first, finished a second apart."""
    t = local(2026, 6, 10, 12)
    return [
        make_game(
            make_player(f"P{index:03}"),
            mode=mode,
            score=10 * (count - index),
            finished_at=t + dt.timedelta(seconds=index),
            **fields,
        )
        for index in range(count)
    ]


@pytest.mark.parametrize("path", BOARDS)
def test_every_board_is_a_public_read(path):
    response = get(APIClient(), path)
    assert response.status_code == 200
    assert response.json() == {"entries": [], "me": None}


@pytest.mark.parametrize("path", BOARDS)
def test_bad_credentials_are_not_a_401_on_a_public_read(path):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token not-a-token")
    response = get(client, path)
    assert (response.status_code, response.json()["me"]) == (200, None)


def test_the_answer_has_the_contracts_shape():
    me = make_player("Me")
    game = make_game(me, score=4321)
    make_game(me, mode="challenge", challenge=7, status="won")
    body = get(api_client_for(me), "classic/all/").json()
    assert set(body) == {"entries", "me"}
    assert body["entries"] == [{"rank": 1, "player": "Me", "value": 4321, "game": str(game.pk), "guest": True}]
    assert body["me"] == body["entries"][0]
    challenge = get(api_client_for(me), "challenge/").json()
    assert challenge["entries"] == [{"rank": 1, "player": "Me", "value": 7, "game": None, "guest": True}]
    assert set(challenge["me"]) == ENTRY_FIELDS


def test_fifty_a_page_with_ranks_over_the_whole_board():
    crowd(120)
    client = APIClient()
    first = get(client, "classic/all/")
    assert [e["rank"] for e in first.json()["entries"]] == list(range(1, 51))
    assert first["Link"] == '<http://testserver/api/leaderboards/classic/all/?page=2>; rel="next"'
    third = get(client, "classic/all/", page=3)
    assert [(e["rank"], e["player"], e["value"]) for e in third.json()["entries"]][:2] == [
        (101, "P100", 200),
        (102, "P101", 190),
    ]
    assert len(third.json()["entries"]) == 20
    assert third["Link"] == '<http://testserver/api/leaderboards/classic/all/?page=2>; rel="prev"'
    assert get(client, "classic/all/", page=4).json() == {"entries": [], "me": None}
    assert [len(get(client, "classic/all/", page=n).json()["entries"]) for n in (1, 2, 3)] == [50, 50, 20]


@pytest.mark.parametrize("page", ["0", "-1", "two", "1.5", "1000001"])
def test_a_bad_page_number_is_invalid(page):
    response = get(APIClient(), "classic/all/", page=page)
    assert (response.status_code, response.json()["error"]) == (400, "invalid")


def test_me_is_the_callers_row_far_down_the_board_by_token_or_session():
    crowd(130)
    me = make_player("Me")
    make_game(me, score=15, finished_at=local(2026, 6, 10, 13))  # below the 129 players of 20+, above the one of 10
    expected = {"rank": 130, "player": "Me", "value": 15}
    by_token = get(api_client_for(me), "classic/all/").json()["me"]
    assert {k: by_token[k] for k in ("rank", "player", "value")} == expected
    session = APIClient()
    session.force_login(me)
    by_session = get(session, "classic/all/").json()
    assert {k: by_session["me"][k] for k in ("rank", "player", "value")} == expected
    assert len(by_session["entries"]) == 50  # page 1 does not list them, `me` does


def test_me_is_null_for_a_player_not_on_the_board():
    crowd(3)
    assert get(api_client_for(make_player("Newcomer")), "classic/all/").json()["me"] is None


def test_this_weeks_board_follows_the_game_calendar():
    make_game(make_player("Sunday"), score=900, finished_at=local(2026, 6, 14, 23, 59))
    make_game(make_player("Monday"), score=100, finished_at=local(2026, 6, 15, 0, 0))
    with time_machine.travel(local(2026, 6, 15, 0, 1), tick=False):
        assert [e["player"] for e in get(APIClient(), "classic/week/").json()["entries"]] == ["Monday"]
    with time_machine.travel(local(2026, 6, 14, 23, 59, 59), tick=False):
        assert [e["player"] for e in get(APIClient(), "classic/week/").json()["entries"]] == ["Sunday"]


def test_daily_today_and_an_earlier_day():
    yesterday, today = dt.date(2026, 6, 9), dt.date(2026, 6, 10)
    first = make_game(
        make_player("Yesterday"), mode="daily", score=300, day=yesterday, finished_at=local(2026, 6, 9, 9)
    )
    make_game(make_player("Today"), mode="daily", score=200, day=today, finished_at=local(2026, 6, 10, 9))
    with time_machine.travel(local(2026, 6, 10, 23, 30), tick=False):
        assert game_day() == today
        daily_close(day=yesterday)  # the midnight close: yesterday's games are named from then on
        assert [(e["player"], e["game"]) for e in get(APIClient(), "daily/").json()["entries"]] == [("Today", None)]
        assert get(APIClient(), "daily/2026-06-09/").json()["entries"] == [
            {"rank": 1, "player": "Yesterday", "value": 300, "game": str(first.pk), "guest": True}
        ]
        assert get(APIClient(), "daily/2026-06-10/").json()["entries"][0]["player"] == "Today"
        future = get(APIClient(), "daily/2026-06-11/")
        assert (future.status_code, future.json()["error"]) == (404, "not_found")


def test_a_daily_row_says_whether_its_player_is_a_guest_not_paid_the_prize():
    day = dt.date(2026, 6, 9)
    make_game(make_player("Guest"), mode="daily", score=900, day=day, finished_at=local(2026, 6, 9, 9))
    make_game(secure(make_player("Secured")), mode="daily", score=300, day=day, finished_at=local(2026, 6, 9, 10))
    with time_machine.travel(local(2026, 6, 9, 12), tick=False):
        entries = get(APIClient(), "daily/").json()["entries"]
        assert [(e["player"], e["rank"], e["guest"]) for e in entries] == [("Guest", 1, True), ("Secured", 2, False)]
        html = APIClient().get("/leaderboards/daily/").content.decode()
    assert html.count('data-testid="lb-guest"') == 1 and 'data-testid="lb-daily-prize"' in html


@pytest.mark.parametrize("day", ["2026-02-30", "2026-6-1", "yesterday"])
def test_a_day_that_is_not_a_date_is_404(day):
    assert get(APIClient(), f"daily/{day}/").status_code == 404


def test_the_schema_documents_the_boards():
    schema = APIClient().get("/api/schema/", HTTP_ACCEPT="application/json").json()
    paths = schema["paths"]
    for path in ["classic/week/", "classic/all/", "challenge/", "daily/", "daily/{day}/"]:
        operation = paths[f"/api/leaderboards/{path}"]["get"]
        assert {} in operation["security"]  # no credentials needed
        assert "page" in [parameter["name"] for parameter in operation["parameters"]]
    entry = schema["components"]["schemas"]["Entry"]
    assert set(entry["properties"]) == ENTRY_FIELDS
