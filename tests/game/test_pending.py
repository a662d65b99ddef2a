"""A first visit writes nothing until its first action (game/pending.py).

The play page of a visitor with no player shows a pending game dealt in memory; its
first move (or New game) saves the guest and exactly the game the page showed, once.
"""

from __future__ import annotations

import json
import re
import time

import pytest
from django.core import signing
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from blockknock.accounts.models import Player
from game import pending as pending_module
from game.models import Game, NextSeed, seed_commitment
from tests.helpers import first_fit, hands_of, log_in_new_guest

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}
WRITES = ("INSERT", "UPDATE", "DELETE", "REPLACE")
STALE = {"code": "stale_page", "detail": "This page is out of date, so nothing was played here. Reload it to go on."}


def writes(queries) -> list[str]:
    return [query["sql"] for query in queries if query["sql"].lstrip().split(" ", 1)[0].upper() in WRITES]


def attr(html: str, name: str) -> str:
    return re.search(rf'{name}="([^"]*)"', html).group(1)


def move_body(token: str, game, move_number: int = 0) -> dict:
    slot, row, col = first_fit(game)
    return {"pending": token, "slot": slot, "row": row, "col": col, "move_number": move_number}


def _cache_down(*args, **kwargs):
    raise ConnectionError("cache down")


def error_event(response) -> dict:
    return json.loads(response["HX-Trigger"])["bk:game-error"]


@pytest.mark.parametrize(
    "url", ["/", "/challenges/", "/settings/theme/", "/how-to-play/", "/settings/", "/leaderboards/", "/stats/"]
)
def test_a_visit_that_never_plays_writes_nothing(client, url):
    with CaptureQueriesContext(connection) as queries:
        answer = client.get(url)
    assert answer.status_code == 200
    assert writes(queries.captured_queries) == []
    assert "sessionid" not in answer.cookies
    assert (Player.objects.count(), Game.objects.count(), NextSeed.objects.count()) == (0, 0, 0)


def test_the_first_visits_page_shows_a_playable_board_and_hand(client):
    html = client.get("/").content.decode()
    assert (attr(html, "data-game-id"), attr(html, "data-player"), attr(html, "data-moves")) == ("", "", "0")
    assert attr(html, "data-status") == "playing" and attr(html, "data-board") == "." * 64
    assert attr(html, "data-move-url") == "/games/pending/move/"
    token = attr(html, "data-pending")
    assert attr(html, "data-board-url") == f"/games/pending/?pending={token.replace(':', '%3A')}"
    assert html.count(f'name="pending" value="{token}"') == 1  # in the New game form, which posts to:
    assert 'hx-post="/games/pending/new/"' in html
    assert len(re.findall(r'<button type="button" class="piece" data-slot="\d"', html)) == 3


def test_the_first_move_saves_one_guest_and_the_game_the_page_showed(client):
    page = client.get("/")
    html = page.content.decode()
    shown, next_shown = attr(html, "data-shown-commitment"), attr(html, "data-next-commitment")
    hand = re.findall(r'data-slot="\d" data-piece="([^"]+)"', html)
    token = attr(html, "data-pending")
    answer = client.post("/games/pending/move/", move_body(token, page.context["game"]), **HX)
    assert answer.status_code == 200
    guest, game = Player.objects.get(), Game.objects.get()
    assert guest.is_guest and game.player == guest
    assert (game.mode, game.status, game.moves, game.start_board, game.start) == ("classic", "playing", 1, None, 0)
    assert seed_commitment(game.seed) == shown
    assert hands_of(game)[0] == hand and game.client_seed == token.split(":")[0]
    assert guest.next_seed.commitment == next_shown
    assert (attr(answer.content.decode(), "data-game-id"), attr(answer.content.decode(), "data-moves")) == (
        str(game.pk),
        "1",
    )
    header = answer.content.decode().partition('<span class="player-text" id="player-text" hx-swap-oob="true">')[2]
    assert (
        f'data-testid="player-name">{guest.name}<' in header and ">Lv 0<" in header
    )  # the header knows the guest at once
    assert client.get("/accounts/session/").json()["player"] == guest.pk
    assert client.get("/").context["game"].pk == game.pk  # the page now resumes it


def test_the_page_shows_neither_seed():
    page = Client().get("/")
    html, seed = page.content.decode(), page.context["game"].seed
    assert len(seed) == 64 and seed not in html and page.context["pending"].nonce in html


def test_a_claimed_page_cannot_be_claimed_again(client):
    page = client.get("/")
    token, game = page.context["pending"].token, page.context["game"]
    assert client.post("/games/pending/move/", move_body(token, game), **HX).status_code == 200
    again = Client().post("/games/pending/move/", move_body(token, game), **HX)
    assert (again.status_code, error_event(again)) == (409, STALE)
    assert (Player.objects.count(), Game.objects.count()) == (1, 1)


def test_a_second_claim_while_the_cache_is_down_is_refused_by_the_stored_seed(client, monkeypatch):
    page = client.get("/")
    token, game = page.context["pending"].token, page.context["game"]
    client.post("/games/pending/move/", move_body(token, game), **HX)
    monkeypatch.setattr(pending_module.cache, "add", _cache_down)
    monkeypatch.setattr(pending_module.cache, "get", lambda *args, **kwargs: None)
    again = Client().post("/games/pending/move/", move_body(token, game), **HX)
    assert (again.status_code, error_event(again)) == (409, STALE)
    assert (Player.objects.count(), Game.objects.count()) == (1, 1)


def _plan(sql: str) -> str:
    """The database's plan of ``sql`` (with scans made as dear as they go, on PostgreSQL, so an
    index that can serve the query is chosen whatever the table's size)."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SET LOCAL enable_seqscan = off")
            cursor.execute("EXPLAIN " + sql)
        else:
            cursor.execute("EXPLAIN QUERY PLAN " + sql)
        return "\n".join(str(row) for row in cursor.fetchall())


def test_a_claim_with_the_cache_down_finds_the_seed_by_its_index_not_by_a_scan(client, monkeypatch, player):
    Game.objects.bulk_create(
        [
            Game(
                player=player,
                mode=mode,
                day=f"2026-11-{i + 1:02d}",
                seed=f"{i:064x}",
                rules_version=1,
                hand=[],
                used=[],
            )
            for i, mode in enumerate(["classic", "practice", "daily", "challenge"] * 5)
        ]
    )
    page = client.get("/")
    token, game = page.context["pending"].token, page.context["game"]
    client.post("/games/pending/move/", move_body(token, game), **HX)
    monkeypatch.setattr(pending_module.cache, "add", _cache_down)
    monkeypatch.setattr(pending_module.cache, "get", lambda *args, **kwargs: None)
    with CaptureQueriesContext(connection) as queries:
        again = Client().post("/games/pending/move/", move_body(token, game), **HX)
    assert (again.status_code, error_event(again)) == (409, STALE)
    (lookup,) = [query["sql"] for query in queries if "seed" in query["sql"]]
    assert game.seed in lookup
    plan = _plan(lookup)
    assert "game_classic_seed" in plan, plan
    assert "Seq Scan" not in plan and "SCAN game_game" not in plan, plan


def expired_token(monkeypatch, age: float = 24 * 60 * 60 + 1) -> str:
    """A first visit's token signed ``age`` seconds ago (default: a day and a second, past its life)."""
    then = time.time() - age
    with monkeypatch.context() as patch:
        patch.setattr(signing.time, "time", lambda: then)
        return pending_module.pending_new().token


@pytest.mark.parametrize("kind", ["forged", "expired", "missing"])
def test_a_forged_or_expired_token_is_refused_and_writes_nothing(client, monkeypatch, kind):
    game = client.get("/").context["game"]
    token = {"forged": f"{'0' * 32}:1sXyZa:forgedsignature", "expired": expired_token(monkeypatch), "missing": ""}[kind]
    with CaptureQueriesContext(connection) as queries:
        refused = client.post("/games/pending/move/", move_body(token, game), **HX)
    assert (refused.status_code, refused.content, error_event(refused)) == (409, b"", STALE)
    assert writes(queries.captured_queries) == [] and Player.objects.count() == 0


def test_a_first_visits_page_can_start_its_game_for_a_day(client, monkeypatch):
    game = client.get("/").context["game"]
    answer = client.post(
        "/games/pending/move/", move_body(expired_token(monkeypatch, age=24 * 60 * 60 - 60), game), **HX
    )
    assert answer.status_code == 200 and Game.objects.get().moves == 1


def test_without_htmx_a_refused_first_action_goes_back_to_a_fresh_page_and_says_why(client):
    page = client.get("/")
    refused = client.post("/games/pending/new/", {"pending": "forged"})
    assert (refused.status_code, refused["Location"]) == (302, "/")
    again = client.get("/")
    assert STALE["detail"] in again.content.decode()
    assert again.context["pending"].nonce != page.context["pending"].nonce
    assert Player.objects.count() == 0


def test_new_game_on_the_first_page_abandons_its_game_for_the_one_whose_commitment_it_showed(client):
    page = client.get("/")
    pending = page.context["pending"]
    answer = client.post("/games/pending/new/", {"pending": pending.token, "client_seed": "mine"})
    assert (answer.status_code, answer["Location"]) == (302, "/")
    shown, new = Game.objects.order_by("pk")
    assert (shown.status, seed_commitment(shown.seed)) == ("abandoned", pending.commitment)
    assert (new.status, new.client_seed, seed_commitment(new.seed)) == ("playing", "mine", pending.next_commitment)
    assert Player.objects.count() == 1 and new.player == shown.player


def test_a_refused_first_move_keeps_the_claimed_game_and_answers_its_board(client):
    page = client.get("/")
    token, game = page.context["pending"].token, page.context["game"]
    body = {
        **move_body(token, game),
        "row": 7,
        "col": 7,
        "slot": next(s for s, p in enumerate(game.hand) if p != "mono"),
    }
    refused = client.post("/games/pending/move/", body, **HX)
    saved = Game.objects.get()
    assert (refused.status_code, error_event(refused)["code"]) == (400, "illegal_placement")
    assert (attr(refused.content.decode(), "data-game-id"), saved.moves, hands_of(saved)[0]) == (
        str(saved.pk),
        0,
        game.hand,
    )


def test_the_first_pages_board_resyncs_without_writing_and_is_stale_once_claimed(client):
    page = client.get("/")
    html = page.content.decode()
    with CaptureQueriesContext(connection) as queries:
        resync = client.get(attr(html, "data-board-url").replace("&amp;", "&"), **HX)
    assert resync.status_code == 200 and writes(queries.captured_queries) == []
    assert attr(resync.content.decode(), "data-pending") == attr(html, "data-pending")
    assert attr(resync.content.decode(), "data-shown-commitment") == attr(html, "data-shown-commitment")
    client.post("/games/pending/move/", move_body(attr(html, "data-pending"), page.context["game"]), **HX)
    stale = Client().get(attr(html, "data-board-url"), **HX)
    assert (stale.status_code, error_event(stale)) == (409, STALE)


def test_a_first_action_from_a_session_that_has_a_player_since_is_stale(client):
    page = client.get("/")
    guest = log_in_new_guest(client)  # another tab made the first move (or logged in)
    refused = client.post("/games/pending/move/", move_body(page.context["pending"].token, page.context["game"]), **HX)
    assert (refused.status_code, error_event(refused)) == (409, STALE)
    assert [(game.player, game.moves) for game in Game.objects.all()] == [(guest, 0)]  # the other tab's, untouched
