"""No GET changes the database: every GET route of the site, pages and API (listed by Django's
URL resolver), asked by a visitor with no player, by a guest player and by a signed-in player (session and
API token), runs no INSERT, UPDATE or DELETE. The seeds a page shows are drawn when the player or the game
is created, or by a POST (a Daily's seed: at the start, or by the hourly job)."""

import datetime as dt
import re
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from blockknock.accounts.models import Player
from blockknock.accounts.services import guest_create
from game import services
from game.daily.close import daily_close_due
from game.models import Game
from tests.game.test_daily_scout import played
from tests.helpers import api_client_for, route_paths

pytestmark = pytest.mark.django_db
LA = ZoneInfo("America/Los_Angeles")
NOON = dt.datetime(2026, 12, 2, 12, tzinfo=LA)
WRITES = re.compile(r"^\s*(INSERT|UPDATE|DELETE)\b", re.IGNORECASE)
# The passkey page keeps the WebAuthn challenge it hands the browser in the session (allauth.mfa, as the
# protocol needs): the ceremony's state, not the player's data. Nothing else may be written there.
CEREMONIES = {"/accounts/2fa/webauthn/add/"}
SESSION_WRITE = re.compile(r'^\s*(INSERT INTO|UPDATE) "django_session"', re.IGNORECASE)


def _paths(game: Game) -> list[str]:
    """Every route with its parameters filled: the player's finished Daily of a closed day as the game."""
    return route_paths(
        {
            "game_id": game.public_id,
            "number": "1",
            "day": "2026-12-01",
            "slug": "classic",
            "language": "en",
            "app_label": "game",
            "url": "nothing/",
        }
    )


def _writes(client, path: str) -> list[str]:
    with CaptureQueriesContext(connection) as queries:
        client.get(path)
    writes = [query["sql"] for query in queries if WRITES.match(query["sql"])]
    return [sql for sql in writes if not (path in CEREMONIES and SESSION_WRITE.match(sql))]


@pytest.fixture
def world():
    """A guest who played yesterday's Daily (closed since, finished by the services) and has a Classic game
    going; a player with a password and no game yet."""
    with time_machine.travel(NOON - dt.timedelta(days=1), tick=False):
        guest = guest_create()
        daily, _moves = played(guest, "guest seed")
        services.game_start(player=guest, mode="classic")
    with time_machine.travel(NOON, tick=False):
        assert daily_close_due() == [dt.date(2026, 12, 1)]
        player = Player.objects.create_user(username="ada", password="tiles-and-lines-42", name="Ada")  # no game yet
    daily.refresh_from_db()
    return guest, player, daily


@pytest.mark.parametrize("who", ["visitor", "guest", "signed-in", "api token"])
def test_no_get_route_writes_to_the_database(world, who):
    guest, player, daily = world
    client = {"visitor": Client, "guest": Client, "signed-in": Client, "api token": lambda: api_client_for(player)}[
        who
    ]()
    if who in ("guest", "signed-in"):
        client.force_login(guest if who == "guest" else player)
    with time_machine.travel(NOON, tick=False):
        # A first request may set cookies and stamp the signed-in device's last seen (allauth's tracking, at
        # most once in five minutes: accounts.middleware.DeviceSeenMiddleware); no other GET writes.
        client.get("/")
        found = {path: writes for path in _paths(daily) if (writes := _writes(client, path))}
    assert found == {}


def test_the_route_list_covers_pages_and_api(world):
    paths = _paths(world[2])
    assert {"/", "/daily/", "/practice/", "/stats/", "/api/me/", "/api/dailies/", "/api/me/stats/"} <= set(paths)
    assert len(paths) > 100
