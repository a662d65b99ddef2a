"""On the play page, in a real browser: no proof machinery in the play flow (the play page, New
game's dialog, the Classic's, the Challenge's and the Daily's end cards) at seven screen sizes in both
languages; the numbers said in words (Lv and ★, "New best!", "Level up!"); always one more game (the
Daily's next game, "Your last game" after a reload); a first game's one hint."""

from __future__ import annotations

import datetime as dt

import pytest
from django.utils import timezone
from playwright.sync_api import Browser, Page, expect

from blockknock.accounts.services import guest_create
from game import services
from game.models import Game
from tests.e2e.conftest import DEFAULT_TIMEOUT_MS
from tests.e2e.jargon import assert_no_jargon
from tests.e2e.test_fair_replays import ship_the_ladder
from tests.e2e.test_stats import _sign_in
from tests.helpers import set_position

from .test_play import cell, piece, wait_moves

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = [(360, 640), (390, 844), (412, 915), (640, 360), (768, 1024), (1280, 800), (1920, 1080)]
CHECKERBOARD = ["#.#.#.#.", ".#.#.#.#"] * 4
"""Only a single square fits; after the monomino goes to (0, 1) the two I5s fit nowhere."""
STUCK = ("mono", "I5-h", "I5-h")
FAIR = {"en": "Was it fair?", "zh-hant": "公平嗎？"}


def _page(browser: Browser, live_server, size: tuple[int, int], language: str) -> Page:
    width, height = size
    touch = width < 800
    context = browser.new_context(
        base_url=live_server.url,
        viewport={"width": width, "height": height},
        is_mobile=touch,
        has_touch=touch,
        service_workers="block",
    )
    context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    return context.new_page()


def _one_move_from_the_end(player, score: int) -> Game:
    """A Classic game whose next move (the monomino to row 0, column 1) ends it with no moves left."""
    game = services.game_start(player=player, mode="classic")
    set_position(game, CHECKERBOARD, STUCK)
    Game.objects.filter(pk=game.pk).update(continues_left=0, score=score)
    return Game.objects.get(pk=game.pk)


def _fetch_board(page: Page) -> None:
    """The board fetched again from the server, as the page does after a lost connection."""
    page.evaluate(
        """() => { const area = document.getElementById("play-area");
            htmx.ajax("GET", area.dataset.boardUrl, {target: "#play-area", swap: "outerHTML"}); }"""
    )


def _finish(game: Game) -> Game:
    played, _ = services.move_place(
        player=game.player, game_id=game.public_id, slot=0, row=0, col=1, move_number=game.moves
    )
    assert played.is_finished
    return played


@pytest.mark.parametrize("language", ["en", "zh-hant"])
@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_play_flow_shows_no_hash_seed_or_commitment(browser, live_server, size, language):
    ship_the_ladder()
    player = guest_create()
    services.game_start(player=player, mode="daily")  # today's Daily, finished below
    game = _one_move_from_the_end(player, score=0)
    page = _page(browser, live_server, size, language)
    _sign_in(page, live_server, player)

    page.goto("/")
    expect(page.locator("#play-area")).to_have_attribute("data-game-id", str(game.pk))
    assert_no_jargon(page)
    page.locator(".tools").get_by_role("button").first.click()  # New game: its dialog asks first
    dialog = page.locator("#new-game-dialog")
    expect(dialog).to_be_visible()
    assert_no_jargon(page)
    dialog.locator('button[value="cancel"]').click()
    expect(dialog).to_be_hidden()

    _finish(game)
    _fetch_board(page)
    card = page.get_by_test_id("game-over")
    expect(card).to_be_visible()
    assert_no_jargon(page)
    expect(card.get_by_test_id("was-it-fair")).to_have_text(FAIR[language])

    daily = Game.objects.get(player=player, mode="daily")
    Game.objects.filter(pk=daily.pk).update(status="over", score=40, finished_at=timezone.now())
    page.goto("/daily/")
    expect(page.get_by_test_id("game-over")).to_be_visible()
    assert_no_jargon(page)

    page.goto("/challenges/1/")
    expect(page.locator("#play-area")).not_to_have_attribute("data-game-id", "")
    Game.objects.filter(player=player, mode="challenge").update(status="over", finished_at=timezone.now())
    _fetch_board(page)
    expect(page.get_by_test_id("game-over")).to_be_visible()
    assert_no_jargon(page)
    page.context.close()


@pytest.mark.parametrize("language", ["en", "zh-hant"])
def test_the_end_card_cheers_a_new_best_and_a_level_up_and_the_last_game_stays_after_a_reload(
    browser, live_server, language
):
    player = guest_create()
    earlier = services.game_start(player=player, mode="classic")
    an_hour_ago = timezone.now() - dt.timedelta(hours=1)
    Game.objects.filter(pk=earlier.pk).update(status="over", score=100, finished_at=an_hour_ago)
    game = _one_move_from_the_end(player, score=2600)
    page = _page(browser, live_server, (390, 844), language)
    _sign_in(page, live_server, player)
    page.goto("/")
    expect(page.get_by_test_id("level")).to_have_text("Lv 0" if language == "en" else "0 級")
    page.get_by_test_id("level").tap()  # Lv (or ★): the chip's card says what each counts, in one line
    card = page.get_by_test_id("player-card")
    expect(card.get_by_test_id("level-explain")).to_contain_text("2,500")
    expect(card.get_by_test_id("stars-explain")).to_be_visible()
    page.keyboard.press("Escape")
    expect(card).to_be_hidden()
    page.get_by_test_id("player-chip").focus()
    page.keyboard.press("Enter")  # the keyboard opens it too
    expect(card).to_be_visible()
    page.keyboard.press("Escape")

    finished = _finish(game)
    _fetch_board(page)
    card = page.get_by_test_id("game-over")
    expect(card.get_by_test_id("new-best")).to_have_text("New best!" if language == "en" else "新紀錄！")
    expect(card.get_by_test_id("level-up")).to_have_text("Level up! Lv 1" if language == "en" else "升級了！1 級")
    expect(card.get_by_test_id("level-needs")).to_contain_text("2,500")
    expect(page.get_by_test_id("level")).to_have_text("Lv 1" if language == "en" else "1 級")

    page.reload()  # the page starts the next game; the last one stays one tap away
    expect(page.locator("#play-area")).not_to_have_attribute("data-game-id", str(game.pk))
    last = page.get_by_test_id("last-game")
    expect(last).to_contain_text("2,610")
    expect(last.get_by_test_id("last-game-review")).to_have_attribute("href", f"/games/{finished.public_id}/review/")
    expect(last.get_by_test_id("last-game-fair")).to_have_text(FAIR[language])
    expect(last.get_by_test_id("last-game-fair")).to_have_attribute("href", f"/games/{finished.public_id}/fair/")
    board = page.locator("#board").bounding_box()
    piece(page, 0).click()  # the first move takes the line away: the bar is the game's now
    cell(page, 0, 0).click()  # a fresh Classic board is empty: every piece fits at the top left
    wait_moves(page, 1)
    expect(last).to_have_count(0)
    assert page.locator("#board").bounding_box() == board  # the bar kept its height: the board did not move
    page.context.close()


def test_the_dailys_end_card_offers_a_classic_game_next(browser, live_server):
    player = guest_create()
    daily = services.game_start(player=player, mode="daily")
    Game.objects.filter(pk=daily.pk).update(status="over", score=40, finished_at=timezone.now())
    page = _page(browser, live_server, (360, 640), "en")
    _sign_in(page, live_server, player)
    page.goto("/daily/")
    next_game = page.get_by_test_id("game-over").get_by_test_id("next-game")
    expect(next_game).to_have_text("Play a Classic game")
    next_game.click()
    expect(page).to_have_url(f"{live_server.url}/")
    expect(page.locator("#play-area")).not_to_have_attribute("data-game-id", "")
    page.context.close()


def test_a_first_game_shows_one_hint_until_its_first_move_and_never_again(phone_page: Page):
    page = phone_page
    page.goto("/")
    hint = page.get_by_test_id("first-hint")
    expect(hint).to_have_text("Drag a piece onto the board")
    board, tray = page.locator("#board").bounding_box(), page.locator("#play-area .hand").bounding_box()
    piece(page, 0).click()
    cell(page, 0, 0).click()  # the start board is empty: every piece fits at the top left
    wait_moves(page, 1)
    expect(hint).to_have_count(0)
    # the bar keeps its height: the board and the tray, where the next tap is aimed, did not move
    assert page.locator("#board").bounding_box() == board
    assert page.locator("#play-area .hand").bounding_box() == tray
    page.goto("/practice/")  # another game, not yet played: the hint stays gone in this browser
    expect(page.locator("#play-area")).not_to_have_attribute("data-game-id", "")
    wait_moves(page, 0)
    page.wait_for_load_state("load")  # its modules have run (first-hint.js would have shown the hint by now)
    expect(page.locator("[data-first-hint]")).to_have_count(1)
    expect(page.locator("[data-first-hint]")).to_be_hidden()
