"""Nothing over the play screen hides a control or shows half of one: the toast, the end card's backdrop."""

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_play import CHECKERBOARD, EMPTY, cell, open_game, piece, settled, show_position, wait_moves

pytestmark = pytest.mark.django_db(transaction=True)


def intersects(a: dict, b: dict) -> bool:
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


def inside(a: dict, b: dict) -> bool:
    return (
        b["x"] - 0.5 <= a["x"]
        and a["x"] + a["width"] <= b["x"] + b["width"] + 0.5
        and b["y"] - 0.5 <= a["y"]
        and a["y"] + a["height"] <= b["y"] + b["height"] + 0.5
    )


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_does_not_fit_toast_hides_none_of_the_tools(size, request):
    page: Page = request.getfixturevalue(f"{size}_page")
    show_position(page, open_game(page), [EMPTY] * 8, ("O4", "mono", "mono"))
    piece(page, 0).click()
    cell(page, 7, 7).click()  # a 2×2 square does not fit the corner
    toast = page.locator("#toast")
    expect(toast).to_have_text("That piece does not fit there.")
    expect(toast).to_have_class("toast is-shown")
    settled(toast)  # its slide in
    box = toast.bounding_box()
    controls = page.locator(".tools button, .tools a, [data-testid='high-score']")
    assert controls.count() >= 3
    for i in range(controls.count()):
        assert not intersects(box, controls.nth(i).bounding_box()), controls.nth(i).inner_text()
    board = page.locator("#board").bounding_box()
    assert board["y"] <= box["y"] and box["y"] + box["height"] <= board["y"] + board["height"]


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_game_over_backdrop_covers_the_whole_score_row(size, request):
    page: Page = request.getfixturevalue(f"{size}_page")
    show_position(page, open_game(page), CHECKERBOARD, ("mono", "I5-h", "I5-h"), continues_left=0)
    piece(page, 0).click()
    cell(page, 0, 1).click()
    wait_moves(page, 1)
    expect(page.get_by_test_id("game-over")).to_be_visible()
    settled(page.locator("#play-area > .overlay--over"))  # its fade in
    backdrop = page.locator("#play-area > .overlay--over").bounding_box()
    if size == "phone":  # from the tools row down at least: the label's glyphs stick out above its box
        tools = page.locator(".tools-new").bounding_box()
        assert backdrop["y"] <= tools["y"] + tools["height"] + 0.5, (backdrop, tools)
    # each part of the score row is under the blur whole, or clear of it (the wide layout's score column)
    for part in page.locator(".scorebar .stat--score, .scorebar .stat--score *, .scorebar .combo").all():
        box = part.bounding_box()
        assert inside(box, backdrop) or not intersects(box, backdrop), (part.get_attribute("class"), box, backdrop)
