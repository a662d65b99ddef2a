"""One rules contract in the browser: the board predicts each move by the numbers of its game's rules version,
which the page carries (the board partial's #bk-rules JSON, rendered from the engine's RULESETS).

A version 2 with other numbers (12 points a square, 150 a line, 4,000 for an empty board, a combo window of
4 moves) is made current on the live server; a new game is played by it. Every move the page predicts is the
server's: no roll-back (the score never shows a number the server then takes back, the board partial is
confirmed in place, never swapped back) and nothing is said to be refused. A page without its game's rules
says it is out of date and sends nothing, instead of predicting by numbers it does not have.
"""

from __future__ import annotations

import dataclasses
import re

import pytest
from playwright.sync_api import Page, Route, expect

from game import engine
from game.engine import rules as engine_rules
from game.models import Game

from .test_play import EMPTY, HeldMoves, mouse_drag, open_game, piece, screen_board, show_position, wait_moves

pytestmark = pytest.mark.django_db(transaction=True)

WATCH = """() => {
  window.__area = document.getElementById("play-area");
  window.__scores = [];
  window.__toasts = [];
  const score = document.querySelector('[data-testid="score"]');
  new MutationObserver(() => window.__scores.push(Number(score.dataset.value)))
    .observe(score, { attributes: true, attributeFilter: ["data-value"] });
  const toast = document.getElementById("toast");
  new MutationObserver(() => window.__toasts.push(toast.textContent))
    .observe(toast, { childList: true, characterData: true, subtree: true });
}"""


@pytest.fixture
def version_2(monkeypatch) -> engine.Ruleset:
    """Version 1 with other Classic numbers, added as version 2 and made the one new games play by."""
    first = engine.ruleset(1)
    classic = dataclasses.replace(
        first.scorings["classic"], points_per_square=12, line_points_unit=150, empty_board_bonus=4_000, combo_moves=4
    )
    scorings = {**first.scorings, "classic": classic, "daily": classic, "challenge": classic}
    monkeypatch.setitem(engine.RULESETS, 2, dataclasses.replace(first, version=2, scorings=scorings))
    monkeypatch.setattr(engine, "CURRENT_RULES", 2)
    monkeypatch.setattr(engine_rules, "CURRENT_RULES", 2)
    return engine.RULESETS[2]


def combo_dots(page: Page) -> tuple[int, int]:
    """The COMBO pill's dots: ``(all, lit)``."""
    dots = page.get_by_test_id("combo").locator(".combo-dots i")
    return dots.count(), dots.and_(page.locator(".on")).count()


def test_a_game_of_a_new_version_is_predicted_by_its_numbers_with_no_roll_back(page: Page, version_2):
    game = open_game(page)
    assert game.rules_version == 2
    show_position(page, game, ["#######."] + [EMPTY] * 7, ("mono", "mono", "I2-h"))
    area = page.locator("#play-area")
    expect(area).to_have_attribute("data-rules-version", "2")
    assert combo_dots(page) == (4, 0)
    page.evaluate(WATCH)
    held = HeldMoves(page)

    mouse_drag(page, 0, 0, 7)  # completes row 0 and empties the board: 12 + 150 × 1 + 4,000
    expect(page.get_by_test_id("score")).to_have_text("4,162")  # before the server answers
    assert screen_board(page) == [EMPTY] * 8
    expect(page.get_by_test_id("combo")).to_have_attribute("data-moves-left", "4")
    assert combo_dots(page) == (4, 4)
    held.wait(1)
    mouse_drag(page, 1, 5, 5)  # no clear: 12, the combo has 3 moves left
    expect(page.get_by_test_id("score")).to_have_text("4,174")
    held.wait(2)
    for index in range(2):
        held.release(index)
    wait_moves(page, 2)
    page.unroute("**/move/")
    mouse_drag(page, 2, 7, 0)  # 2 squares: 24, 2 moves left
    wait_moves(page, 3)

    expect(page.get_by_test_id("score")).to_have_text("4,198")
    assert combo_dots(page) == (4, 2)
    assert page.evaluate("() => window.__scores") == [4162, 4174, 4198]  # no number shown was taken back
    assert page.evaluate("() => document.getElementById('play-area') === window.__area")  # confirmed in place
    assert page.evaluate("() => window.__toasts") == []
    game.refresh_from_db()
    assert (game.score, game.moves, game.combo, game.combo_moves_left) == (4198, 3, 1, 2)


def test_a_page_without_its_games_rules_says_it_is_out_of_date_and_sends_nothing(page: Page, version_2):
    game = open_game(page)
    sent: list[str] = []
    page.on("request", lambda request: sent.append(request.url) if request.method == "POST" else None)

    def without_rules(route: Route) -> None:
        if route.request.resource_type != "document":
            route.fallback()
            return
        html = route.fetch().text()
        stripped = re.sub(r'<template id="bk-rules-box">.*?</template>', "", html, flags=re.S)
        assert stripped != html
        route.fulfill(body=stripped, headers={"content-type": "text/html; charset=utf-8"})

    page.route("**/*", without_rules)
    show_position(page, game, [EMPTY] * 8, ("mono", "mono", "I2-h"))
    assert page.locator("#bk-rules-box").count() == 0

    mouse_drag(page, 0, 3, 3)
    dialog = page.get_by_test_id("session-lost")
    expect(dialog).to_be_visible()
    expect(page.get_by_test_id("session-text")).to_have_text(
        "This page is out of date, so nothing was played here. Reload it to go on."
    )
    assert screen_board(page) == [EMPTY] * 8
    expect(piece(page, 0)).to_be_enabled()
    assert sent == []
    assert Game.objects.get(pk=game.pk).moves == 0
