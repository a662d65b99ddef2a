"""A hand's moves posted together reach the live server at once, as the board sends them:
[m0], [m0, m1] and [m0, m1, m2] without waiting for each other. Every post is answered with the
board, and the game has each move once.

The bug this holds: with SQLite the test database was Django's in-memory one, whose single
connection the live server's request threads all share, so two posts' transactions ran on it at
once and one failed now and then (a browser test that played fast went red on SQLite only). The
test database is now a file (blockknock/settings/test.py): each thread its own connection.
"""

from __future__ import annotations

import pytest
from django.db import connection
from playwright.sync_api import Page

from .test_play import EMPTY, open_game, set_position

pytestmark = pytest.mark.django_db(transaction=True)

HANDS = 12
MOVES = ((0, 1, 1), (1, 3, 3), (2, 5, 5))  # (slot, row, col): a mono each, no line completed

POST_TOGETHER = """async ([url, moves, first]) => {
  const token = JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"];
  const post = (upTo) => {
    const body = new URLSearchParams();
    moves.slice(0, upTo + 1).forEach(([slot, row, col], n) => {
      body.append("slot", slot);
      body.append("row", row);
      body.append("col", col);
      body.append("move_number", first + n);
    });
    return fetch(url, { method: "POST", body, headers: { "HX-Request": "true", "X-CSRFToken": token } });
  };
  const answers = await Promise.all(moves.map((_, n) => post(n)));
  return answers.map((answer) => answer.status);
}"""


def test_the_sqlite_test_database_gives_each_live_server_thread_its_own_connection():
    assert not (connection.vendor == "sqlite" and connection.is_in_memory_db())


def test_a_hands_three_posts_sent_together_are_all_answered_and_played_once(page: Page):
    game = open_game(page)
    url = page.locator("#play-area").get_attribute("data-move-url")
    for hand in range(HANDS):
        set_position(game, [EMPTY] * 8, ("mono", "mono", "mono"))
        statuses = page.evaluate(POST_TOGETHER, [url, [list(move) for move in MOVES], game.moves])
        assert statuses == [200, 200, 200], f"hand {hand}"
        game.refresh_from_db()
        assert game.moves == 3 * (hand + 1)
        assert game.board == "".join([EMPTY, ".#......", EMPTY, "...#....", EMPTY, ".....#..", EMPTY, EMPTY])
