"""Touch and drag: the floating piece of a drag is drawn exactly on the outlined cells it will
land on; on touch a tap previews before a second tap places; held landscape, a finger reaches
the bottom row."""

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.conftest import PHONE, _close, _new_context
from tests.e2e.test_play import (
    EMPTY,
    cell,
    finger_drag,
    next_frame,
    open_game,
    piece,
    screen_board,
    settled,
    show_position,
    wait_moves,
)

pytestmark = pytest.mark.django_db(transaction=True)

# An O4 is two cells wide: centred over the pointer aimed at a cell's middle, its free
# position has its edge on that middle, half a cell off the outline.
HAND = ("O4", "mono", "mono")


def avatar_and_outline(page: Page) -> tuple[dict, dict]:
    next_frame(page)
    settled(page.locator(".drag-avatar"))  # the lift animation's 0.12 s
    ghosts = page.locator("#board .cell.is-ghost")
    assert ghosts.count() == 4
    return page.locator(".drag-avatar .drag-shape i").first.bounding_box(), ghosts.first.bounding_box()


def assert_on_outline(page: Page) -> None:
    avatar, outline = avatar_and_outline(page)
    for key in ("x", "y", "width", "height"):
        assert abs(avatar[key] - outline[key]) <= 2, (key, avatar, outline)


def test_a_finger_drag_on_a_phone_draws_the_piece_on_its_landing_cells(phone_page: Page):
    page = phone_page
    show_position(page, open_game(page), [EMPTY] * 8, HAND)
    start = piece(page, 0).locator(".shape").bounding_box()
    aim = cell(page, 5, 3).bounding_box()  # the finger three rows below the landing cells
    x0, y0 = start["x"] + start["width"] / 2, start["y"] + start["height"] / 2
    x1, y1 = aim["x"] + aim["width"] / 2, aim["y"] + aim["height"] / 2
    cdp = page.context.new_cdp_session(page)

    def touch(kind, x, y):
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": [{"x": x, "y": y, "id": 1}]})

    touch("touchStart", x0, y0)
    for i in range(1, 15):
        touch("touchMove", x0 + (x1 - x0) * i / 14, y0 + (y1 - y0) * i / 14)
        next_frame(page)
    assert_on_outline(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchCancel", "touchPoints": []})


def test_a_mouse_drag_on_the_desktop_draws_the_piece_on_its_landing_cells(page: Page):
    show_position(page, open_game(page), [EMPTY] * 8, HAND)
    start = piece(page, 0).locator(".shape").bounding_box()
    aim = cell(page, 3, 3).bounding_box()
    page.mouse.move(start["x"] + start["width"] / 2, start["y"] + start["height"] / 2)
    page.mouse.down()
    page.mouse.move(aim["x"] + aim["width"] / 2, aim["y"] + aim["height"] / 2, steps=12)
    assert_on_outline(page)
    page.mouse.up()


def test_a_tap_on_the_next_piece_right_after_a_finger_drag_picks_it_up(phone_page: Page):
    """The new player's trial: a tap within 400 ms of a drag's drop was taken for the drag's own click."""
    page = phone_page
    game = open_game(page)
    show_position(page, game, [EMPTY] * 8, ("mono", "mono", "mono"))
    finger_drag(page, 0, 2, 2)
    expect(cell(page, 2, 2)).to_have_class(re.compile(r"\bis-filled\b"))  # the drop is drawn: the player sees it land
    box = piece(page, 1).bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # at once
    expect(piece(page, 1)).to_have_attribute("aria-pressed", "true")


def ghost_cells(page: Page, kind: str = "is-ghost") -> list[tuple[int, int]]:
    cells = page.evaluate(
        "(kind) => [...document.querySelectorAll(`#board .cell.${kind}`)].map((c) => [+c.dataset.row, +c.dataset.col])",
        kind,
    )
    return [tuple(c) for c in cells]


def test_on_touch_a_first_tap_shows_where_the_piece_lands_and_a_second_tap_there_places_it(phone_page: Page):
    """A tap placed at once, and a player who tapped under the piece's first square saw it land off."""
    page = phone_page
    game = show_position(page, open_game(page), [EMPTY] * 8, ("L4-90", "mono", "mono"))  # ### over #..
    moves = []
    page.on("request", lambda r: moves.append(r.url) if "/move/" in r.url else None)
    piece(page, 0).tap()

    cell(page, 2, 2).tap()
    expect(page.locator("#board .cell.is-ghost")).to_have_count(4)
    assert sorted(ghost_cells(page)) == [(2, 2), (2, 3), (2, 4), (3, 2)]
    cell(page, 7, 7).tap()  # where it does not fit: its cell on the board in red
    expect(page.locator("#board .cell.is-ghost-bad")).to_have_count(1)
    assert ghost_cells(page, "is-ghost") == []
    cell(page, 4, 1).tap()  # elsewhere: the preview moves
    expect(page.locator("#board .cell.is-ghost")).to_have_count(4)
    assert sorted(ghost_cells(page)) == [(4, 1), (4, 2), (4, 3), (5, 1)]
    assert moves == [] and screen_board(page) == [EMPTY] * 8

    cell(page, 4, 1).tap()  # the same cell again: placed
    assert screen_board(page)[4:6] == [".###....", ".#......"]
    wait_moves(page, 1)
    assert len(moves) == 1
    game.refresh_from_db()
    assert game.board[32:48] == ".###.....#......"


def test_on_touch_the_first_tap_says_tap_again_to_place_above_the_board(phone_page: Page):
    """Two new players tapped once, saw the preview and waited."""
    page = phone_page
    show_position(page, open_game(page), [EMPTY] * 8, ("L4-90", "mono", "mono"))
    piece(page, 0).tap()
    cell(page, 2, 2).tap()
    cue = page.locator("#toast.is-shown")
    expect(cue).to_have_text("Tap again to place")
    settled(cue)
    box, board = cue.bounding_box(), page.locator("#board").bounding_box()
    assert box["y"] + box["height"] <= board["y"], (box, board)  # beside the board, not over it
    cell(page, 2, 2).tap()  # placed: the cue goes with it (it stayed 2 s, the new player's trial)
    expect(cell(page, 2, 2)).to_have_class(re.compile(r"\bis-filled\b"))
    assert page.locator("#toast.is-shown").count() == 0  # in the same frame, not when it times out


@pytest.fixture
def landscape_page(browser, live_server, request) -> Page:
    context = _new_context(browser, live_server, {**PHONE, "viewport": {"width": 640, "height": 360}})
    yield context.new_page()
    _close(context, request)


def test_held_landscape_a_finger_reaches_the_bottom_row(landscape_page: Page):
    """640×360: the lift above the finger leaves it room to bring a piece down to the last row."""
    page = landscape_page
    game = show_position(page, open_game(page), [EMPTY] * 8, ("I3-v", "mono", "mono"))
    start = piece(page, 0).locator(".shape").bounding_box()
    column = cell(page, 7, 2).bounding_box()
    lowest = page.evaluate("innerHeight") - 2  # the finger at the window's bottom edge
    x0, y0 = start["x"] + start["width"] / 2, start["y"] + start["height"] / 2
    x1 = column["x"] + column["width"] / 2
    cdp = page.context.new_cdp_session(page)

    def touch(kind, x, y):
        points = [] if kind == "touchEnd" else [{"x": x, "y": y, "id": 1}]
        cdp.send("Input.dispatchTouchEvent", {"type": kind, "touchPoints": points})

    touch("touchStart", x0, y0)
    for i in range(1, 15):
        touch("touchMove", x0 + (x1 - x0) * i / 14, y0 + (lowest - y0) * i / 14)
        next_frame(page)
    assert sorted(ghost_cells(page)) == [(5, 2), (6, 2), (7, 2)]
    touch("touchEnd", x1, lowest)
    assert [row[2] for row in screen_board(page)] == list(".....###")
    wait_moves(page, 1)
    game.refresh_from_db()
    assert game.moves == 1


def test_held_landscape_a_finger_reaches_the_top_row(landscape_page: Page):
    """640×360, the board beside the tray: moving up from the tray, the piece reaches row 0, the finger on screen."""
    page = landscape_page
    show_position(page, open_game(page), [EMPTY] * 8, ("I3-v", "mono", "mono"))
    start = piece(page, 0).locator(".shape").bounding_box()
    column = cell(page, 0, 5).bounding_box()
    x0, y0 = start["x"] + start["width"] / 2, start["y"] + start["height"] / 2
    x1 = column["x"] + column["width"] / 2
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0, "id": 1}]})
    y = page.evaluate("innerHeight") - 2  # from the window's bottom edge up
    while y >= 0 and sorted(ghost_cells(page)) != [(0, 5), (1, 5), (2, 5)]:
        y -= 4
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x1, "y": y, "id": 1}]})
        next_frame(page)
    assert y >= 0, "the finger left the screen before the piece reached row 0"
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    assert [row[5] for row in screen_board(page)] == list("###.....")
    wait_moves(page, 1)
