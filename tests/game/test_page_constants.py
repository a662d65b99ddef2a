"""The play page hands the script the server's event names and error codes (``#bk-constants``),
and each name is declared once on the server."""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

from blockknock.events import PAGE_EVENTS
from game.errors import PAGE_ERRORS
from tests.helpers import log_in_new_guest, open_page

ROOT = Path(__file__).resolve().parents[2]
CONSTANTS = re.compile(r'<script id="bk-constants" type="application/json">(.*?)</script>', re.S)

EXPECTED = {
    "events": {"gameError": "bk:game-error", "look": "bk:look"},
    "errors": {
        "invalid": "invalid",
        "notPlaying": "not_playing",
        "staleMove": "stale_move",
        "slotUsed": "slot_used",
        "illegalPlacement": "illegal_placement",
        "noContinue": "no_continue",
        "locked": "locked",
        "dailyPlayed": "daily_played",
        "notFound": "not_found",
        "signedOut": "signed_out",
        "stalePage": "stale_page",
        "csrfFailed": "csrf_failed",
        "throttled": "throttled",
    },
}


def constants_of(html: str) -> dict | None:
    found = CONSTANTS.findall(html)
    assert len(found) <= 1
    return json.loads(found[0]) if found else None


def test_the_declarations_are_the_codes_of_api_md_and_the_events_the_views_send():
    assert {"events": PAGE_EVENTS, "errors": PAGE_ERRORS} == EXPECTED


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", "/practice/", "/daily/"])
def test_the_play_page_carries_them_once_and_the_board_partial_does_not(client, path):
    log_in_new_guest(client)
    page = open_page(client, path).content.decode()  # a mode's page with no game posts its start first
    assert constants_of(page) == EXPECTED
    board_url = re.search(r'data-board-url="([^"]+)"', page).group(1)
    board = client.get(board_url, HTTP_HX_REQUEST="true")
    assert board.status_code == 200 and 'id="play-area"' in board.content.decode()
    assert constants_of(board.content.decode()) is None


@pytest.mark.django_db
def test_a_first_visit_play_page_carries_them(client):
    assert constants_of(client.get("/").content.decode()) == EXPECTED


def _event_literals(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(), str(path))
    return [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and re.fullmatch(r"bk:[a-z-]+", node.value)
    ]


def test_an_event_name_is_written_only_in_blockknock_events():
    sources = [p for app in ("blockknock", "game", "leaderboards", "themes") for p in (ROOT / app).rglob("*.py")]
    found = {str(p.relative_to(ROOT)): names for p in sources if (names := _event_literals(p))}
    assert found == {"blockknock/events.py": ["bk:game-error", "bk:look"]}
