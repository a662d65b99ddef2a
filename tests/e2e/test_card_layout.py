"""The end-of-game cards on the screens that have least room, measured (bounding boxes, not pixels).

- A finished Daily on a short phone (360×640, 375×667): its card is taller than the room under the
  header; the final board stays a square (35% of the height under the mode's line) above it and the card
  scrolls, its first button whole in view (the board was squashed to a strip under the card), and
  the line under that button clear of its focus ring (the card opens with the button focused).
- "No moves left" on a phone held sideways (640×360): Continue and No thanks each on one line in
  both languages ("不用了" wrapped to two).
- "No moves left" on a short phone: nothing to scroll, the card's header in view (once measured
  above the viewport when the card's button took the focus and scrolled the page).
- A finished Daily's cards on a wide screen, with every line the Daily's card can have (a score bonus,
  the day's cap): the result beside the board, Share in the tray's column, both whole in view (in one
  column the card ran past the bottom of a 1280×800 screen when a score bonus added a line).
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from game.models import Game
from tests.e2e.test_layout import BIG_SCORE, SETTLED_JS, open_mode, resync, stuck

pytestmark = pytest.mark.django_db(transaction=True)

SHORT = [(360, 640), (375, 667)]
LANGUAGES = ["en", "zh"]
FOCUS_RING_PX = 5  # base.css :focus-visible, a 3 px outline 2 px off the box
BOX_JS = "el => { const r = el.getBoundingClientRect(); return {x: r.x, y: r.y, right: r.right, bottom: r.bottom}; }"
NEXT_TOP_JS = "el => el.nextElementSibling.getBoundingClientRect().top"
# The text lines of each of the card's buttons (a range's rectangles, one top per line).
LINES_JS = """buttons => buttons.map(b => { const range = document.createRange(); range.selectNodeContents(b);
  return new Set([...range.getClientRects()].map(r => Math.round(r.top))).size; })"""


def _sizes(sizes):
    return pytest.mark.parametrize(
        "guest_page",
        [(w, h, lang) for w, h in sizes for lang in LANGUAGES],
        ids=[f"{w}x{h}-{lang}" for w, h in sizes for lang in LANGUAGES],
        indirect=True,
    )


def box(page: Page, selector: str) -> dict:
    return page.locator(selector).evaluate(BOX_JS)


def viewport_box(page: Page) -> dict:
    return {"x": 0, "y": 0, "right": page.viewport_size["width"], "bottom": page.viewport_size["height"]}


def inside(inner: dict, outer: dict) -> bool:
    return (
        inner["x"] >= outer["x"] - 0.5
        and inner["y"] >= outer["y"] - 0.5
        and inner["right"] <= outer["right"] + 0.5
        and inner["bottom"] <= outer["bottom"] + 0.5
    )


def nothing_to_scroll(page: Page) -> None:
    assert page.evaluate("() => [scrollY, document.documentElement.scrollHeight - innerHeight]") == [0, 0]


@_sizes(SHORT)
def test_a_finished_dailys_card_scrolls_under_a_square_board_on_a_short_phone(guest_page: Page):
    page = guest_page
    assert stuck(page, open_mode(page, "/daily/"), score=1200).status == "over"
    expect(page.get_by_test_id("ended-no-moves")).to_be_visible()
    page.evaluate(SETTLED_JS)
    board, card = box(page, "#board"), box(page, "#play-area > .overlay")
    width, height = board["right"] - board["x"], board["bottom"] - board["y"]
    assert abs(width - height) < 1 and height >= 0.45 * min(page.viewport_size.values()), board
    assert board["bottom"] <= card["y"], "the card covers the board"
    screen = viewport_box(page)
    assert inside(card, screen)
    first = box(page, "#play-area > .overlay [data-autofocus]")
    assert inside(first, card), "the card's first button is cut"
    below = page.locator("#play-area > .overlay [data-autofocus]").evaluate(NEXT_TOP_JS)
    assert below - first["bottom"] >= FOCUS_RING_PX, "the focused button's ring covers the line under it"
    nothing_to_scroll(page)


@_sizes([(640, 360)])
def test_no_moves_buttons_keep_their_words_on_one_line_on_a_phone_held_sideways(guest_page: Page):
    page = guest_page
    assert stuck(page, open_mode(page, "/"), score=2360).status == "no_moves"
    expect(page.get_by_test_id("no-moves")).to_be_visible()
    page.evaluate(SETTLED_JS)
    buttons = page.locator("#play-area > .overlay .btn")
    assert buttons.evaluate_all(LINES_JS) == [1, 1]
    card = box(page, "#play-area > .overlay .overlay-card")
    assert [inside(b, card) for b in buttons.evaluate_all(f"bs => bs.map({BOX_JS})")] == [True, True]


@_sizes(SHORT)
def test_the_no_moves_card_leaves_nothing_to_scroll_on_a_short_phone(guest_page: Page):
    page = guest_page
    assert stuck(page, open_mode(page, "/"), score=2360).status == "no_moves"
    expect(page.get_by_test_id("no-moves")).to_be_visible()
    page.evaluate(SETTLED_JS)
    assert box(page, "#play-area > .overlay")["y"] >= 0
    nothing_to_scroll(page)


@_sizes([(1280, 800), (1920, 1080), (1024, 768)])
def test_a_finished_dailys_cards_stand_whole_beside_the_board_on_a_wide_screen(guest_page: Page):
    page = guest_page
    game = stuck(page, open_mode(page, "/daily/"), score=BIG_SCORE - 10)
    assert game.status == "over" and game.stars == 6  # 1 for playing, 5 of score bonus
    Game.objects.filter(pk=game.pk).update(stars=1)  # the day's cap took 5
    resync(page, game)
    expect(page.get_by_test_id("stars-capped")).to_be_visible()
    page.evaluate(SETTLED_JS)
    board = box(page, "#board")
    result, aside = box(page, "#play-area > .overlay > :first-child"), box(page, "#play-area .overlay-aside")
    screen = viewport_box(page)
    assert inside(result, screen) and inside(aside, screen), (result, aside)
    assert result["right"] <= board["x"] and aside["x"] >= board["right"], (result, board, aside)
    assert aside["y"] == result["y"], "the two cards start level"
    assert page.locator("#play-area > .overlay").evaluate("el => el.scrollHeight <= el.clientHeight")
    expect(page.get_by_test_id("daily-share").locator("[data-share]")).to_be_in_viewport(ratio=1)
    nothing_to_scroll(page)
