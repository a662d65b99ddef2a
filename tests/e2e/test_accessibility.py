"""Accessibility and Content-Security-Policy in a real browser.

axe-core (vendored in tests/e2e/axe/) checks the board, the leaderboards, the shop
and the settings: no serious or critical issue. The same pages, and a move on the
board through htmx, run under the site's strict CSP without a single violation.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.helpers import log_in_new_guest_browser

from .test_play import EMPTY, cell, open_game, piece, show_position, wait_moves

pytestmark = pytest.mark.django_db(transaction=True)

AXE = (Path(__file__).resolve().parent / "axe" / "axe.min.js").read_text()
BLOCKING = ("serious", "critical")
CSP_WATCH = """
window.__csp = [];
document.addEventListener('securitypolicyviolation', e =>
  window.__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
"""


def axe_issues(page: Page) -> list[str]:
    """axe-core's serious and critical violations on the page as it is now, one line each."""
    page.evaluate(AXE)
    results = page.evaluate("() => axe.run(document, {resultTypes: ['violations']})")
    return [
        f"{v['impact']} {v['id']}: {v['help']} -- " + "; ".join(" ".join(n["target"]) for n in v["nodes"][:5])
        for v in results["violations"]
        if v["impact"] in BLOCKING
    ]


@pytest.fixture
def watched(page: Page) -> Page:
    page.add_init_script(CSP_WATCH)
    return page


def csp_violations(page: Page) -> list[str]:
    return page.evaluate("() => window.__csp || []")


def test_the_board_has_no_serious_accessibility_issue_and_runs_under_the_csp(watched: Page):
    page = watched
    game = open_game(page)
    show_position(page, game, ["#######."] + [EMPTY] * 7, ("mono", "O4", "I3-v"))
    assert axe_issues(page) == []
    piece(page, 0).click()  # a piece selected
    assert axe_issues(page) == []
    cell(page, 0, 7).click()  # htmx posts the move and swaps the board in
    wait_moves(page, 1)
    assert axe_issues(page) == []
    assert csp_violations(page) == []


def test_the_end_of_game_overlays_have_no_serious_accessibility_issue(watched: Page):
    page = watched
    game = open_game(page)
    show_position(page, game, ["#.#.#.#.", ".#.#.#.#"] * 4, ("O4", "O4", "O4"), status="no_moves", continues_left=1)
    expect(page.get_by_test_id("no-moves")).to_be_visible()
    assert axe_issues(page) == []
    page.get_by_role("button", name="No thanks").click()
    expect(page.get_by_test_id("game-over")).to_be_visible()
    assert axe_issues(page) == []
    assert csp_violations(page) == []


@pytest.mark.parametrize(
    "path",
    ["/leaderboards/", "/leaderboards/classic/all/", "/settings/", "/settings/theme/", "/how-to-play/", "/challenges/"],
)
def test_pages_have_no_serious_accessibility_issue_and_run_under_the_csp(watched: Page, path: str):
    page = watched
    page.goto("/")
    log_in_new_guest_browser(page)  # a guest, as every visitor who played
    answer = page.goto(path)
    assert answer.status == 200  # a page that is not there (404) fails, never skips
    assert axe_issues(page) == []
    assert csp_violations(page) == []
