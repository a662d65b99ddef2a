"""What a read says: a past day's unfinished Daily reads as expired from the moment its day ends,
before the midnight task or a move writes it (API ``Game.status`` and the board page)."""

import datetime as dt
from zoneinfo import ZoneInfo

import time_machine
from django.test import Client

from game.models import Game
from tests.helpers import open_page

LA = ZoneInfo("America/Los_Angeles")


def at(*args):
    return time_machine.travel(dt.datetime(*args, tzinfo=LA), tick=False)


def test_an_unfinished_daily_reads_expired_from_midnight_in_the_api(api):
    with at(2026, 12, 1, 9, 0):
        game_id = api.post("/api/games/", {"mode": "daily"}, format="json").json()["id"]
    with at(2026, 12, 1, 23, 59, 59):
        assert api.get(f"/api/games/{game_id}/").json()["status"] == "playing"
    with at(2026, 12, 2, 0, 0, 0):
        assert api.get(f"/api/games/{game_id}/").json()["status"] == "expired"
    assert Game.objects.get(pk=game_id).status == "playing"  # nothing was written: only the read says so


def test_an_unfinished_daily_reads_expired_on_its_board_page(db):
    browser = Client()
    with at(2026, 12, 1, 9, 0):
        open_page(browser, "/daily/")
    game = Game.objects.get(mode="daily")
    with at(2026, 12, 2, 0, 0, 1):
        page = browser.get(f"/games/{game.pk}/", HTTP_HX_REQUEST="true").content.decode()
    assert 'data-status="expired"' in page
    assert 'data-status="playing"' not in page


def test_a_finished_daily_keeps_its_status_after_midnight(api):
    with at(2026, 12, 1, 9, 0):
        game_id = api.post("/api/games/", {"mode": "daily"}, format="json").json()["id"]
    Game.objects.filter(pk=game_id).update(status="over")
    with at(2026, 12, 2, 0, 0, 0):
        assert api.get(f"/api/games/{game_id}/").json()["status"] == "over"
