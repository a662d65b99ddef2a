"""What the board says is true: a move the server accepted is never called refused, and "Connection
lost" goes as soon as the server answers again.

A piece changed in the page (its cells edited in the developer tools) is played here by its edited
shape, while the server plays the real one: the answer shows another board than the one predicted,
and the server's board is taken, with no word of a refusal.

Back online, the network may not carry the first request yet: the board is fetched again at once,
then after 0.5 s, 1 s, 2 s ... (not after the growing delay of the time offline, up to 15 s).
"""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, Route, expect

from game.models import Game

from .test_play import EMPTY, cell, open_game, piece, screen_board, show_position, until_answered, wait_moves

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


def test_back_online_a_failed_first_try_is_followed_by_another_within_a_second(page: Page):
    game = show_position(page, open_game(page), [EMPTY] * 8, ("mono", "mono", "mono"))
    board_url = page.locator("#play-area").get_attribute("data-board-url")
    page.context.set_offline(True)
    piece(page, 0).click()
    cell(page, 0, 0).click()
    banner = page.get_by_test_id("connection-lost")
    expect(banner).to_be_visible()
    for _ in range(2):  # the board after 1 s, then 2 s: the next try is 4 s away
        page.wait_for_event("requestfailed", predicate=lambda request: board_url in request.url)
    tries: list[str] = []

    def first_try_fails(route: Route):
        tries.append(route.request.url)
        if len(tries) == 1:
            route.abort("internetdisconnected")  # online, but the network does not carry it yet
        else:
            route.continue_()

    page.route("**" + board_url, first_try_fails)
    page.context.set_offline(False)  # the browser's "online" event
    expect(banner).to_be_hidden(timeout=3_000)  # not 8 s later (the delay doubled once more)
    assert len(tries) == 2
    wait_moves(page, 1)  # the move played offline, sent once the board said the server lacks it
    expect(page.locator("#toast")).to_have_text("Back online.")
    assert Game.objects.get(pk=game.pk).moves == 1
