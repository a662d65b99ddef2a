"""The floating piece of a drag is drawn exactly on the outlined cells it will land on."""

import pytest
from playwright.sync_api import Page

from tests.e2e.test_play import EMPTY, cell, open_game, piece, show_position

pytestmark = pytest.mark.django_db(transaction=True)

# An O4 is two cells wide: centred over the pointer aimed at a cell's middle, its free
# position has its edge on that middle, half a cell off the outline.
HAND = ("O4", "mono", "mono")


def avatar_and_outline(page: Page) -> tuple[dict, dict]:
    page.wait_for_timeout(300)  # a frame, and the lift animation's 0.12 s
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
        page.wait_for_timeout(16)
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
