"""A first visit in a real browser: opening the play page writes nothing, and
the first piece placed makes the guest and its game, the one the page showed (game/pending.py)."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from blockknock.accounts.models import Player
from game.models import Game, seed_commitment
from tests.helpers import first_fit, hands_of, log_in_new_guest_browser

from .test_play import HeldMoves, cell, piece, screen_board, screen_hand, wait_moves

pytestmark = pytest.mark.django_db(transaction=True)

SHELVES = """() => {
  // the hand's anchors on the empty start board, packed left to right in shelves: no two overlap
  let x = 0, y = 0, shelf = 0;
  return [0, 1, 2].map((slot) => {
    const p = document.querySelector(`#play-area .piece[data-slot="${slot}"]`);
    const w = Number(p.dataset.w), h = Number(p.dataset.h);
    if (x + w > 8) { x = 0; y += shelf; shelf = 0; }
    const at = [y, x];
    x += w;
    shelf = Math.max(shelf, h);
    return at;
  });
}"""


def test_a_fresh_browser_plays_its_first_move_on_a_page_that_wrote_nothing(page: Page):
    page.goto("/")
    area = page.locator("#play-area")
    expect(area).to_have_attribute("data-game-id", "")
    assert (Player.objects.count(), Game.objects.count()) == (0, 0)
    hand, shown = screen_hand(page), page.get_by_test_id("pending-commitment").get_attribute("data-shown-commitment")
    expect(page.get_by_test_id("player-name")).to_have_text("Guest")  # no player yet: no name, level or stars
    expect(page.get_by_test_id("level")).to_have_count(0)
    piece(page, 0).click()
    cell(page, 0, 0).click()  # the start board is empty: every piece fits at the top left
    wait_moves(page, 1)
    game = Game.objects.get()
    expect(area).to_have_attribute("data-game-id", str(game.pk))
    expect(page.get_by_test_id("score")).to_have_attribute("data-value", str(game.score))
    assert game.score > 0 and game.player.is_guest and Player.objects.count() == 1
    expect(page.get_by_test_id("player-name")).to_have_text(game.player.name)  # the header knows the guest at once
    expect(page.get_by_test_id("level")).to_be_visible()
    expect(page.get_by_test_id("best-sign-in")).to_have_count(0)  # a guest who plays has a best: no "Sign in to see"
    expect(page.get_by_test_id("high-score")).to_have_text(f"{game.score:,}")
    assert (hands_of(game)[0], seed_commitment(game.seed)) == (hand, shown)
    assert "".join(screen_board(page)) == game.board

    row, col = first_fit(game, slot=1)[1:]
    piece(page, 1).click()  # the next move goes out with the token the guest's log-in rotated
    cell(page, row, col).click()
    wait_moves(page, 2)
    expect(page.get_by_test_id("session-lost")).to_be_hidden()
    assert Game.objects.get().moves == 2
    page.reload()
    expect(area).to_have_attribute("data-game-id", str(game.pk))  # the page now resumes it


def test_a_first_visits_hand_played_before_any_answer_goes_in_two_requests_and_makes_one_guest(page: Page):
    page.goto("/")
    area = page.locator("#play-area")
    expect(area).to_have_attribute("data-game-id", "")
    held = HeldMoves(page)
    for slot, (row, col) in enumerate(page.evaluate(SHELVES)):
        piece(page, slot).click()
        cell(page, row, col).click()
    assert screen_hand(page) == [None, None, None]
    held.wait(1)
    assert held.routes[0].request.url.endswith("/games/pending/move/")  # the first, with the page's token
    held.release(0)
    held.wait(2)
    game = Game.objects.get()
    assert held.routes[1].request.url.endswith(f"/games/{game.pk}/move/")  # the others, on the saved game
    assert held.numbers() == [[0], [1, 2]]
    held.release(1)
    wait_moves(page, 3)
    expect(page.get_by_test_id("session-lost")).to_be_hidden()  # sent with the token the log-in rotated
    game.refresh_from_db()
    assert (game.moves, Player.objects.count(), game.deals) == (3, 1, 2)
    assert "".join(screen_board(page)) == game.board
    expect(page.get_by_test_id("score")).to_have_attribute("data-value", str(game.score))


@pytest.mark.parametrize("path", ["/practice/", "/daily/"])  # a challenge: tests/game/test_fair_pages.py
def test_a_mode_page_with_no_game_starts_it_by_a_post_with_the_browsers_seed(page: Page, path):
    page.goto(path)  # a visitor with no player: the page's GET writes nothing, its form posts at once
    area = page.locator("#play-area")
    expect(area).not_to_have_attribute("data-game-id", "")
    game = Game.objects.get()
    sent = page.evaluate("JSON.parse(localStorage.getItem('bk-used-client-seeds'))")
    assert (game.client_seed, game.client_seed_by) == (sent[0], "player")
    assert re.fullmatch("[0-9a-f]{32}", game.client_seed)  # fresh from crypto.getRandomValues
    expect(area).to_have_attribute("data-game-id", str(game.pk))
    page.reload()
    expect(area).to_have_attribute("data-game-id", str(game.pk))  # resumed, not started again
    assert Game.objects.count() == 1


# What a tap on the middle of the first piece lands on.
TAPPED_JS = """() => { const r = document.querySelector('#play-area .piece').getBoundingClientRect();
  return document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2).dataset.testid; }"""


def test_until_the_board_module_runs_the_tray_says_it_is_getting_ready(phone_page: Page):
    """The page's styles and modules come as one bundle each (scripts/bundle); until the board's has run,
    a tap on a piece would do nothing, so the tray says "Getting ready…" over the pieces and takes the tap."""
    page = phone_page
    held = []
    page.route(re.compile(r"/static/build/js/pages/play\.js$"), lambda route: held.append(route))  # held back
    page.goto("/", wait_until="commit")
    ready = page.get_by_test_id("getting-ready")
    expect(ready).to_be_visible()
    expect(ready).to_have_text("Getting ready…")
    expect(page.locator("html")).not_to_have_attribute("data-board-ready", "")
    assert page.evaluate(TAPPED_JS) == "getting-ready"  # the message takes the tap, not the piece
    held[0].continue_()
    expect(page.locator("html")).to_have_attribute("data-board-ready", "")
    expect(ready).to_be_hidden()
    piece(page, 0).tap()
    expect(piece(page, 0)).to_have_attribute("aria-pressed", "true")


def test_the_dailys_best_does_not_count_up_with_the_score_played_on_the_page(page: Page):
    """A new player's trial: in the Daily (one game a day) the crown read 10 after the first move."""
    page.goto("/")
    log_in_new_guest_browser(page)
    page.goto("/daily/")
    area = page.locator("#play-area")
    expect(area).not_to_have_attribute("data-game-id", "")
    daily = Game.objects.get(pk=area.get_attribute("data-game-id"))
    held = HeldMoves(page)
    slot, row, col = first_fit(daily)
    piece(page, slot).click()
    cell(page, row, col).click()
    held.wait(1)  # played on the page, not answered yet
    expect(page.get_by_test_id("score")).not_to_have_attribute("data-value", "0")
    expect(page.get_by_test_id("high-score")).to_have_attribute("data-value", "0")
    held.release(0)
    wait_moves(page, 1)
    expect(page.get_by_test_id("high-score")).to_have_attribute("data-value", "0")
