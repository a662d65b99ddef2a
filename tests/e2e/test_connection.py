"""The board when the server cannot be reached: a "Connection lost, retrying" banner,
the board fetched again with a growing delay, and the server's board once it answers.
A move that got no answer stays on the board meanwhile: the server's board
says whether it has it; one it does not have is sent again once it answers.

Playwright's ``page.route`` cuts requests off (or answers 5xx) to stand in for a
network failure or a server restart.
"""

from __future__ import annotations

import time

import pytest
from playwright.sync_api import Page, Route, expect

from game.models import Game

from .conftest import RECONNECT_MS
from .test_play import EMPTY, cell, open_game, piece, screen_board, screen_hand, show_position, wait_moves

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_move_whose_answer_is_lost_stays_on_the_board_and_the_servers_board_confirms_it(page: Page):
    game = open_game(page)
    show_position(page, game, [EMPTY] * 8, ("mono", "I2-h", "mono"))
    board_url = page.locator("#play-area").get_attribute("data-board-url")
    board_tries: list[float] = []

    def applied_but_answer_lost(route: Route):
        route.fetch()  # the server applies the move ...
        route.abort("connectionreset")  # ... and its answer never arrives

    def server_unreachable(route: Route):
        board_tries.append(time.monotonic())
        route.abort("internetdisconnected")

    page.route("**/move/", applied_but_answer_lost)
    page.route("**" + board_url, server_unreachable)
    piece(page, 1).click()
    cell(page, 3, 3).click()

    banner = page.get_by_test_id("connection-lost")
    expect(banner).to_be_visible()
    expect(banner).to_have_text("Connection lost, retrying…")
    # the move stays played on the board meanwhile, unconfirmed
    wait_moves(page, 0)
    assert screen_hand(page) == ["mono", None, "mono"]
    assert screen_board(page)[3] == "...##..."
    # the board is fetched again, with a growing delay (1 s, then 2 s)
    while len(board_tries) < 2:
        page.wait_for_event("requestfailed", predicate=lambda request: board_url in request.url)
    assert len(board_tries) >= 2
    assert board_tries[1] - board_tries[0] >= 1.5
    expect(banner).to_be_visible()

    page.unroute("**" + board_url)  # the server answers again, at the next try
    expect(banner).to_be_hidden(timeout=RECONNECT_MS)
    wait_moves(page, 1)  # the server's board: the move had been applied, and is not sent again
    assert screen_board(page)[3] == "...##..."
    assert screen_hand(page) == ["mono", None, "mono"]
    expect(page.locator("#toast")).to_have_text("Back online.")  # nothing was undone: not "reloaded"
    game.refresh_from_db()
    assert (game.moves, game.score) == (1, 20)

    # and play goes on
    page.unroute("**/move/")
    piece(page, 0).click()
    cell(page, 7, 7).click()
    wait_moves(page, 2)
    expect(banner).to_be_hidden()


def test_a_server_error_shows_the_banner_until_the_server_answers(page: Page):
    game = open_game(page)
    show_position(page, game, [EMPTY] * 8, ("mono", "mono", "mono"))
    down = {"on": True}

    def restarting(route: Route):
        if down["on"]:
            route.fulfill(status=503, body="The game server is briefly unavailable.", content_type="text/plain")
        else:
            route.continue_()

    page.route("**/games/**", restarting)
    piece(page, 0).click()
    cell(page, 0, 0).click()
    banner = page.get_by_test_id("connection-lost")
    expect(banner).to_be_visible()
    assert screen_hand(page) == ["mono", "mono", "mono"]
    assert Game.objects.get(pk=game.pk).moves == 0  # the 503 changed nothing

    down["on"] = False
    expect(banner).to_be_hidden(timeout=RECONNECT_MS)
    # the 503 undid the move played here: the board on screen is the server's again, and says so
    expect(page.locator("#toast")).to_have_text("The connection failed. The board was reloaded from the server.")
    wait_moves(page, 0)
    piece(page, 0).click()
    cell(page, 0, 0).click()
    wait_moves(page, 1)
    assert screen_board(page)[0] == "#......."


def test_back_online_the_board_is_fetched_at_once_and_the_move_played_offline_is_sent(page: Page):
    """The new player's trial: back online, the game took up to 9.6 s to notice (the growing delay)."""
    game = open_game(page)
    show_position(page, game, [EMPTY] * 8, ("mono", "mono", "mono"))
    board_url = page.locator("#play-area").get_attribute("data-board-url")
    cdp = page.context.new_cdp_session(page)
    cdp.send("Network.enable")
    offline = {"offline": True, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}
    cdp.send("Network.emulateNetworkConditions", offline)
    piece(page, 0).click()
    cell(page, 0, 0).click()
    banner = page.get_by_test_id("connection-lost")
    expect(banner).to_be_visible()
    for _ in range(2):  # after 1 s, then 2 s: the next try is 4 s away
        page.wait_for_event("requestfailed", predicate=lambda request: board_url in request.url)
    cdp.send("Network.emulateNetworkConditions", {**offline, "offline": False})  # the browser's "online" event
    expect(banner).to_be_hidden(timeout=2_000)
    wait_moves(page, 1)  # the move played offline, sent once the board said the server lacks it
    expect(page.locator("#toast")).to_have_text("Back online.")
    assert Game.objects.get(pk=game.pk).moves == 1
