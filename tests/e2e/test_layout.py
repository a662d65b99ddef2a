"""The play screen fits every screen: seven sizes (a phone held sideways among them) × English and
Traditional Chinese × the four modes and the three cards ("No moves left" with Continue, game over,
challenge won), plus the shop, the Daily leaderboard and the header chip's card.

Geometry, not pixel baselines: the board and the three tray slots inside the viewport (what is in a
box that scrolls, such as the menu or a card on a phone held sideways: that box inside it), nothing
wider than the viewport (``scrollWidth``), the header bar at most 64 px tall, touch targets at
least 44 px, no text wider than its box in the bars and cards and no piece of the play bars over
another, with a 9,999,999 score (the best too, where the mode counts the game) and a ×99 combo on
the game row. The cards are reached through the services from a board where the last piece left
fits nowhere. One browser context per size and language visits every screen.

``BK_SHOTS=<folder>`` also saves a screenshot of each screen there (for people to look at).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from game import services
from game.models import Challenge, Game
from tests.helpers import log_in_new_guest_browser, set_position
from tests.themes.conftest import ensure_looks

from .conftest import HTML_LANG, LOCALES, screen_context

pytestmark = pytest.mark.django_db(transaction=True)

VIEWPORTS = [(360, 640), (390, 844), (412, 915), (640, 360), (768, 1024), (1280, 800), (1920, 1080)]
HEADER_MAX_PX = 64
TOUCH_MIN_PX = 44
BUTTONS_APART_PX = 4
BIG_SCORE, BIG_COMBO = 9_999_999, 99
# Only a single square fits here: after the monomino in slot 0 goes to (0, 1), the I5s fit nowhere.
CHECKERBOARD = ["#.#.#.#.", ".#.#.#.#"] * 4
STUCK_HAND = ("mono", "I5-h", "I5-h")
SHOTS = Path(os.environ["BK_SHOTS"]) if os.environ.get("BK_SHOTS") else None

# Resolves once every finite animation (1 ms each: reduced motion) has ended: boxes are at rest.
SETTLED_JS = """() => Promise.all(document.getAnimations()
  .filter(a => a.effect && a.effect.getComputedTiming().iterations !== Infinity).map(a => a.finished))"""
# Every problem on the page as it is now, one line each (an empty list is a pass).
PROBLEMS_JS = """([headerMax, touchMin, buttonsApart]) => {
  const problems = [], vw = innerWidth;
  const vh = document.querySelector('#board') ? innerHeight : Infinity; // other pages scroll
  const seen = el => { const s = getComputedStyle(el); const r = el.getBoundingClientRect();
    return s.visibility !== "hidden" && s.display !== "none" && r.width > 1 && r.height > 1
      && !el.closest('.visually-hidden')
      && !el.closest('details:not([open]) > :not(summary)'); }; // a closed <details> shows its summary only
  const classes = el => el.className && typeof el.className === 'string'
    ? '.' + el.className.trim().split(/\\s+/).join('.') : '';
  const words = el => (el.textContent || '').replace(/\\s+/g, ' ').trim().slice(0, 30);
  const name = el => el.tagName.toLowerCase() + classes(el) + ' "' + words(el) + '"';
  const scroller = el => { // in a box that scrolls, that box is what must be in view
    for (let p = el.parentElement; p; p = p.parentElement) { const o = getComputedStyle(p).overflowY;
      if ((o === 'auto' || o === 'scroll') && p.scrollHeight > p.clientHeight) return p; }
    return el; };
  const inside = (el, what) => { const r = scroller(el).getBoundingClientRect();
    if (r.left < -0.5 || r.top < -0.5 || r.right > vw + 0.5 || r.bottom > vh + 0.5)
      problems.push(`${what} ${name(el)} out of view: `
        + `${Math.round(r.left)},${Math.round(r.top)} → ${Math.round(r.right)},${Math.round(r.bottom)}`); };
  if (document.documentElement.scrollWidth > vw) problems.push(`page ${document.documentElement.scrollWidth} px wide`);
  const header = document.querySelector('.site-header');
  const headerHeight = header.getBoundingClientRect().height;
  if (headerHeight > headerMax) problems.push(`header ${headerHeight} px tall`);
  const board = document.querySelector('#board');
  if (board) {
    inside(board, 'board');
    document.querySelectorAll('#play-area .slot').forEach(s => inside(s, 'tray slot'));
  }
  const areas = '.site-header, .player-card, .mode-bar, #play-area .tools, #play-area .scorebar, .overlay, '
    + '.lb-tabs, .lb-table, .lb-you, .shop-head, .look-info';
  document.querySelectorAll(areas).forEach(area => [area, ...area.querySelectorAll('*')].filter(seen).forEach(el => {
    const text = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (text && getComputedStyle(el).display !== 'inline' && el.scrollWidth > el.clientWidth + 1)
      problems.push(`text cut: ${name(el)} ${el.scrollWidth} > ${el.clientWidth}`);
    if (text) inside(el, 'text');
  }));
  document.querySelectorAll('.lb-line').forEach(el => {
    const tops = new Set([...el.getClientRects()].map(r => Math.round(r.top)));
    if (tops.size > 1) problems.push(`wrapped: ${name(el)}`); });
  // boxes side by side, as drawn (an element with all it holds): the gap between two, below 0 where they overlap
  const extent = el => [el, ...el.querySelectorAll('*')].filter(seen).map(e => e.getBoundingClientRect())
    .reduce((a, r) => ({ left: Math.min(a.left, r.left), top: Math.min(a.top, r.top),
      right: Math.max(a.right, r.right), bottom: Math.max(a.bottom, r.bottom) }));
  const gap = (r, s) => Math.max(s.left - r.right, r.left - s.right, s.top - r.bottom, r.top - s.bottom);
  const apart = (selector, least, what) => { const els = [...document.querySelectorAll(selector)].filter(seen);
    els.forEach((a, i) => els.slice(i + 1).forEach(b => { const px = gap(extent(a), extent(b));
      if (px < least) problems.push(`${what}: ${name(a)} and ${name(b)} ${px.toFixed(1)} px apart`); })); };
  // the play bars' pieces (New game, the best, sound, the score, the combo): none drawn over another
  apart('#play-area .tools > *, #play-area .scorebar > *', -0.5, 'overlap');
  apart('.player-card .btn', buttonsApart, 'buttons too close');
  // a link inside a sentence (the chip's card's "Settings → Theme") is as tall as its line, as on any page
  const targets = '.site-header a:not(p a), .site-header button, #play-area .tools button, .overlay .btn, '
    + '#play-area .piece, .look-action .btn, .lb-tab, .lb-days .btn, .lb-replay, .language-option';
  document.querySelectorAll(targets).forEach(el => { if (!seen(el)) return; const r = el.getBoundingClientRect();
    if (r.width < touchMin - 0.5 || r.height < touchMin - 0.5)
      problems.push(`small target ${name(el)} ${Math.round(r.width)}×${Math.round(r.height)}`); });
  return problems;
}"""


def every_screen(fixture: str):
    """Every size at both languages, for a test taking ``fixture`` (a page at that size and language)."""
    return pytest.mark.parametrize(
        fixture,
        [(w, h, lang) for w, h in VIEWPORTS for lang in LOCALES],
        indirect=True,
        ids=[f"{w}x{h}-{lang}" for w, h in VIEWPORTS for lang in LOCALES],
    )


EVERY_SCREEN = every_screen("screen")


@pytest.fixture
def screen(browser, live_server, request):
    """A page at the test's size and language (``request.param``: ``(width, height, language)``)."""
    width, height, language = request.param
    context = screen_context(browser, live_server, width, height, language)
    page = context.new_page()
    page.shot_name = f"{width}x{height}-{language}"
    page.goto("/")  # a first visit's page (nothing saved yet): see first_visit
    expect(page.locator("html")).to_have_attribute("lang", HTML_LANG[language])
    yield page
    context.close()


def problems(page: Page, what: str) -> list[str]:
    """The page's layout problems (PROBLEMS_JS), after saving its screenshot when BK_SHOTS asks."""
    page.evaluate(SETTLED_JS)
    if SHOTS:
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"{page.shot_name}-{what}.png"))
    return [f"{what}: {line}" for line in page.evaluate(PROBLEMS_JS, [HEADER_MAX_PX, TOUCH_MIN_PX, BUTTONS_APART_PX])]


def open_mode(page: Page, path: str) -> Game:
    page.goto(path)
    return Game.objects.get(pk=page.locator("#play-area").get_attribute("data-game-id"))


def resync(page: Page, game: Game) -> None:
    """Show the stored game as it is now: the board's own resync (a finished game's page would start a new one)."""
    page.evaluate("url => htmx.ajax('GET', url, {target: '#play-area', swap: 'outerHTML'})", f"/games/{game.pk}/")
    expect(page.locator("#play-area")).to_have_attribute("data-status", game.status)
    expect(page.get_by_test_id("score")).to_have_attribute("data-value", str(game.score))


def big_numbers(page: Page, game: Game) -> None:
    """The widest score and combo the bars must hold, on the game row."""
    Game.objects.filter(pk=game.pk).update(score=BIG_SCORE, combo=BIG_COMBO, combo_moves_left=3)
    game.refresh_from_db()
    resync(page, game)


def stuck(page: Page, game: Game, *, score: int, **fields) -> Game:
    """Play the monomino onto the checkerboard through the services: the I5s left fit nowhere."""
    set_position(game, CHECKERBOARD, STUCK_HAND)
    Game.objects.filter(pk=game.pk).update(score=score, **fields)
    game, _ = services.move_place(player=game.player, game_id=game.pk, slot=0, row=0, col=1, move_number=game.moves)
    resync(page, game)
    return game


def first_visit(page: Page) -> list[str]:
    """The first visit's page (no player yet, "Guest" in the header), then a guest's, with its name, level and stars."""
    expect(page.locator("#play-area")).to_have_attribute("data-game-id", "")
    found = problems(page, "first-visit")
    log_in_new_guest_browser(page)
    return found


def modes_and_cards(page: Page) -> list[str]:
    found = []
    for mode, path in [
        ("classic", "/"),
        ("challenge", "/challenges/1/"),
        ("daily", "/daily/"),
        ("practice", "/practice/"),
    ]:
        game = open_mode(page, path)
        big_numbers(page, game)
        found += problems(page, mode)
        if mode == "classic":
            assert stuck(page, game, score=BIG_SCORE - 10).status == "no_moves"
            expect(page.get_by_test_id("no-moves")).to_be_visible()
            found += problems(page, "card-no-moves")
        elif mode == "daily":
            assert stuck(page, game, score=BIG_SCORE - 10).status == "over"
            expect(page.get_by_test_id("ended-no-moves")).to_be_visible()
            found += problems(page, "card-game-over")
        elif mode == "challenge":
            assert stuck(page, game, score=game.target - 10).status == "won"
            expect(page.get_by_test_id("game-over")).to_be_visible()
            found += problems(page, "card-won")
    return found


def other_pages(page: Page) -> list[str]:
    found = []
    page.goto("/leaderboards/daily/")
    found += problems(page, "leaderboard-daily")
    page.goto("/settings/theme/")
    found += problems(page, "shop")
    page.goto("/how-to-play/")
    found += problems(page, "how-to-play")
    return found


def menu(page: Page) -> list[str]:
    """Where the links are behind the menu button: it opens them, each a 44 px target, in view."""
    button = page.get_by_test_id("menu-button")
    if not button.is_visible():
        return []
    button.click()
    expect(page.locator("#site-menu")).to_be_visible()
    found = problems(page, "menu")
    boxes = page.locator("#site-menu a").evaluate_all("links => links.map(a => a.getBoundingClientRect().height)")
    found += [f"menu: link {h} px tall" for h in boxes if h < TOUCH_MIN_PX - 0.5]
    page.keyboard.press("Escape")
    expect(page.locator("#site-menu")).to_be_hidden()
    return found


def player_card(page: Page) -> list[str]:
    """The header chip's card, a guest's (both buttons): in view, its buttons apart, the page behind not showing."""
    page.get_by_test_id("player-chip").click()
    card = page.get_by_test_id("player-card")
    expect(card).to_be_visible()
    found = problems(page, "player-card")  # among them: its buttons BUTTONS_APART_PX apart
    colour = card.evaluate("el => getComputedStyle(el).backgroundColor")
    if not colour.startswith("rgb("):  # rgba(...): the words of the page behind show through the card
        found.append(f"player-card: background {colour}")
    page.keyboard.press("Escape")
    expect(card).to_be_hidden()
    return found


def ensure_challenge_1() -> None:
    """Challenge 1 as shipped (a transactional test flushed the migration's rows): empty board, target 1,500."""
    Challenge.objects.get_or_create(number=1, defaults={"target": 1500, "start_board": "\n".join(["........"] * 8)})


@EVERY_SCREEN
def test_every_screen_fits(screen: Page):
    ensure_looks()
    ensure_challenge_1()
    found = first_visit(screen) + modes_and_cards(screen) + menu(screen) + player_card(screen) + other_pages(screen)
    assert found == [], "\n".join(found)


def test_on_a_phone_the_bar_shows_name_level_and_stars_and_the_menu_opens_the_links(phone_page: Page):
    page = phone_page
    page.goto("/")
    log_in_new_guest_browser(page)
    chip = page.locator(".player-chip")
    for part in ("player-name", "level", "stars"):
        expect(chip.get_by_test_id(part)).to_be_visible()
    name = chip.get_by_test_id("player-name")
    assert name.evaluate("el => el.scrollWidth <= el.clientWidth")  # a guest's whole name, not "Nimble Ro…"
    nav = page.get_by_role("navigation", name="Main")
    expect(nav).to_be_hidden()
    page.get_by_role("button", name="Menu").tap()
    nav.get_by_role("link", name="Leaderboards").tap()
    expect(page.get_by_role("heading", level=1)).to_have_text("Leaderboards")
    expect(page.get_by_role("navigation", name="Main")).to_be_hidden()
