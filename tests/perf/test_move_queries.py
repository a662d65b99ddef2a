"""A move costs at most 3 SQL statements, through the JSON API and the HTMX board alike, and a board post of
several moves costs the same 3: the game is locked once and written once; a move posted again costs nothing
more (it is read from the locked row's record).

The statements of a move that does not end the game, after the caller's first
request (which caches its token or session player):

1. ``SELECT … FROM game_game … FOR UPDATE``: the game, row-locked;
2. ``UPDATE game_game SET <the changed columns> WHERE id = … AND seq = …``: the
   compare-and-set write of the new state with the move's byte appended to the
   record (here board, colours, used, score, moves, record, seq, updated_at: not
   every column);
3. ``COMMIT``.

Nothing else: the token or session, the player (``CachedTokenAuthentication``,
``CachedModelBackend``, ``cached_db`` sessions) and the board's best score come
from the cache, the rate limit counts in the cache, no savepoint, no second
read. SQLite also logs the ``BEGIN`` that PostgreSQL's driver sends with the
first statement; it is left out of the count.

The move that ends a game does more (stars, level, leaderboards, the figures'
cache): only that one move may exceed 3, and the last test says by how much.
"""

import re

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from game import services
from game.models import Challenge, Game
from tests.helpers import EMPTY, api_client_for, set_position

pytestmark = pytest.mark.django_db(transaction=True)

MOVE_STATEMENTS = ["SELECT game_game FOR UPDATE", "UPDATE game_game", "COMMIT"]
MOVE_COLUMNS = {"board", "colours", "used", "score", "moves", "record", "seq", "updated_at"}


def label(sql: str) -> str:
    """A statement as its verb and table (``FOR UPDATE`` where the database has it)."""
    if sql.startswith(("COMMIT", "SAVEPOINT", "RELEASE", "ROLLBACK")):
        return sql.split()[0]
    verb = sql.split()[0]
    table = re.search(r'(?:FROM|UPDATE|INTO) "(\w+)"', sql)
    return f"{verb} {table.group(1) if table else '?'}" + (" FOR UPDATE" if "FOR UPDATE" in sql else "")


def statements(queries) -> list[str]:
    return [label(q["sql"]) for q in queries if not q["sql"].startswith("BEGIN")]


def expected_move() -> list[str]:
    if connection.features.has_select_for_update:
        return MOVE_STATEMENTS
    return [MOVE_STATEMENTS[0].removesuffix(" FOR UPDATE"), *MOVE_STATEMENTS[1:]]


def set_columns(queries) -> set[str]:
    update = next(q["sql"] for q in queries if q["sql"].startswith('UPDATE "game_game"'))
    return set(re.findall(r'"(\w+)" = ', update.split(" WHERE ")[0]))


@pytest.fixture
def game(player):
    return set_position(services.game_start(player=player, mode="classic"), EMPTY, ("mono", "mono", "mono"))


def test_an_api_move_is_three_statements(player, game):
    api = api_client_for(player)
    api.get("/api/me/")  # the token is looked up once, then cached
    with CaptureQueriesContext(connection) as queries:
        response = api.post(
            f"/api/games/{game.pk}/moves/", {"slot": 0, "row": 0, "col": 0, "move_number": 0}, format="json"
        )
    assert response.status_code == 200
    assert statements(queries) == expected_move()
    assert set_columns(queries) == MOVE_COLUMNS


def board_after_first_move(player, game) -> Client:
    """The player's browser on the HTMX board, its first move (slot 0 at 0, 0) played and not counted."""
    browser = Client()
    browser.force_login(player)
    browser.post(f"/games/{game.pk}/move/", {"slot": 0, "row": 0, "col": 0, "move_number": 0}, HTTP_HX_REQUEST="true")
    return browser


def board_post(player, game, body: dict) -> tuple[str, list[dict]]:
    """The board's post of ``body`` after its first move: the answer's HTML and the queries it cost."""
    browser = board_after_first_move(player, game)
    with CaptureQueriesContext(connection) as queries:
        response = browser.post(f"/games/{game.pk}/move/", body, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    return response.content.decode(), queries.captured_queries


def test_an_htmx_move_is_three_statements(player, game):
    html, queries = board_post(player, game, {"slot": 1, "row": 0, "col": 1, "move_number": 1})
    assert 'data-moves="2"' in html
    assert statements(queries) == expected_move()
    assert set_columns(queries) == MOVE_COLUMNS


def test_htmx_moves_posted_together_are_three_statements_in_all(player, game):
    """A hand's moves in one post: one transaction, one lock, one write (it was a transaction each)."""
    html, queries = board_post(player, game, {"slot": [1, 2], "row": [0, 0], "col": [1, 2], "move_number": [1, 2]})
    assert 'data-moves="3"' in html
    assert statements(queries) == expected_move()


def test_me_is_no_statement_once_cached(player):
    api = api_client_for(player)
    api.get("/api/me/")
    with CaptureQueriesContext(connection) as queries:
        assert api.get("/api/me/").status_code == 200
    assert statements(queries) == []


WON_EXTRA = [
    "SAVEPOINT",
    "UPDATE leaderboards_standing",
    "SELECT leaderboards_standing",  # the leaderboard's standing:
    "SAVEPOINT",
    "INSERT leaderboards_standing",
    "RELEASE",
    "RELEASE",  # a parallel insert is caught
    "SELECT game_game",  # the best of this challenge before (the high-score bonus)
    "SELECT accounts_player",  # the game's player, for the ledger
    "SELECT accounts_starentry",  # stars paid today (the daily cap)
    "INSERT accounts_starentry",
    "UPDATE accounts_player",
    "SELECT accounts_player",  # the ledger row, the balance
]


SUMMARY = ["INSERT game_gamesummary"]
"""The game's Stats summary, replayed from its record once the last event is in it (game.stats.summaries)."""


def test_only_the_move_that_ends_the_game_does_more(player):
    """A challenge won by a move: 14 statements more than a move, all in its one transaction."""
    Challenge.objects.get_or_create(
        number=1, defaults={"target": 1500}
    )  # a transactional test may have flushed the shipped ones
    game = set_position(services.game_start(player=player, mode="challenge", challenge=1), EMPTY)
    Game.objects.filter(pk=game.pk).update(score=1499)
    api = api_client_for(player)
    api.get("/api/me/")
    with CaptureQueriesContext(connection) as queries:
        response = api.post(
            f"/api/games/{game.pk}/moves/", {"slot": 0, "row": 0, "col": 0, "move_number": 0}, format="json"
        )
    assert response.json()["game"]["status"] == "won"
    first, *rest = expected_move()
    assert statements(queries) == [first, *WON_EXTRA, *rest[:-1], *SUMMARY, rest[-1]]


def test_a_move_the_game_has_posted_again_costs_no_statement_of_its_own(player, game):
    """The board's post at the second drop carries the first move again: acknowledged from the locked row's
    record, not applied (it was a locked read and a rollback, then a read of the record, before the move)."""
    html, queries = board_post(player, game, {"slot": [0, 1], "row": [0, 0], "col": [0, 1], "move_number": [0, 1]})
    assert 'data-moves="2"' in html
    assert statements(queries) == expected_move()


def test_a_post_of_moves_the_game_all_has_writes_nothing(player, game):
    html, queries = board_post(player, game, {"slot": 0, "row": 0, "col": 0, "move_number": 0})
    assert 'data-moves="1"' in html
    assert statements(queries) == [expected_move()[0], "COMMIT"]
