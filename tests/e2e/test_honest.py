"""What the board says is true: a move the server accepted is never called refused, and "Connection
lost" goes as soon as the server answers again.

A piece changed in the page (its cells edited in the developer tools) is played here by its edited
shape, while the server plays the real one: the answer shows another board than the one predicted,
and the server's board is taken, with no word of a refusal.
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from .test_play import EMPTY, cell, open_game, piece, screen_board, show_position, until_answered

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_piece_edited_in_the_page_and_accepted_by_the_server_is_not_called_refused(page: Page):
    game = show_position(page, open_game(page), [EMPTY] * 8, ("mono", "mono", "mono"))
    # slot 0 as a domino in the page; the server's is still a single square
    piece(page, 0).evaluate("el => { el.dataset.cells = '0,0 0,1'; }")
    piece(page, 0).click()
    until_answered(page, lambda: cell(page, 0, 0).click())

    expect(page.locator("#play-area")).to_have_attribute("data-moves", "1")
    assert screen_board(page)[0] == "#......."  # the server's board: its piece, not the edited one
    expect(page.locator("#toast")).not_to_have_text(re.compile("not accepted"))
    game.refresh_from_db()
    assert (game.moves, game.score, game.board[:8]) == (1, 10, "#.......")
