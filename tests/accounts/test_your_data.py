"""Settings → Your data: "Download my games" verifies offline with tools/verify_deal.py, and "Close my account"
removes what names the player while its games and star ledger stay, shown as "closed account"."""

import datetime as dt
import json
import random
import subprocess
import sys
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
import time_machine
from allauth.account.models import EmailAddress
from allauth.usersessions.models import UserSession
from django.test import Client
from rest_framework.authtoken.models import Token

from blockknock.accounts.models import Player, StarEntry, ledger_balance
from blockknock.accounts.services import GUEST_BACKEND
from game import services
from game.daily.close import daily_close_due
from game.models import DailySeed, Game
from tests.accounts.second_factor import PASSWORD, add_totp
from tests.game.test_audit import self_play
from tests.helpers import api_client_for, route_paths
from tools.bots import random_bot

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
VERIFIER = ROOT / "tools" / "verify_deal.py"
NAME = "Zebedee Quux"


@pytest.fixture
def zeb():
    player = Player.objects.create_user(username="zebedee", password=PASSWORD, name=NAME, email="zeb@example.org")
    EmailAddress.objects.create(user=player, email="zeb@example.org", verified=True, primary=True)
    return player


def _signed_in(player) -> Client:
    client = Client()
    assert client.post("/accounts/login/", {"login": player.username, "password": PASSWORD}).status_code == 302
    return client


def _twenty_games(player) -> list[Game]:
    """Two games played out (No thanks at "No moves left") and 18 left after three moves (abandoned by the next)."""
    rng = random.Random(35)
    games = [self_play(player, "classic", random_bot, rng, max_moves=300, at_no_moves="decline") for _ in range(2)]
    for _ in range(18):
        games.append(self_play(player, "classic", random_bot, rng, max_moves=3))
    services.game_start(player=player, mode="classic")  # abandons the last; this one is still going on
    return games


def test_the_downloaded_games_of_a_20_game_account_verify_offline(zeb, tmp_path):
    games = _twenty_games(zeb)
    answer = _signed_in(zeb).get("/settings/my-games.json")
    assert answer.status_code == 200 and answer["Content-Type"] == "application/json"
    assert answer["Content-Disposition"].startswith('attachment; filename="blockknock-games-')
    data = answer.json()
    assert (data["format"], data["version"]) == ("blockknock-games", 1)
    assert data["dealers"] == [{"mode": "classic", "dealer": 4, "from_game": games[0].pk}]  # as GET /api/dealers/
    assert [r["game"]["id"] for r in data["replays"]] == [Game.objects.get(pk=g.pk).public_id for g in games]
    assert {r["game"]["status"] for r in data["replays"]} == {"over", "abandoned"}
    path = tmp_path / "games.json"
    path.write_bytes(answer.content)
    done = subprocess.run([sys.executable, str(VERIFIER), str(path)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-2000:]
    assert done.stdout.splitlines()[-1] == "PASS: 20 of 20 games verified"


def _verified(data: dict, tmp_path: Path) -> subprocess.CompletedProcess:
    path = tmp_path / "games.json"
    path.write_text(json.dumps(data))
    return subprocess.run([sys.executable, str(VERIFIER), str(path)], capture_output=True, text=True, timeout=300)


def test_a_download_with_a_daily_carries_its_day_s_published_entry_and_verifies_offline(zeb, tmp_path):
    day = dt.datetime(2026, 12, 1, 9, tzinfo=ZoneInfo("America/Los_Angeles"))
    with time_machine.travel(day, tick=False):
        self_play(zeb, "classic", random_bot, random.Random(3), max_moves=300, at_no_moves="decline")
        daily = self_play(zeb, "daily", random_bot, random.Random(4), max_moves=300)
    with time_machine.travel(day + dt.timedelta(days=1), tick=False):
        assert daily_close_due() == [day.date()]
        data = _signed_in(zeb).get("/settings/my-games.json").json()
    seed = DailySeed.objects.get(day=day.date())
    assert data["dailies"] == [{"day": "2026-12-01", "commitment": seed.commitment, "server_seed": seed.seed}]
    assert [r["game"]["mode"] for r in data["replays"]] == ["classic", "daily"] and daily.seed == seed.seed
    done = _verified(data, tmp_path)
    assert done.returncode == 0 and done.stdout.splitlines()[-1] == "PASS: 2 of 2 games verified", done.stdout
    data["replays"][1]["game"]["day"] = "2026-12-02"  # the Daily moved to a day the file publishes no entry for
    done = _verified(data, tmp_path)
    assert done.returncode == 1 and done.stdout.splitlines()[-1] == "FAIL: 1 of 2 games verified"
    assert "no Daily is published for '2026-12-02'" in done.stdout


def test_a_tampered_download_fails_verification(zeb, tmp_path):
    self_play(zeb, "classic", random_bot, random.Random(7), max_moves=300, at_no_moves="decline")
    data = _signed_in(zeb).get("/settings/my-games.json").json()
    data["replays"][0]["game"]["score"] += 10
    path = tmp_path / "games.json"
    path.write_text(json.dumps(data))
    done = subprocess.run([sys.executable, str(VERIFIER), str(path)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and done.stdout.splitlines()[-1] == "FAIL: 0 of 1 games verified"


def test_a_download_whose_game_is_shown_as_dealt_by_an_older_dealer_fails_verification(zeb, tmp_path):
    game = self_play(zeb, "classic", random_bot, random.Random(7), max_moves=300, at_no_moves="decline")
    data = _signed_in(zeb).get("/settings/my-games.json").json()
    data["replays"][0]["game"]["fair"]["dealer"] = "2"
    path = tmp_path / "games.json"
    path.write_text(json.dumps(data))
    done = subprocess.run([sys.executable, str(VERIFIER), str(path)], capture_output=True, text=True, timeout=120)
    assert done.returncode == 1 and done.stdout.splitlines()[-1] == "FAIL: 0 of 1 games verified"
    assert (
        f"game {game.pk} is dealt by dealer 2, but every classic game from game {game.pk} on is dealt by dealer 4 "
        "(the published cut-over, GET /api/dealers/)"
    ) in done.stdout


def test_the_download_needs_a_signed_in_player():
    answer = Client().get("/settings/my-games.json")
    assert (answer.status_code, answer["Location"]) == (302, "/accounts/login/?next=/settings/my-games.json")


def _readers() -> dict[str, Client]:
    """Who reads the site: a visitor, another player's browser and another player's API client."""
    reader = Player.objects.create_user(username="reader", password=PASSWORD, name="Reader")
    browser = Client()
    browser.force_login(reader, backend=GUEST_BACKEND)
    return {"visitor": Client(), "player": browser, "api token": api_client_for(reader)}


def _naming(game: Game, readers: dict[str, Client], words: tuple[str, ...]) -> dict[str, list[str]]:
    """Every GET route of the site (pages and API, ``game``'s id in the game routes), as each reader: the
    paths whose answer holds one of ``words``, by reader."""
    paths = route_paths({"game_id": game.public_id, "slug": "classic", "language": "en", "url": "nothing/"})
    found: dict[str, list[str]] = {}
    for who, client in readers.items():
        bodies = {path: client.get(path).content.decode() for path in paths}
        found[who] = [path for path, body in bodies.items() if any(word in body for word in words)]
    return found


def test_a_closed_accounts_name_appears_on_no_page_or_api_answer_and_its_games_stay(zeb):
    game = self_play(zeb, "classic", random_bot, random.Random(3), max_moves=300, at_no_moves="decline")
    readers = _readers()
    public = [
        "/api/leaderboards/classic/all/",
        "/api/leaderboards/classic/week/",
        "/leaderboards/",
        "/leaderboards/classic/all/",
        f"/leaderboards/replay/{game.public_id}/",
    ]
    assert _naming(game, readers, (NAME,)) == {"visitor": public, "player": public, "api token": public}
    browser = _signed_in(zeb)
    add_totp(zeb)
    Token.objects.create(user=zeb)
    stars, ledger = (
        Player.objects.get(pk=zeb.pk).stars,
        list(StarEntry.objects.filter(player=zeb).values_list("pk", "amount")),
    )
    assert browser.get("/accounts/close/").status_code == 200
    closed = browser.post("/accounts/close/", {"confirm": "close"})
    assert (closed.status_code, closed["Location"]) == (302, "/")
    after = _naming(game, readers, (NAME, "zebedee", "zeb@example.org"))
    assert after == {"visitor": [], "player": [], "api token": []}
    assert _naming(game, {"visitor": readers["visitor"]}, ("closed account",)) == {"visitor": public}
    player = Player.objects.get(pk=zeb.pk)
    assert (player.username, player.name, player.email, player.is_active) == (f"closed-{zeb.pk}", "", "", False)
    assert not player.has_usable_password() and str(player) == "closed account"
    assert not EmailAddress.objects.filter(user=player).exists() and not player.authenticator_set.exists()
    assert not Token.objects.filter(user=player).exists() and not UserSession.objects.filter(user=player).exists()
    assert list(Game.objects.filter(player=player).values_list("pk", flat=True)) == [game.pk]
    assert list(StarEntry.objects.filter(player=player).values_list("pk", "amount")) == ledger
    assert ledger_balance(player) == stars == player.stars
    assert browser.get("/accounts/session/").json()["player"] is None
    assert Client().post("/accounts/login/", {"login": "zebedee", "password": PASSWORD}).status_code == 200


def test_closing_needs_the_box_ticked(zeb):
    browser = _signed_in(zeb)
    answer = browser.post("/accounts/close/", {})
    assert (answer.status_code, answer["Location"]) == (302, "/accounts/close/")
    assert Player.objects.get(pk=zeb.pk).closed_at is None
