"""The crown's number and the combo dots in plain words, in English and Traditional Chinese.

The best score says "Best" beside the crown wherever the row has room (every size but a phone held
sideways, 640×360, where the word is kept for screen readers only); the combo says in a sentence
how long it lasts, for screen readers (its ×N and dots are drawn for the eye and hidden from them),
and the sentence follows the moves played.
"""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from game.models import Game
from tests.e2e.test_layout import SETTLED_JS
from tests.e2e.test_play import EMPTY, cell, wait_moves
from tests.helpers import set_position

from .test_layout import open_mode, resync

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = [(360, 640), (390, 844), (412, 915), (640, 360), (768, 1024), (1280, 800), (1920, 1080)]
BEST = {"en": "Best", "zh": "最高分"}
COMBO = {
    "en": ["Combo 2, 2 of 3 moves left to keep it", "Combo 2, 1 of 3 moves left to keep it"],
    "zh": ["連擊 2，還剩 3 步中的 2 步可以延續", "連擊 2，還剩 3 步中的 1 步可以延續"],
}
# The box of each element, and whether something hides it from screen readers.
BOXES_JS = """els => els.map(el => { const r = el.getBoundingClientRect();
  return {x: r.x, y: r.y, right: r.right, bottom: r.bottom, width: r.width, height: r.height,
          unheard: !!el.closest('[aria-hidden="true"]') || getComputedStyle(el).display === 'none'}; })"""


EVERY_SIZE = pytest.mark.parametrize(
    "guest_page",
    [(w, h, lang) for w, h in SIZES for lang in BEST],
    ids=[f"{w}x{h}-{lang}" for w, h in SIZES for lang in BEST],
    indirect=True,
)
"""A guest's play page at every size of the crown's tests, in both languages."""


def boxes(page: Page, selector: str) -> list[dict]:
    return page.locator(selector).evaluate_all(BOXES_JS)


def overlaps(a: dict, b: dict) -> bool:
    return a["x"] < b["right"] and b["x"] < a["right"] and a["y"] < b["bottom"] and b["y"] < a["bottom"]


@EVERY_SIZE
def test_the_crowns_number_says_best_where_it_fits_and_to_screen_readers_everywhere(guest_page: Page):
    page = guest_page
    language = "zh" if page.locator("html").get_attribute("lang") == "zh-Hant" else "en"
    word = page.locator(".stat--best .stat-word")
    expect(word).to_have_text(BEST[language])
    [box] = boxes(page, ".stat--best .stat-word")
    assert not box["unheard"]
    if page.viewport_size == {"width": 640, "height": 360}:
        assert (box["width"], box["height"]) == (1, 1)  # visually hidden: the row has no room
        return
    value, icon = boxes(page, '[data-testid="high-score"]')[0], boxes(page, ".stat--best .icon--crown")[0]
    assert box["width"] > 10 and box["height"] > 8, f"the word is not shown: {box}"
    assert box["x"] >= 0 and box["right"] <= page.viewport_size["width"] and box["y"] >= 0
    assert box["height"] < 2 * value["height"], "the word wrapped"
    others = boxes(page, "#play-area .tools-new, #play-area [data-mute-toggle], #play-area .stat--score")
    assert [o for o in [value, icon, *others] if overlaps(box, o)] == []


@EVERY_SIZE
def test_a_five_digit_best_is_never_under_the_combo_pill(guest_page: Page):
    """At 640×360 the best and COMBO share a row of the score column: the pill covered "99,999"."""
    page = guest_page
    game = open_mode(page, "/")
    Game.objects.filter(pk=game.pk).update(score=99_999, combo=2, combo_moves_left=2)
    game.refresh_from_db()
    resync(page, game)
    page.evaluate(SETTLED_JS)
    [number] = boxes(page, '[data-testid="high-score"]')
    [pill] = boxes(page, "[data-testid=combo]")
    assert not overlaps(number, pill), (number, pill)


@pytest.mark.parametrize("guest_page", [(1280, 800, "en"), (1280, 800, "zh")], ids=["en", "zh"], indirect=True)
def test_the_combo_is_a_sentence_for_screen_readers_that_follows_the_moves(guest_page: Page):
    page = guest_page
    language = "zh" if page.locator("html").get_attribute("lang") == "zh-Hant" else "en"
    game = set_position(open_mode(page, "/"), [EMPTY] * 8, ("mono", "mono", "mono"), combo=2, moves_left=2)
    resync(page, game)
    combo = page.get_by_test_id("combo")
    said = combo.locator(".visually-hidden")
    expect(said).to_have_text(COMBO[language][0])
    assert [b["unheard"] for b in boxes(page, "[data-testid=combo] > *")] == [True, True, True, False]
    page.locator('#play-area .piece[data-slot="0"]').click()
    cell(page, 0, 0).click()
    wait_moves(page, 1)
    expect(said).to_have_text(COMBO[language][1])
