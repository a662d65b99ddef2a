"""The play page in a real browser: drag and drop, click-click, keyboard, resume,
"No moves left" with Continue and No thanks, New game, refused moves.

Each test opens the page as a new guest (made by the test: the page then starts a
Classic game; a first visit's own first move is test_first_visit.py's), then puts
that game on a position chosen here (board, hand, combo) straight in the database
and reloads: the board and hand are then known, so scores are checked exactly.
"""

from __future__ import annotations

import re
from urllib.parse import parse_qs

import pytest
from playwright.sync_api import Page, Route, expect

from game.models import Game
from tests.helpers import log_in_new_guest_browser

from .conftest import RECONNECT_MS

pytestmark = pytest.mark.django_db(transaction=True)

EMPTY = "........"
# A checkerboard: no full line, and only a single square fits anywhere on it.
CHECKERBOARD = ["#.#.#.#.", ".#.#.#.#"] * 4


# --------------------------------------------------------------------- helpers


def open_game(page: Page) -> Game:
    """Open the play page as a new guest and return the game it shows.

    The guest is made here: a first visit's page writes nothing.
    """
    page.goto("/")
    log_in_new_guest_browser(page)
    area = page.locator("#play-area")
    expect(area).to_be_visible()
    return Game.objects.get(pk=area.get_attribute("data-game-id"))


def set_position(game: Game, rows, hand, *, used=(False, False, False), combo=0, moves_left=0, **fields) -> Game:
    """Put the stored game on a chosen board and hand (a test set-up, not a game move); filled cells neutral."""
    game.refresh_from_db()
    game.board = "".join(rows)
    game.colours = game.board
    game.hand = list(hand)
    game.used = list(used)
    game.combo = combo
    game.combo_moves_left = moves_left
    for name, value in fields.items():
        setattr(game, name, value)
    game.save()
    return game


def show_position(page: Page, game: Game, rows, hand, **kwargs) -> Game:
    game = set_position(game, rows, hand, **kwargs)
    page.reload()
    expect(page.locator("#play-area")).to_have_attribute("data-game-id", str(game.pk))
    return game


def cell(page: Page, row: int, col: int):
    return page.locator(f'#board .cell[data-row="{row}"][data-col="{col}"]')


def piece(page: Page, slot: int):
    return page.locator(f'#play-area .piece[data-slot="{slot}"]')


def screen_board(page: Page) -> list[str]:
    return page.evaluate(
        """() => [...Array(8).keys()].map(r => [...Array(8).keys()].map(c =>
            document.querySelector(`#board .cell[data-row="${r}"][data-col="${c}"]`)
              .classList.contains('is-filled') ? '#' : '.').join(''))"""
    )


def screen_hand(page: Page) -> list[str | None]:
    return page.evaluate(
        """() => [...document.querySelectorAll('#play-area .slot')].map(slot => {
            const p = slot.querySelector('.piece[data-slot]:not(.is-played)'); return p ? p.dataset.piece : null; })"""
    )


def score(page: Page) -> int:
    return int(page.get_by_test_id("score").get_attribute("data-value"))


def wait_moves(page: Page, moves: int) -> None:
    expect(page.locator("#play-area")).to_have_attribute("data-moves", str(moves))


def next_frame(page: Page) -> None:
    """Wait until the page has drawn its next frame (what a pointer move asks for is on screen)."""
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def until_answered(page: Page, action) -> None:
    """Run ``action`` and wait until the board's request it starts is over (htmx:afterRequest)."""
    page.evaluate(
        """() => { window.__answered = false;
            document.addEventListener('htmx:afterRequest', () => { window.__answered = true; }, {once: true}); }"""
    )
    action()
    page.wait_for_function("() => window.__answered")


class HeldMoves:
    """The page's move requests, held until the test lets each one through (or answers it)."""

    def __init__(self, page: Page):
        self.page = page
        self.routes: list[Route] = []
        page.route("**/move/", lambda route: self.routes.append(route))

    def wait(self, count: int) -> None:
        """Until ``count`` move requests have reached the network (each round trip runs the route handler)."""
        for _ in range(500):
            if len(self.routes) >= count:
                return
            self.page.evaluate("() => new Promise((done) => requestAnimationFrame(done))")
        raise AssertionError(f"{len(self.routes)} move requests, not {count}")

    def numbers(self) -> list[list[int]]:
        """Each request's moves by their move_number (each carries every move not confirmed yet)."""
        return [[int(n) for n in parse_qs(route.request.post_data)["move_number"]] for route in self.routes]

    def release(self, index: int) -> None:
        self.routes[index].continue_()


def settled(locator) -> None:
    """Wait until the element's animations and transitions (its own and its descendants') have run."""
    locator.evaluate("el => Promise.all(el.getAnimations({subtree: true}).map((a) => a.finished))")


def layout_settled(page: Page) -> None:
    """Wait until every transition and animation of the page that ends has run (a card that comes
    shrinks the board with transitions of its own: a box measured before they end is a moment's)."""
    page.evaluate("""() => Promise.all(document.getAnimations()
        .filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
        .map((a) => a.finished.catch(() => null)))""")


def target_centre(page: Page, slot: int, row: int, col: int) -> tuple[float, float]:
    """Centre of the board cells the piece in ``slot`` would cover with its anchor on (row, col)."""
    button = piece(page, slot)
    height, width = int(button.get_attribute("data-h")), int(button.get_attribute("data-w"))
    top_left = cell(page, row, col).bounding_box()
    bottom_right = cell(page, row + height - 1, col + width - 1).bounding_box()
    return (
        (top_left["x"] + bottom_right["x"] + bottom_right["width"]) / 2,
        (top_left["y"] + bottom_right["y"] + bottom_right["height"]) / 2,
    )


def mouse_drag(page: Page, slot: int, row: int, col: int, *, release: bool = True) -> None:
    """Drag the piece in ``slot`` with the mouse, grabbed at its centre, onto anchor (row, col)."""
    box = piece(page, slot).locator(".shape").bounding_box()
    x0, y0 = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    x1, y1 = target_centre(page, slot, row, col)
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x0 + 4, y0 - 12, steps=3)
    page.mouse.move(x1, y1, steps=12)
    if release:
        page.mouse.up()


GHOST_TOP_ROW = "Math.min(...[...document.querySelectorAll('#board .cell.is-ghost')].map((c) => +c.dataset.row))"


def finger_drag(page: Page, slot: int, row: int, col: int) -> None:
    """Drag with a touch (Chrome DevTools touch events), the piece floating above the finger."""
    geometry = page.evaluate(
        """([slot, row, col]) => {
            const a = document.querySelector('#board .cell[data-row="0"][data-col="0"]').getBoundingClientRect();
            const b = document.querySelector('#board .cell[data-row="7"][data-col="7"]').getBoundingClientRect();
            const pitch = (b.left - a.left) / 7, gap = pitch - a.width;
            const p = document.querySelector(`#play-area .piece[data-slot="${slot}"]`);
            const s = p.querySelector('.shape').getBoundingClientRect();
            const w = +p.dataset.w * pitch - gap, h = +p.dataset.h * pitch - gap;
            const left = a.left + col * pitch, top = a.top + row * pitch;
            return {x0: s.left + s.width / 2, y0: s.top + s.height / 2,
                    x1: left + w / 2, y1: top + h + 1.4 * pitch};
        }""",
        [slot, row, col],
    )
    cdp = page.context.new_cdp_session(page)

    def touch(kind, x, y):
        points = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    x0, y0, x1, y1 = geometry["x0"], geometry["y0"], geometry["x1"], geometry["y1"]
    touch("touchStart", x0, y0)
    steps = 14
    for i in range(1, steps + 1):
        touch("touchMove", x0 + (x1 - x0) * i / steps, y0 + (y1 - y0) * i / steps)
        next_frame(page)
    # The lift above the finger shrinks near the tray (drag.js): the finger goes up or down, as a
    # player's does, until the landing cells' top row is the one aimed at.
    for _ in range(100):
        top = page.evaluate(
            "Math.min(...[...document.querySelectorAll('#board .cell.is-ghost')].map((c) => +c.dataset.row))"
        )
        if top == row:
            break
        y1 += -2 if top is not None and top > row else 2
        touch("touchMove", x1, y1)
        next_frame(page)
    touch("touchEnd", x1, y1)


def tab_to(page: Page, selector: str, limit: int = 30) -> None:
    """Press Tab until the focused element matches ``selector``."""
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("(s) => document.activeElement && document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"Tab never reached {selector}")


def focused_cell(page: Page) -> tuple[int, int] | None:
    position = page.evaluate(
        """() => { const el = document.activeElement;
            return el && el.matches('#board .cell') ? [+el.dataset.row, +el.dataset.col] : null; }"""
    )
    return tuple(position) if position else None


# ----------------------------------------------------------------------- tests


def test_a_new_player_drags_a_piece_to_clear_a_row_for_120(page: Page):
    game = open_game(page)
    expect(page.get_by_test_id("score")).to_have_text("0")
    show_position(page, game, ["######.."] + [EMPTY] * 6 + ["#......."], ("I2-h", "mono", "O4"))

    mouse_drag(page, 0, 0, 6, release=False)
    # while dragging: the ghost shows where it lands and the row it completes lights up
    expect(cell(page, 0, 6)).to_have_class(re.compile(r"\bis-ghost\b"))
    expect(cell(page, 0, 7)).to_have_class(re.compile(r"\bis-ghost\b"))
    expect(page.locator("#board .cell.is-line")).to_have_count(8)
    expect(page.locator(".drag-avatar")).to_have_count(1)
    page.mouse.up()

    wait_moves(page, 1)
    assert score(page) == 2 * 10 + 100 * 1
    expect(page.get_by_test_id("score")).to_have_text("120")
    assert screen_board(page) == [EMPTY] * 7 + ["#......."]
    assert screen_hand(page) == [None, "mono", "O4"]
    combo = page.get_by_test_id("combo")
    expect(combo).to_have_attribute("data-combo", "1")
    expect(combo).to_have_attribute("data-moves-left", "3")
    expect(combo.locator(".combo-dots i.on")).to_have_count(3)
    # the cleared row is animated from the move's result
    expect(page.locator("#play-area")).to_have_attribute("data-result-rows", "0")
    expect(page.locator("#board .cell.fx-clear")).to_have_count(8)
    expect(page.locator("#announcer")).to_contain_text("Score 120")
    expect(page.locator(".drag-avatar")).to_have_count(0)
    game.refresh_from_db()
    assert (game.score, game.moves, game.combo) == (120, 1, 1)


def test_a_drop_where_the_piece_does_not_fit_snaps_back(page: Page):
    game = open_game(page)
    show_position(page, game, ["##......"] + [EMPTY] * 7, ("O4", "mono", "mono"))
    requests = []
    page.on("request", lambda r: requests.append(r.url) if "/move/" in r.url else None)
    mouse_drag(page, 0, 0, 0, release=False)
    expect(page.locator("#board .cell.is-ghost")).to_have_count(0)
    page.mouse.up()
    expect(page.locator(".drag-avatar")).to_have_count(0)
    expect(piece(page, 0)).to_be_visible()
    assert requests == []
    wait_moves(page, 0)


def test_a_phone_player_drags_with_a_finger_and_clears_two_rows_for_240(phone_page: Page):
    page = phone_page
    game = open_game(page)
    rows = ["#......."] + [EMPTY] * 5 + ["####..##", "####..##"]
    show_position(page, game, rows, ("mono", "O4", "I3-h"))

    finger_drag(page, 1, 6, 4)

    wait_moves(page, 1)
    assert score(page) == 4 * 10 + 200 * 1
    assert screen_board(page) == ["#......."] + [EMPTY] * 7
    assert screen_hand(page) == ["mono", None, "I3-h"]


def test_click_a_piece_then_a_cell_places_it(page: Page):
    game = open_game(page)
    show_position(page, game, [EMPTY] * 8, ("mono", "L4-0", "I3-v"))

    piece(page, 1).click()
    expect(piece(page, 1)).to_have_attribute("aria-pressed", "true")
    cell(page, 4, 2).hover()  # hover previews the L at anchor (4, 2)
    expect(page.locator("#board .cell.is-ghost")).to_have_count(4)
    cell(page, 4, 2).click()

    wait_moves(page, 1)
    assert score(page) == 40
    assert screen_board(page)[4:7] == ["..#.....", "..#.....", "..##...."]
    assert screen_hand(page) == ["mono", None, "I3-v"]


def test_keyboard_tab_enter_arrows_enter_places_a_piece(page: Page):
    game = open_game(page)
    show_position(page, game, [EMPTY] * 8, ("O4", "I2-v", "mono"))

    tab_to(page, '#play-area .piece[data-slot="0"]')
    page.keyboard.press("Enter")
    expect(piece(page, 0)).to_have_attribute("aria-pressed", "true")
    assert focused_cell(page) == (0, 0)  # selecting moves focus to the board
    page.keyboard.press("End")
    assert focused_cell(page) == (0, 7)
    page.keyboard.press("Home")
    assert focused_cell(page) == (0, 0)
    for key in ["ArrowDown", "ArrowDown", "ArrowRight", "ArrowRight", "ArrowRight"]:
        page.keyboard.press(key)
    assert focused_cell(page) == (2, 3)
    expect(page.locator("#board .cell.is-ghost")).to_have_count(4)  # focus previews
    page.keyboard.press("Enter")

    wait_moves(page, 1)
    assert screen_board(page)[2:4] == ["...##...", "...##..."]
    assert score(page) == 40
    # focus goes on to the next piece: Space selects it, Escape cancels
    expect(piece(page, 1)).to_be_focused()
    page.keyboard.press("Space")
    expect(piece(page, 1)).to_have_attribute("aria-pressed", "true")
    page.keyboard.press("Escape")
    expect(piece(page, 1)).to_have_attribute("aria-pressed", "false")
    expect(piece(page, 1)).to_be_focused()
    expect(page.locator("#board .cell.is-ghost")).to_have_count(0)


def test_reloading_mid_game_shows_the_same_game(page: Page):
    game = open_game(page)
    show_position(page, game, [EMPTY] * 8, ("mono", "I2-h", "T4-down"))
    piece(page, 0).click()
    cell(page, 7, 7).click()
    wait_moves(page, 1)
    piece(page, 2).click()
    cell(page, 0, 0).click()
    wait_moves(page, 2)
    before = (
        screen_board(page),
        screen_hand(page),
        score(page),
        page.locator("#play-area").get_attribute("data-game-id"),
    )

    page.reload()
    after = (
        screen_board(page),
        screen_hand(page),
        score(page),
        page.locator("#play-area").get_attribute("data-game-id"),
    )
    assert after == before
    assert before[1] == [None, "I2-h", None]
    assert before[2] == 10 + 40

    # a new tab in the same browser resumes it as well
    other = page.context.new_page()
    other.goto("/")
    assert screen_board(other) == before[0]


def test_no_moves_left_then_continue_then_no_thanks(page: Page):
    game = open_game(page)
    show_position(page, game, CHECKERBOARD, ("mono", "I5-h", "I5-h"))

    piece(page, 0).click()
    cell(page, 0, 1).click()
    wait_moves(page, 1)
    overlay = page.get_by_test_id("no-moves")
    expect(overlay).to_be_visible()
    expect(overlay).to_contain_text("No moves left")
    expect(page.locator("#play-area")).to_have_attribute("data-status", "no_moves")
    assert score(page) == 10
    # the score and the best stay in view while the player chooses
    expect(overlay.get_by_test_id("no-moves-score")).to_be_visible()
    expect(overlay.get_by_test_id("no-moves-score")).to_contain_text("Score 10")

    overlay.get_by_role("button", name="Continue", exact=True).click()
    expect(overlay).to_have_count(0)
    expect(page.locator("#play-area")).to_have_attribute("data-status", "playing")
    assert score(page) == 10  # board and score kept, three new pieces that fit
    assert screen_board(page)[0] == "###.#.#."
    assert None not in screen_hand(page)

    # stuck again, this time with a Continue left: No thanks ends the game
    show_position(page, game, CHECKERBOARD, ("mono", "I5-h", "I5-h"), continues_left=1)
    piece(page, 0).click()
    cell(page, 7, 0).click()
    wait_moves(page, 2)
    expect(overlay).to_be_visible()
    overlay.get_by_role("button", name="No thanks").click()

    over = page.get_by_test_id("game-over")
    expect(over).to_be_visible()
    expect(over).to_contain_text("Game over")
    expect(over.get_by_test_id("final-score")).to_have_attribute("data-value", "20")
    expect(over.get_by_test_id("final-best")).to_have_attribute("data-value", "20")
    game.refresh_from_db()
    assert game.status == "over"

    over.get_by_role("button", name="New game").click()
    expect(over).to_have_count(0)
    expect(page.locator("#play-area")).not_to_have_attribute("data-game-id", str(game.pk))
    assert score(page) == 0
    expect(page.get_by_test_id("high-score")).to_have_attribute("data-value", "20")


def test_the_no_moves_card_takes_away_a_toast_that_would_cover_its_buttons(phone_page: Page):
    """The new player's trial: a tap on a piece left without room, before the server's answer, toasted
    "does not fit anywhere" over Continue and No thanks for 2 s."""
    page = phone_page
    game = open_game(page)
    show_position(page, game, CHECKERBOARD, ("mono", "I5-h", "I5-h"))
    held = HeldMoves(page)
    piece(page, 0).click()
    cell(page, 0, 1).click()
    held.wait(1)
    piece(page, 1).click(force=True)  # dimmed at once: no room left for it
    toast = page.locator("#toast.is-shown")
    expect(toast).to_have_text("That piece does not fit anywhere on the board now.")
    held.release(0)
    expect(page.get_by_test_id("no-moves")).to_be_visible()
    assert toast.count() == 0  # with the card, not when it times out


def test_no_thanks_looks_pressed_until_the_servers_answer(page: Page):
    """The new player's trial: at 300 ms No thanks took 1.9 s to answer with no sign it was pressed."""
    game = open_game(page)
    show_position(page, game, CHECKERBOARD, ("I5-h", "I5-h", "I5-h"), status="no_moves", continues_left=0)
    answers = []
    page.route("**/decline/", lambda route: answers.append(route))
    button = page.get_by_test_id("no-moves").get_by_role("button", name="No thanks")
    button.click()
    expect(page.locator("form.htmx-request")).to_have_count(1)
    expect(button).to_have_css("cursor", "progress")  # the press shows after a moment (0.1 s)
    expect(button).to_have_css("opacity", "0.6")  # and has faded in (0.15 s)
    answers[0].continue_()
    expect(page.get_by_test_id("game-over")).to_be_visible()


def test_with_the_continue_used_no_moves_ends_the_game(page: Page):
    game = open_game(page)
    show_position(page, game, CHECKERBOARD, ("mono", "I5-h", "I5-h"), continues_left=0)
    piece(page, 0).click()
    cell(page, 0, 1).click()
    wait_moves(page, 1)
    expect(page.get_by_test_id("game-over")).to_be_visible()
    expect(page.get_by_test_id("no-moves")).to_have_count(0)


def test_new_game_asks_first_and_abandons_the_unfinished_game(page: Page):
    game = open_game(page)
    dialog = page.locator("#new-game-dialog")
    page.locator(".tools").get_by_role("button", name="New game").click()
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Keep playing").click()
    expect(dialog).to_be_hidden()
    expect(page.locator("#play-area")).to_have_attribute("data-game-id", str(game.pk))

    page.locator(".tools").get_by_role("button", name="New game").click()
    page.get_by_test_id("confirm-new-game").click()
    expect(page.locator("#play-area")).not_to_have_attribute("data-game-id", str(game.pk))
    game.refresh_from_db()
    assert game.status == "abandoned"


def test_new_game_still_asks_after_moves_were_confirmed_in_place(page: Page):
    """After moves, New game's form (taken from the server's answer) posted at once."""
    game = open_game(page)
    show_position(page, game, [EMPTY] * 8, ("mono", "mono", "mono"))
    piece(page, 0).click()
    with page.expect_response(lambda r: "/move/" in r.url):  # the server's answer confirms it in place
        cell(page, 0, 0).click()
    wait_moves(page, 1)
    next_frame(page)
    dialog = page.locator("#new-game-dialog")
    page.locator(".tools").get_by_role("button", name="New game").click()
    expect(dialog).to_be_visible()
    dialog.get_by_role("button", name="Keep playing").click()
    expect(dialog).to_be_hidden()
    game.refresh_from_db()
    assert (game.status, game.moves) == ("playing", 1)
    expect(page.locator("#play-area")).to_have_attribute("data-game-id", str(game.pk))


def test_a_used_tray_slot_looks_the_same_before_and_after_a_reload(page: Page):
    """A slot played on the page was blank, the same slot after a reload outlined."""
    game = open_game(page)
    show_position(page, game, [EMPTY] * 8, ("mono", "mono", "mono"))
    piece(page, 0).click()
    cell(page, 0, 0).click()
    wait_moves(page, 1)
    outline = """() => { const slot = document.querySelector('#play-area .slot');
        const box = slot.querySelector('.piece--used') || slot; const css = getComputedStyle(box);
        return [css.borderTopStyle, css.borderTopColor, box.getBoundingClientRect().height]; }"""
    before = page.evaluate(outline)
    page.reload()
    expect(page.locator("#play-area .piece--used")).to_have_count(1)
    assert page.evaluate(outline) == before and before[0] == "dashed"


def test_a_refused_move_puts_the_piece_back_and_resyncs_the_board(page: Page):
    game = open_game(page)
    show_position(page, game, [EMPTY] * 8, ("O4", "mono", "mono"))
    # the board changes on the server behind the page's back
    set_position(game, ["...#...."] + [EMPTY] * 7, ("O4", "mono", "mono"))

    mouse_drag(page, 0, 0, 2)

    expect(cell(page, 0, 3)).to_have_class(re.compile(r"\bis-filled\b"))  # the server's board
    expect(page.locator("#toast")).to_have_text("That piece does not fit there.")
    expect(page.locator(".drag-avatar")).to_have_count(0)
    assert screen_hand(page) == ["O4", "mono", "mono"]
    wait_moves(page, 0)
    expect(page.locator("#play-area")).to_have_attribute("data-error", "illegal_placement")


def test_a_stale_move_is_refused_and_the_board_resyncs(page: Page):
    game = open_game(page)
    show_position(page, game, [EMPTY] * 8, ("mono", "mono", "mono"))
    set_position(game, ["#......."] + [EMPTY] * 7, ("mono", "mono", "mono"), used=(True, False, False), moves=1)

    piece(page, 0).click()
    cell(page, 5, 5).click()

    wait_moves(page, 1)
    expect(page.locator("#play-area")).to_have_attribute("data-error", "stale_move")
    assert screen_board(page)[0] == "#......."
    assert screen_board(page)[5] == EMPTY
    assert screen_hand(page) == [None, "mono", "mono"]


def test_a_double_tap_sends_one_move(page: Page):
    game = open_game(page)
    show_position(page, game, [EMPTY] * 8, ("mono", "mono", "mono"))
    moves = []
    page.on("request", lambda r: moves.append(r.url) if "/move/" in r.url else None)
    piece(page, 0).click()
    page.evaluate(
        """() => { const c = document.querySelector('#board .cell[data-row="3"][data-col="3"]');
                   c.click(); c.click(); }"""
    )
    wait_moves(page, 1)
    # the next move is sent after any second one of the first: two requests in all if none was
    piece(page, 1).click()
    cell(page, 5, 5).click()
    wait_moves(page, 2)
    assert len(moves) == 2
    game.refresh_from_db()
    assert game.moves == 2 and game.used == [True, True, False]


def test_mute_is_remembered(page: Page):
    open_game(page)
    toggle = page.locator("#play-area [data-mute-toggle]")
    expect(toggle).to_have_attribute("aria-pressed", "false")
    toggle.click()
    expect(toggle).to_have_attribute("aria-pressed", "true")
    page.reload()
    expect(page.locator("#play-area [data-mute-toggle]")).to_have_attribute("aria-pressed", "true")
    page.goto("/settings/")
    expect(page.get_by_test_id("mute-setting")).to_be_checked()


def test_the_help_pages_and_settings_links(page: Page):
    open_game(page)
    page.get_by_role("navigation", name="Main").get_by_role("link", name="How to play").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("How to play")
    page.get_by_role("navigation", name="Main").get_by_role("link", name="Settings").click()
    expect(page.get_by_role("button", name="Keep it with a passkey")).to_be_visible()  # a guest's ways to keep it
    expect(page.get_by_role("link", name="Keep it with an email and password")).to_be_visible()
    expect(page.get_by_role("link", name="Sign in", exact=True)).to_be_visible()
    page.get_by_role("link", name="How scoring works").click()
    body = page.locator("main")
    for text in ["10 points", "100 × combo", "1,200 × combo", "3,000 points", "640", "once per game"]:
        expect(body).to_contain_text(text)


def test_an_older_answer_never_replaces_the_board_on_screen(page: Page):
    game = open_game(page)
    show_position(page, game, [EMPTY] * 8, ("mono", "mono", "mono"))
    board_url = page.locator("#play-area").get_attribute("data-board-url")
    old_answer = page.request.get(board_url, headers={"HX-Request": "true"}).text()
    assert 'data-moves="0"' in old_answer

    piece(page, 0).click()
    cell(page, 2, 2).click()
    wait_moves(page, 1)

    # a late answer from before the move arrives: it must not replace the newer board
    page.route("**" + board_url, lambda route: route.fulfill(status=200, body=old_answer, content_type="text/html"))
    until_answered(
        page,
        lambda: page.evaluate("(url) => htmx.ajax('GET', url, {target: '#play-area', swap: 'outerHTML'})", board_url),
    )
    wait_moves(page, 1)
    assert screen_board(page)[2] == "..#....."
    assert screen_hand(page) == [None, "mono", "mono"]


def test_a_move_that_gets_no_answer_stays_on_the_board_and_is_sent_again_once_the_server_answers(page: Page):
    game = open_game(page)
    show_position(page, game, ["#......."] + [EMPTY] * 7, ("O4", "mono", "mono"))
    tries = []

    def first_try_lost(route):
        tries.append(route.request.post_data)
        if len(tries) == 1:
            route.abort()
        else:
            route.continue_()

    page.route("**/move/", first_try_lost)

    mouse_drag(page, 0, 4, 4)

    expect(page.get_by_test_id("connection-lost")).to_be_visible()
    expect(page.locator(".drag-avatar")).to_have_count(0)
    assert screen_board(page)[4] == "....##.."  # played here meanwhile, never taken back
    assert screen_hand(page) == [None, "mono", "mono"]
    # the board's answer (no move yet) lets the move go again, with the same move_number
    expect(page.get_by_test_id("connection-lost")).to_be_hidden(timeout=RECONNECT_MS)
    wait_moves(page, 1)
    assert len(tries) == 2 and tries[0] == tries[1] and "move_number=0" in tries[0]
    assert screen_board(page)[4] == "....##.."
    piece(page, 1).click()
    cell(page, 7, 7).click()
    wait_moves(page, 2)
    game.refresh_from_db()
    assert (game.moves, game.score) == (2, 50)


def test_reduced_motion_turns_the_animations_off(page: Page):
    page.emulate_media(reduced_motion="reduce")
    game = open_game(page)
    show_position(page, game, ["#######."] + [EMPTY] * 6 + ["#......."], ("mono", "O4", "mono"))
    piece(page, 0).click()
    cell(page, 0, 7).click()
    wait_moves(page, 1)
    expect(page.get_by_test_id("score")).to_have_text("110")
    assert (
        page.locator("#play-area .fx-clear, #play-area .fx-combo, #play-area .fx-empty, #play-area .is-placed").count()
        == 0
    )
    # a piece dropped where it does not fit is put back at once, without the slide
    mouse_drag(page, 1, 6, 0)  # the 2×2 would cover the block at (7, 0)
    assert page.locator(".drag-avatar").count() == 0


def test_a_piece_dragged_where_it_does_not_fit_shows_red_and_says_so_on_the_drop(page: Page):
    """A new player's trial: dragged over blocks, the piece gave no sign, and its drop none (a tap did)."""
    game = open_game(page)
    show_position(page, game, [EMPTY] * 7 + ["#......."], ("mono", "O4", "mono"))
    mouse_drag(page, 1, 6, 0, release=False)  # the 2×2 would cover the block at (7, 0)
    expect(page.locator("#board .cell.is-ghost-bad")).to_have_count(
        4
    )  # its four cells, the blocked one too (as a tap shows)
    page.mouse.up()
    expect(page.locator("#toast")).to_have_text("That piece does not fit there.")
    expect(page.locator("#board .cell.is-ghost-bad")).to_have_count(0)
    assert Game.objects.get(pk=game.pk).moves == 0
