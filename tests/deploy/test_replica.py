"""blockknock/replica.py: the public reads go to the replica; a client that just wrote, every authentication
lookup and every cache fill go to the primary.

The replica here is the test database under a second connection (``TEST: {"MIRROR": "default"}``,
blockknock/settings/test.py), so each test counts the queries each alias served. The mirror sees only
committed rows: these tests run with ``transaction=True``.
"""

from __future__ import annotations

from contextlib import ExitStack, contextmanager

import pytest
from django.core.cache import cache
from django.db import connections, router
from django.test import override_settings
from django.test.client import RequestFactory
from django.test.utils import CaptureQueriesContext
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from blockknock import replica
from blockknock.accounts.auth import me_data
from blockknock.accounts.models import Player
from blockknock.accounts.services import guest_create
from game import services
from game.models import Game
from tests.helpers import abandoned_game, api_client_for, first_fit
from themes import selectors as themes_selectors

pytestmark = [
    pytest.mark.django_db(transaction=True, databases=["default", "replica"]),
    pytest.mark.usefixtures("replica_on"),
]


@pytest.fixture
def replica_on():
    with override_settings(REPLICA_READS=True):
        yield


class Served:
    """The SQL each alias served inside a ``with``: ``served.primary`` and ``served.replica``, lists of statements."""

    primary: list[str]
    replica: list[str]

    def tables(self, alias: str) -> set[str]:
        sql = self.primary if alias == replica.PRIMARY else self.replica
        return {
            table
            for table in ("game_game", "authtoken_token", "accounts_player", "themes_theme")
            if any(f'"{table}"' in statement for statement in sql)
        }


@contextmanager
def served():
    found = Served()
    with ExitStack() as stack:
        on_primary = stack.enter_context(CaptureQueriesContext(connections[replica.PRIMARY]))
        on_replica = stack.enter_context(CaptureQueriesContext(connections[replica.REPLICA]))
        yield found
    found.primary = [query["sql"] for query in on_primary.captured_queries]
    found.replica = [query["sql"] for query in on_replica.captured_queries]


def ended_game():
    """A Classic game of a new guest, one move played, then abandoned (a new game started)."""
    return abandoned_game(guest_create())


# --- the router -------------------------------------------------------------------------------------


def test_migrations_and_writes_go_to_the_primary_only():
    assert router.allow_migrate("default", "game") is True
    assert router.allow_migrate("replica", "game") is False
    assert router.db_for_write(Game) == "default"


def test_reads_go_to_the_replica_only_inside_a_replica_view_and_authentication_always_to_the_primary():
    request = RequestFactory().get("/")
    seen = {}

    @replica.replica_reads
    def view(request):
        seen.update(game=router.db_for_read(Game), player=router.db_for_read(Player), token=router.db_for_read(Token))
        with replica.primary():
            seen["filling"] = router.db_for_read(Game)
        seen["after"] = router.db_for_read(Game)

    assert router.db_for_read(Game) == "default"
    view(request)
    assert seen == {
        "game": "replica",
        "player": "default",
        "token": "default",
        "filling": "default",
        "after": "replica",
    }
    assert router.db_for_read(Game) == "default"


def test_a_write_inside_a_replica_view_sends_the_rest_of_its_reads_to_the_primary():
    seen = []

    @replica.replica_reads
    def view(request):
        seen.append(router.db_for_read(Game))
        router.db_for_write(Game)
        seen.append(router.db_for_read(Game))

    view(RequestFactory().get("/"))
    assert seen == ["replica", "default"]
    assert router.db_for_read(Game) == "default"


def test_with_replica_reads_off_every_read_goes_to_the_primary():
    @replica.replica_reads
    def view(request):
        return router.db_for_read(Game)

    with override_settings(REPLICA_READS=False):
        assert view(RequestFactory().get("/")) == "default"


# --- the public reads -------------------------------------------------------------------------------


def test_the_public_reads_of_an_anonymous_reader_go_to_the_replica():
    game = ended_game()
    client = APIClient()
    paths = [
        f"/api/games/{game.public_id}/replay/",
        f"/api/games/{game.public_id}/review/",
        f"/games/{game.public_id}/review/",
        f"/games/{game.public_id}/fair/",
        f"/leaderboards/replay/{game.public_id}/",
    ]
    for path in paths:
        with served() as queries:
            assert client.get(path).status_code == 200
        assert "game_game" in queries.tables("replica"), path
        # the one read of the primary: the row a cached document is computed from (first read only)
        assert sum('"game_game"' in sql for sql in queries.primary) <= 1, path
    for path in ("/api/leaderboards/classic/all/", "/leaderboards/classic/all/", "/api/dailies/"):
        with served() as queries:
            assert client.get(path).status_code == 200
        assert queries.replica, path
        assert not any('"game_' in sql or '"leaderboards_' in sql for sql in queries.primary), path


# --- trap: a new API token, used at once ------------------------------------------------------------


def test_a_new_token_used_at_once_is_looked_up_on_the_primary():
    token = APIClient().post("/api/auth/guest/").json()["token"]
    client = APIClient()  # a token client keeps no cookies: no pin cookie from the guest's creation
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    with served() as queries:
        assert client.get("/api/me/stats/").status_code == 200
    assert "authtoken_token" in queries.tables("default")
    assert "authtoken_token" not in queries.tables("replica")
    assert "game_game" in queries.tables("replica")  # the Stats themselves: a public read
    cache.clear()
    with served() as queries:  # a board reads credentials only for "me", inside its replica view
        assert client.get("/api/leaderboards/classic/all/").status_code == 200
    assert "authtoken_token" in queries.tables("default")
    assert "authtoken_token" not in queries.tables("replica")
    assert any('"leaderboards_standing"' in sql for sql in queries.replica)


def test_a_signed_in_browser_s_session_and_player_are_read_from_the_primary_inside_a_replica_view(client):
    player = guest_create()
    client.force_login(player, backend="blockknock.accounts.auth.CachedModelBackend")
    cache.clear()  # neither the session nor its player cached: both are read from a database
    # (today the language middleware reads them before the view; inside it the router sends them to the primary too:
    # test_reads_go_to_the_replica_only_inside_a_replica_view_and_authentication_always_to_the_primary)
    with served() as queries:
        assert client.get("/leaderboards/classic/all/").status_code == 200
    session_reads = [sql for sql in queries.primary if '"django_session"' in sql]
    player_reads = [sql for sql in queries.primary if sql.startswith('SELECT "accounts_player"')]
    assert (len(session_reads), len(player_reads)) == (1, 1)
    assert not any('"django_session"' in sql or sql.startswith('SELECT "accounts_player"') for sql in queries.replica)
    assert any('"leaderboards_standing"' in sql for sql in queries.replica)


# --- trap: a cache fill from the replica ------------------------------------------------------------


def test_the_api_me_answer_is_cached_from_the_primary_even_inside_a_replica_view():
    player = guest_create()

    @replica.replica_reads
    def view(request):
        return me_data(player)

    with served() as queries:
        data = view(RequestFactory().get("/"))
    assert (data["name"], data["is_guest"], data["stars"]) == (player.name, True, 0)
    assert queries.primary and not queries.replica
    with served() as queries:
        assert view(RequestFactory().get("/")) == data  # from the cache now
    assert not queries.primary and not queries.replica


def test_the_looks_stylesheet_version_is_cached_from_the_primary_inside_a_replica_view():
    @replica.replica_reads
    def view(request):
        return themes_selectors.stylesheet_version()

    with served() as queries:
        view(RequestFactory().get("/"))
    assert "themes_theme" in queries.tables("default")
    assert not queries.replica


def test_a_review_is_computed_from_the_primary_and_then_read_from_the_cache():
    game = ended_game()
    with served() as queries:
        first = APIClient().get(f"/api/games/{game.public_id}/review/")
    assert first.status_code == 200
    assert sum('"game_game"' in sql for sql in queries.primary) == 1  # the row the review is computed from
    with served() as queries:
        again = APIClient().get(f"/api/games/{game.public_id}/review/")
    assert again.json() == first.json()
    assert not queries.primary and queries.tables("replica") == {"game_game"}


# --- trap: a player's own read right after a move ---------------------------------------------------


def test_a_token_client_reads_from_the_primary_right_after_its_move():
    player = guest_create()
    game = services.game_start(player=player, mode="classic")
    slot, row, col = first_fit(game)
    move = {"slot": slot, "row": row, "col": col, "move_number": 0}
    assert api_client_for(player).post(f"/api/games/{game.public_id}/moves/", move, format="json").status_code == 200
    reader = api_client_for(player)  # the same token, no cookies: pinned by its credential's mark
    with served() as queries:
        assert reader.get("/api/me/stats/").status_code == 200
    assert queries.primary and not queries.replica
    stranger = APIClient()
    with served() as queries:
        assert stranger.get("/api/leaderboards/classic/all/").status_code == 200
    assert queries.replica  # someone else is not pinned


def test_a_browser_reads_from_the_primary_for_ten_seconds_after_a_post():
    client = APIClient()
    answer = client.post("/api/auth/guest/")
    cookie = answer.cookies[replica.PIN_COOKIE]
    assert (cookie.value, cookie["max-age"], cookie["httponly"], cookie["samesite"]) == ("1", 10, True, "Lax")
    with served() as queries:
        assert client.get("/leaderboards/classic/all/").status_code == 200
    assert queries.primary and not queries.replica


def test_a_read_does_not_pin_and_nothing_pins_with_replica_reads_off():
    assert replica.PIN_COOKIE not in APIClient().get("/api/dailies/").cookies
    with override_settings(REPLICA_READS=False):
        assert replica.PIN_COOKIE not in APIClient().post("/api/auth/guest/").cookies


# --- a replica behind: the test's own rows are not committed, so the mirror does not see them yet ---------


@pytest.fixture
def lagging_replica():
    """The replica as a second connection beside the test's open transaction: it sees none of the test's rows.
    PostgreSQL only (SQLite's test transaction locks the file against the second connection). Closed after, so
    the test database can be dropped."""
    yield
    connections[replica.REPLICA].close()


@pytest.mark.needs("postgresql")
@pytest.mark.django_db(databases=["default", "replica"])
@pytest.mark.usefixtures("lagging_replica")
def test_behind_a_lagging_replica_a_new_token_works_and_a_player_reads_its_own_ended_game():
    player = guest_create()
    writer = api_client_for(player)  # the token was made a moment ago: the replica has not got it
    game = writer.post("/api/games/", {"mode": "classic"}, format="json").json()
    assert writer.post("/api/games/", {"mode": "classic"}, format="json").status_code == 201  # abandons the first
    reader = api_client_for(player)  # the same token, no cookies
    assert reader.get(f"/api/games/{game['id']}/replay/").status_code == 200
    assert reader.get("/api/me/stats/").status_code == 200
    with served() as queries:  # a stranger reads from the replica, which has not got the game yet
        assert APIClient().get(f"/api/games/{game['id']}/replay/").status_code == 404
    assert queries.replica and not queries.primary
