"""Instant at any network speed: a drop shows at once and the server confirms it.

The move requests are held (``page.route``) so that what the page shows before the
server's answer is checked exactly: the piece landed, the lines cleared, the points,
the combo and the clear bonus, the sound and the buzz; then the answer confirms it.
The next pieces are played while a move is unconfirmed; the moves go in order, each
once with its move_number: each drop sends at once every move not confirmed yet,
and the answers may come in any order. When the server disagrees (a stale tab, signed out,
another player, 409, 5xx) the board rolls back to the server's and says why; a lost
connection keeps the moves played and sends them once it is back.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from game.models import Game

from .conftest import RECONNECT_MS
from .test_feel import CROSS_MISSING_CENTRE, RECORD_BUZZ, RECORD_SOUNDS
from .test_play import (
    EMPTY,
    HeldMoves,
    cell,
    mouse_drag,
    open_game,
    piece,
    screen_board,
    screen_hand,
    set_position,
    show_position,
    wait_moves,
)
from .test_stale_tab import HAND, MESSAGES, account, game_on_page_a, log_in, log_out, place_mono

pytestmark = pytest.mark.django_db(transaction=True)

FRAME_CLOCK = """() => {
  window.__frame = 0;
  const tick = () => { window.__frame += 1; requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  window.__at = {};
  const first = (name) => { if (!(name in window.__at)) window.__at[name] = window.__frame; };
  document.addEventListener("pointerup", () => first("lift"), true);
  document.addEventListener("blockknock:sound", () => first("sound"));
  const buzz = navigator.vibrate.bind(navigator);
  navigator.vibrate = (pattern) => { first("buzz"); return buzz(pattern); };
  const cell = document.querySelector('#board .cell[data-row="0"][data-col="7"]');
  new MutationObserver(() => { if (cell.classList.contains("fx-clear")) first("shown"); }) // landed, its row bursts
    .observe(cell, { attributes: true, attributeFilter: ["class"] });
}"""


def tap_move(page: Page, slot: int, row: int, col: int) -> None:
    piece(page, slot).click()
    cell(page, row, col).click()


def test_a_drop_shows_its_clears_points_combo_bonus_sound_and_buzz_before_the_server_answers(page: Page):
    page.add_init_script(RECORD_BUZZ)
    game = open_game(page)
    show_position(page, game, CROSS_MISSING_CENTRE, ("mono", "I2-h", "mono"), combo=1, moves_left=2)
    page.evaluate(RECORD_SOUNDS)
    held = HeldMoves(page)

    tap_move(page, 0, 3, 3)

    # no answer yet: row 3 and column 3 clear, the board is empty, combo 1 -> 2: 10 + 200 × 2 + 3,000
    expect(page.get_by_test_id("score")).to_have_text("3,410")
    assert screen_board(page) == [EMPTY] * 8
    combo = page.get_by_test_id("combo")
    expect(combo).to_have_attribute("data-combo", "2")
    expect(combo).to_have_attribute("data-moves-left", "3")
    expect(combo.locator(".combo-dots i.on")).to_have_count(3)
    pop = page.locator("#play-area .points-pop")
    expect(pop).to_contain_text("+3,410")
    expect(pop.locator("small")).to_have_text("Board clear!")
    expect(page.locator("#board .cell.fx-clear")).to_have_count(15)
    expect(page.locator("#play-area .board-wrap")).to_have_class(re.compile(r"\bfx-empty\b"))
    assert page.evaluate("__sounds") == ["clear", "combo", "empty"]
    assert page.evaluate("__buzz") == [[40, 40, 40, 40, 90]]
    assert screen_hand(page) == [None, "I2-h", "mono"]
    held.wait(1)
    assert held.numbers() == [[0]]
    wait_moves(page, 0)  # unconfirmed

    held.release(0)
    wait_moves(page, 1)  # confirmed in place: the effects run on, nothing is played twice
    expect(page.locator("#board .cell.fx-clear")).to_have_count(15)
    expect(page.get_by_test_id("score")).to_have_text("3,410")
    assert page.evaluate("__sounds") == ["clear", "combo", "empty"]
    expect(page.locator("#announcer")).to_contain_text("Score 3,410")
    game.refresh_from_db()
    assert (game.score, game.combo, game.combo_moves_left) == (3410, 2, 3)


def test_the_drop_lands_sounds_and_buzzes_in_the_frame_the_piece_is_let_go(page: Page):
    page.add_init_script(RECORD_BUZZ)
    game = open_game(page)
    show_position(page, game, ["#######."] + [EMPTY] * 7, ("mono", "mono", "mono"))
    held = HeldMoves(page)  # no answer: at any network delay
    page.evaluate(FRAME_CLOCK)

    mouse_drag(page, 0, 0, 7)  # completes row 0, the board is empty

    at = page.evaluate("window.__at")
    assert set(at) == {"lift", "shown", "sound", "buzz"}, at
    assert at["shown"] == at["sound"] == at["buzz"] == at["lift"], at  # counted in animation frames
    assert page.evaluate("__buzz") == [[40, 40, 40, 40, 90]]  # the board left empty: the big buzz
    held.wait(1)
    wait_moves(page, 0)  # unconfirmed all along
    held.release(0)
    wait_moves(page, 1)


COUNT_TOASTS = """() => {
  window.__toasts = [];
  new MutationObserver(() => window.__toasts.push(document.getElementById("toast").textContent))
    .observe(document.getElementById("toast"), { childList: true });
}"""


def test_the_hand_is_played_while_unconfirmed_and_each_drop_sends_every_unconfirmed_move_at_once(page: Page):
    game = open_game(page)
    show_position(page, game, ["#######."] + [EMPTY] * 6 + [".......#"], ("mono", "I2-h", "I3-h"))
    page.evaluate(COUNT_TOASTS)
    held = HeldMoves(page)

    tap_move(page, 0, 0, 7)  # clears row 0: 10 + 100
    tap_move(page, 1, 5, 0)  # picked up and played while the first is unconfirmed: 20
    tap_move(page, 2, 6, 0)  # 30

    assert screen_board(page) == [EMPTY] * 5 + ["##......", "###.....", ".......#"]
    expect(page.get_by_test_id("score")).to_have_text("160")
    assert screen_hand(page) == [None, None, None]
    tray = page.locator("#play-area .hand")
    expect(tray).to_have_class(re.compile(r"\bis-dealing\b"))  # the next hand is on its way (the trial: no sign)
    expect(page.get_by_test_id("hand-waiting")).to_be_hidden()  # not offline: nothing to say
    held.wait(3)
    assert held.numbers() == [[0], [0, 1], [0, 1, 2]]  # each drop sent at once, before any answer
    held.release(2)  # answered in reverse order: the whole hand first
    wait_moves(page, 3)
    expect(page.locator("#play-area .piece[data-slot]:not(.is-played)")).to_have_count(3)
    expect(tray).not_to_have_class(re.compile(r"\bis-dealing\b"))
    held.release(1)
    held.release(0)
    page.wait_for_load_state("networkidle")
    wait_moves(page, 3)  # the older answers changed nothing
    expect(page.locator("#play-area .piece[data-slot]:not(.is-played)")).to_have_count(3)
    assert screen_board(page) == [EMPTY] * 5 + ["##......", "###.....", ".......#"]
    assert page.evaluate("window.__toasts") == []
    game.refresh_from_db()
    assert (game.moves, game.score, game.deals) == (3, 160, 2)


def test_a_stale_move_rolls_back_to_the_servers_board_once_and_drops_the_moves_sent_after_it(page: Page):
    game = open_game(page)
    show_position(page, game, [EMPTY] * 8, ("mono", "mono", "mono"))
    # another tab played a move meanwhile
    set_position(game, ["#......."] + [EMPTY] * 7, ("mono", "mono", "mono"), used=(True, False, False), moves=1)
    page.evaluate(COUNT_TOASTS)
    held = HeldMoves(page)

    tap_move(page, 1, 5, 5)
    tap_move(page, 2, 6, 6)
    assert screen_board(page)[5:7] == [".....#..", "......#."]  # shown at once
    held.wait(2)
    assert held.numbers() == [[0], [0, 1]]
    held.release(0)

    expect(page.locator("#toast")).to_have_text("The board has changed since that move was sent.")
    wait_moves(page, 1)
    held.release(1)
    page.wait_for_load_state("networkidle")
    assert screen_board(page) == ["#......."] + [EMPTY] * 7  # the server's board won
    assert screen_hand(page) == [None, "mono", "mono"]
    expect(page.locator("#play-area")).to_have_attribute("data-error", "stale_move")
    assert page.evaluate("window.__toasts") == ["The board has changed since that move was sent."]  # once
    game.refresh_from_db()
    assert game.moves == 1


def test_a_refusal_of_the_second_move_keeps_the_first_and_says_why_once(page: Page):
    game = open_game(page)
    show_position(page, game, [EMPTY] * 8, ("mono", "mono", "mono"))
    page.evaluate(COUNT_TOASTS)
    held = HeldMoves(page)

    tap_move(page, 0, 0, 0)
    tap_move(page, 1, 1, 1)
    tap_move(page, 2, 2, 2)
    held.wait(3)
    assert held.numbers() == [[0], [0, 1], [0, 1, 2]]
    held.release(0)
    wait_moves(page, 1)
    # meanwhile the server's board got (1, 1) filled: move 1 does not fit there
    game.refresh_from_db()
    filled = game.board[:9] + "#" + game.board[10:]
    Game.objects.filter(pk=game.pk).update(board=filled, colours=filled)
    held.release(2)
    expect(page.locator("#toast")).to_have_text("That piece does not fit there.")
    held.release(1)
    page.wait_for_load_state("networkidle")

    wait_moves(page, 1)  # the first move was played, the one refused and the one after it were not
    expect(page.locator("#play-area")).to_have_attribute("data-error", "illegal_placement")
    expect(page.get_by_test_id("score")).to_have_text("10")
    assert screen_hand(page) == [None, "mono", "mono"]
    assert screen_board(page)[:3] == ["#.......", ".#......", EMPTY]
    assert page.evaluate("window.__toasts") == ["That piece does not fit there."]  # once, not per answer
    game.refresh_from_db()
    assert (game.moves, game.score) == (1, 10)


def test_a_server_error_rolls_back_at_once_and_the_move_can_be_played_again(page: Page):
    game = open_game(page)
    show_position(page, game, [EMPTY] * 8, ("mono", "mono", "mono"))
    held = HeldMoves(page)

    tap_move(page, 0, 0, 0)
    assert screen_board(page)[0] == "#......."
    held.wait(1)
    held.routes[0].fulfill(status=500, body="Server Error", content_type="text/plain")

    banner = page.get_by_test_id("connection-lost")
    expect(banner).to_be_visible()
    expect(page.get_by_test_id("score")).to_have_text("0")
    assert screen_board(page)[0] == EMPTY
    assert screen_hand(page) == ["mono", "mono", "mono"]
    expect(banner).to_be_hidden(timeout=RECONNECT_MS)  # the board's GET answers
    page.unroute("**/move/")
    tap_move(page, 0, 0, 0)
    wait_moves(page, 1)
    game.refresh_from_db()
    assert (game.moves, game.score) == (1, 10)


def test_offline_the_hand_is_finished_and_waits_then_the_moves_go_in_order_once_back(page: Page):
    game = open_game(page)
    show_position(page, game, [EMPTY] * 8, ("mono", "I2-h", "mono"))
    numbers = []
    page.on("request", lambda r: numbers.append(parse_qs(r.post_data)["move_number"]) if "/move/" in r.url else None)
    page.context.set_offline(True)

    tap_move(page, 0, 7, 0)
    banner = page.get_by_test_id("connection-lost")
    expect(banner).to_be_visible()
    tap_move(page, 1, 7, 1)
    tap_move(page, 2, 7, 3)
    assert screen_board(page)[7] == "####...."
    expect(page.get_by_test_id("score")).to_have_text("40")
    waiting = page.get_by_test_id("hand-waiting")
    expect(waiting).to_be_visible()
    expect(waiting).to_have_text("Your next pieces come when the connection is back.")
    wait_moves(page, 0)

    page.context.set_offline(False)
    expect(banner).to_be_hidden(timeout=RECONNECT_MS)
    wait_moves(page, 3)
    expect(page.locator("#play-area .piece[data-slot]:not(.is-played)")).to_have_count(3)
    expect(waiting).to_be_hidden()
    assert screen_board(page)[7] == "####...."
    assert numbers[-1] == ["0", "1", "2"] and all(n == ["0"] for n in numbers[:-1])  # once back: together, in order
    game.refresh_from_db()
    assert (game.moves, game.score) == (3, 40)


@pytest.mark.parametrize("who", ["signedOut", "playerChanged"])
def test_signed_out_or_another_player_in_another_tab_rolls_back_and_says_so(context: BrowserContext, who):
    account("ada")
    page_a, game = game_on_page_a(context, "ada")
    page_b = context.new_page()
    if who == "signedOut":
        log_out(page_b)
    else:
        account("bob")
        log_in(page_b, "bob")
    page_a.bring_to_front()
    held = HeldMoves(page_a)

    place_mono(page_a)
    assert screen_board(page_a)[3] == "...#...."  # shown at once, before the refusal
    held.wait(1)
    held.release(0)

    expect(page_a.get_by_test_id("session-text")).to_have_text(MESSAGES["en"][who])
    assert screen_board(page_a)[3] == EMPTY
    assert screen_hand(page_a) == list(HAND)
    expect(page_a.get_by_test_id("score")).to_have_text("0")
    wait_moves(page_a, 0)
    assert Game.objects.get(pk=game.pk).moves == 0


def test_a_stale_tabs_hand_played_before_any_answer_is_sent_again_with_a_fresh_token_and_lands_once(
    context: BrowserContext,
):
    account("ada")
    page_a, game = game_on_page_a(context, "ada")
    page_b = context.new_page()
    log_out(page_b)
    log_in(page_b, "ada")  # page A's token is stale now
    page_a.bring_to_front()
    held = HeldMoves(page_a)

    tap_move(page_a, 0, 3, 3)
    tap_move(page_a, 1, 5, 0)
    tap_move(page_a, 2, 7, 7)
    held.wait(3)
    # one at a time (the test server's SQLite does not take concurrent writes)
    with page_a.expect_response("**/move/"):
        held.release(2)  # refused for its token ...
    held.wait(4)
    assert held.numbers()[3] == [0, 1, 2]  # ... and sent again once with the fresh one
    with page_a.expect_response("**/move/"):
        held.release(3)
    wait_moves(page_a, 3)
    expect(page_a.locator("#play-area .piece[data-slot]:not(.is-played)")).to_have_count(3)
    for index in (1, 0):
        with page_a.expect_response("**/move/"):
            held.release(index)  # refused for its token too, but its moves are confirmed: not sent again
    page_a.wait_for_load_state("networkidle")
    assert len(held.routes) == 4
    wait_moves(page_a, 3)
    expect(page_a.get_by_test_id("session-lost")).to_be_hidden()
    game.refresh_from_db()
    assert (game.moves, game.score) == (3, 40)
    assert [event[2:] for event in game.events] == [(3, 3), (5, 0), (7, 7)]  # the record: ("move", slot, row, col)
