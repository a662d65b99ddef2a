"""A piece brought back goes back: a drag that ends over the tray (its own slot or another) or off
the board returns the piece to its slot, at every screen size, with no move made. The piece floats
above the finger on touch; that lift never carries it onto the board while the finger is over the
tray (at 360×640 and 375×667 the tray is a few pixels under the board: it did, and the drop placed
the piece).

Phones drag with real touch input (Chrome DevTools touch events), the desktop with the mouse. Each
drag first goes over the board (the ghost shows where the piece would land) and then comes back.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import DESKTOP, PHONE, _close, _new_context
from tests.e2e.test_play import EMPTY, next_frame, open_game, piece, screen_board, screen_hand, show_position

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = [(360, 640), (375, 667), (390, 844), (412, 915), (640, 360), (768, 1024), (1280, 800)]
HAND = ("I3-v", "mono", "O4")
STEPS = 10


@pytest.fixture(params=SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def sized_page(request, browser, live_server) -> Page:
    width, height = request.param
    if width == 1280:
        options = DESKTOP
    else:  # an iPhone SE is 2× (375×667), the others 3×
        options = {**PHONE, "viewport": {"width": width, "height": height}, "device_scale_factor": 2 + (width > 375)}
    context = _new_context(browser, live_server, options)
    yield context.new_page()
    _close(context, request)


def centre(box: dict) -> tuple[float, float]:
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def release_points(page: Page) -> dict[str, tuple[float, float]]:
    """Where the drag of slot 0's piece ends: its own slot, slot 1, and above the board (the header)."""
    board = page.locator("#board").bounding_box()
    return {
        "own slot": centre(piece(page, 0).bounding_box()),
        "another slot": centre(piece(page, 1).bounding_box()),
        "off the board": (board["x"] + board["width"] / 2, board["y"] / 2),
    }


class Finger:
    """One finger on the touch screen, through Chrome DevTools' Input.dispatchTouchEvent."""

    def __init__(self, page: Page):
        self.page = page
        self.cdp = page.context.new_cdp_session(page)
        self.at = (0.0, 0.0)

    def send(self, kind: str, points: list) -> None:
        self.cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    def down(self, x: float, y: float) -> None:
        self.send("touchStart", [{"x": x, "y": y, "id": 1}])
        self.at = (x, y)

    def move(self, x: float, y: float) -> None:
        x0, y0 = self.at
        for i in range(1, STEPS + 1):
            self.send("touchMove", [{"x": x0 + (x - x0) * i / STEPS, "y": y0 + (y - y0) * i / STEPS, "id": 1}])
            next_frame(self.page)
        self.at = (x, y)

    def up(self) -> None:
        self.send("touchEnd", [])


class Mouse:
    """The mouse, as Finger."""

    def __init__(self, page: Page):
        self.mouse = page.mouse

    def down(self, x: float, y: float) -> None:
        self.mouse.move(x, y)
        self.mouse.down()

    def move(self, x: float, y: float) -> None:
        self.mouse.move(x, y, steps=STEPS)

    def up(self) -> None:
        self.mouse.up()


def test_a_drag_brought_back_over_the_tray_or_off_the_board_returns_the_piece(sized_page: Page):
    page = sized_page
    game = show_position(page, open_game(page), [EMPTY] * 8, HAND)
    moves: list[str] = []
    page.on("request", lambda r: moves.append(r.url) if "/move/" in r.url else None)
    pointer = Mouse(page) if page.viewport_size["width"] == 1280 else Finger(page)
    ghosts = page.locator("#board .cell.is-ghost")

    for where, (x, y) in release_points(page).items():
        pointer.down(*centre(piece(page, 0).locator(".shape").bounding_box()))
        pointer.move(*centre(page.locator("#board").bounding_box()))
        expect(ghosts).to_have_count(3)  # over the board: it shows where it would land
        pointer.move(x, y)
        shown_landing = ghosts.count()
        pointer.up()
        expect(page.locator(".drag-avatar")).to_have_count(0)
        page.wait_for_function("() => !document.querySelector('.htmx-request')")  # no move on its way
        game.refresh_from_db()
        assert game.moves == 0, f"released over {where}: the piece was placed"
        assert screen_hand(page) == list(HAND), where  # back in its slot
        assert screen_board(page) == [EMPTY] * 8, where
        assert shown_landing == 0, f"over {where}: the piece was shown landing on the board"

    assert moves == []
    assert game.board == "." * 64


UNDER = [(360, 640), (375, 667), (390, 844)]


@pytest.mark.parametrize("sized_page", UNDER, ids=[f"{w}x{h}" for w, h in UNDER], indirect=True)
def test_a_finger_above_the_tray_brings_a_piece_to_the_bottom_row(sized_page: Page):
    """The tray 7-10 px under the board: the lift eases off as the finger comes down to it."""
    page = sized_page
    game = show_position(page, open_game(page), [EMPTY] * 8, HAND)
    tray_top = page.locator("#play-area .hand").bounding_box()["y"]
    landing = page.locator("#board .cell.is-ghost")
    finger = Finger(page)
    finger.down(*centre(piece(page, 0).locator(".shape").bounding_box()))
    x, y = centre(page.locator("#board").bounding_box())
    finger.move(x, y)
    while y < tray_top and landing.evaluate_all("cells => cells.map((c) => +c.dataset.row)") != [5, 6, 7]:
        y += 2
        finger.send("touchMove", [{"x": x, "y": y, "id": 1}])
        next_frame(page)
    assert y < tray_top, "the finger reached the tray before the piece reached the bottom row"
    finger.up()
    expect(page.locator("#play-area")).to_have_attribute("data-moves", "1")
    game.refresh_from_db()
    assert game.board[40:] == "....#..." * 3  # column 4: under the board's middle


@pytest.mark.parametrize("sized_page", UNDER, ids=[f"{w}x{h}" for w, h in UNDER], indirect=True)
def test_the_bottom_row_takes_a_finger_anywhere_in_a_band_half_a_cell_tall_or_more(sized_page: Page):
    """A player aiming at the bottom row comes down to just above the tray: the lift holds the piece
    there over a band of finger heights, not the 2 px in which it first reached it and then left."""
    page = sized_page
    show_position(page, open_game(page), [EMPTY] * 8, HAND)
    tray_top = page.locator("#play-area .hand").bounding_box()["y"]
    board = page.locator("#board").bounding_box()
    pitch = board["height"] / 8
    landing = page.locator("#board .cell.is-ghost")
    finger = Finger(page)
    finger.down(*centre(piece(page, 0).locator(".shape").bounding_box()))
    x, y = centre(board)
    finger.move(x, y)
    on_bottom_row = []
    for y in range(int(tray_top - 2 * pitch), int(tray_top)):
        finger.send("touchMove", [{"x": x, "y": y, "id": 1}])
        next_frame(page)
        if landing.evaluate_all("cells => cells.map((c) => +c.dataset.row)") == [5, 6, 7]:
            on_bottom_row.append(y)
    finger.send("touchMove", [{"x": x, "y": board["y"] / 2, "id": 1}])  # away, and let go off the board
    finger.up()
    assert len(on_bottom_row) >= pitch / 2, f"the bottom row at finger heights {on_bottom_row} ({pitch:.0f} px a row)"
    assert on_bottom_row == list(range(on_bottom_row[0], on_bottom_row[-1] + 1)), "one band, no gaps"


SHORT = [(360, 640), (375, 667)]
HANDS = 4


def bring_back(page: Page, finger: Finger, slot: int) -> None:
    """Slot's piece: picked up, over the board until its ghost shows, then let go over its own slot.

    The piece floats above the finger, so a tall one first lands on the board with the finger
    under the board's middle: the finger goes down from there until it does."""
    home = centre(piece(page, slot).bounding_box())
    board = page.locator("#board").bounding_box()
    ghosts = page.locator("#board .cell.is-ghost")
    finger.down(*centre(piece(page, slot).locator(".shape").bounding_box()))
    x, y = centre(board)
    finger.move(x, y)
    while not ghosts.count() and y < board["y"] + board["height"]:
        y += 4
        finger.send("touchMove", [{"x": x, "y": y, "id": 1}])
        next_frame(page)
    finger.at = (x, y)
    assert ghosts.count(), "the piece never showed where it would land"
    finger.move(*home)
    finger.up()
    expect(page.locator(".drag-avatar")).to_have_count(0)
    page.wait_for_function("() => !document.querySelector('.htmx-request')")


@pytest.mark.parametrize("sized_page", SHORT, ids=[f"{w}x{h}" for w, h in SHORT], indirect=True)
def test_every_piece_of_dealt_hands_brought_back_over_its_own_slot_stays_there(sized_page: Page):
    """Dealt hands, not chosen ones: four new games' three pieces each, of every height the deal gives."""
    page = sized_page
    tried, landed, changed = 0, [], []  # every piece tried, even after one lands: the count is the figure
    for _ in range(HANDS):
        game = open_game(page)
        start = (bytes(game.record), game.score, game.board, screen_hand(page))
        finger = Finger(page)
        for slot, name in enumerate(start[3]):
            bring_back(page, finger, slot)
            tried += 1
            if screen_hand(page)[slot] != name:
                landed.append(name)
        game.refresh_from_db()
        if (bytes(game.record), game.score, game.board, game.hand) != start:
            changed.append(game.pk)
    assert (tried, landed, changed) == (HANDS * 3, [], []), f"{tried} tried / {len(landed)} landed: {landed}"
