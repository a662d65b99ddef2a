"""The Leaderboards page and a replay in a real browser: tabs swapped by HTMX, stepping with keys and buttons.

The leaderboards' other tests are in tests/leaderboards/.
"""

from __future__ import annotations

import datetime as dt
import random

import pytest
from playwright.sync_api import Page, expect

from game import services
from game.models import Game
from leaderboards.services import standing_record
from tests.leaderboards.conftest import make_player
from tools.bots import greedy_bot, random_bot

pytestmark = pytest.mark.django_db(transaction=True)


def played_game(name: str, moves: int = 12) -> Game:
    """A Classic game of real moves (a greedy bot's), ended after ``moves`` placements."""
    player = make_player(name)
    rng = random.Random(3)
    game = services.game_start(player=player, mode="classic")
    while game.status == "playing" and game.moves < moves:
        slot, row, col = greedy_bot(game.state, rng)
        game, _ = services.move_place(
            player=player, game_id=game.pk, slot=slot, row=row, col=col, move_number=game.moves
        )
    if game.status == "no_moves":
        return services.game_decline(player=player, game_id=game.pk)
    if game.status == "playing":
        game.refresh_from_db()
        game.status = "over"
        game.save()
        standing_record(game=game)  # as the finishing service does
    return game


def test_tabs_swap_in_place_and_keep_real_urls(desktop_page: Page):
    game = played_game("Ada")
    page = desktop_page
    page.goto("/leaderboards/")
    expect(page.locator(".lb-table")).to_contain_text("Ada")
    page.evaluate("window.__sameDocument = true")
    page.click("#lb-tab-classic-all")
    expect(page).to_have_url(f"{page.url.split('/leaderboards/')[0]}/leaderboards/classic/all/")
    expect(page.locator("#lb-tab-classic-all")).to_have_attribute("aria-current", "page")
    expect(page.locator(".lb-heading")).to_have_text("Classic all time")
    assert page.evaluate("window.__sameDocument") is True  # swapped by htmx, not reloaded
    page.click("#lb-tab-challenge")
    expect(page.locator(".lb-heading")).to_have_text("Challenge")
    page.go_back()
    expect(page.locator(".lb-heading")).to_have_text("Classic all time")
    page.click(f'a[href="/leaderboards/replay/{game.pk}/"]')
    expect(page.locator(".replay-title")).to_have_text("Ada's game")


def test_a_replay_steps_with_the_arrow_keys_to_the_final_score(desktop_page: Page):
    game = played_game("Ada", moves=15)
    steps = len(game.events)  # one step per event, a No thanks too
    page = desktop_page
    page.goto(f"/leaderboards/replay/{game.pk}/")
    step, score = page.locator("[data-replay-step]"), page.locator("[data-replay-score]")
    expect(page.locator(".replay-piece")).to_have_count(3)
    expect(step).to_have_text("Start")
    page.keyboard.press("ArrowLeft")
    expect(step).to_have_text("Start")
    page.keyboard.press("ArrowRight")
    expect(step).to_have_text(f"Move 1 of {steps}")
    expect(page.locator("[data-replay-board] .cell.is-last").first).to_be_visible()
    page.keyboard.press("End")
    declined = " · No thanks: the game ends" if game.events[-1] == ("decline",) else ""
    expect(step).to_have_text(f"Move {steps} of {steps}{declined}")
    expect(score).to_have_text(f"{game.score:,}")
    assert page.locator("[data-replay-board] .cell.is-filled").count() == game.board.count("#")
    expect(page.locator('[data-replay-go="next"]')).to_be_disabled()
    page.keyboard.press("Home")
    expect(step).to_have_text("Start")
    expect(score).to_have_text("0")


def test_a_replay_steps_with_the_buttons_on_a_phone(phone_page: Page):
    game = played_game("Ada", moves=8)
    page = phone_page
    page.goto(f"/leaderboards/replay/{game.pk}/")
    next_button = page.locator('[data-replay-go="next"]')
    expect(next_button).to_be_enabled()
    for _ in range(3):
        next_button.tap()
    expect(page.locator("[data-replay-step]")).to_contain_text("Move 3 of")
    page.locator('[data-replay-go="prev"]').tap()
    expect(page.locator("[data-replay-step]")).to_contain_text("Move 2 of")


def played_out_game(name: str) -> Game:
    """A Classic game played by a random bot to "No moves left", then No thanks: over, stars paid.

    Not :func:`played_game`: the greedy bot can still be playing after hundreds of moves, and a
    game it marks over there is one no moves end, which the proof rightly refuses (this test
    failed now and then on such a game).
    """
    player = make_player(name)
    rng = random.Random(3)
    game = services.game_start(player=player, mode="classic")
    while game.status == "playing":
        slot, row, col = random_bot(game.state, rng)
        game, _ = services.move_place(
            player=player, game_id=game.pk, slot=slot, row=row, col=col, move_number=game.moves
        )
    return services.game_decline(player=player, game_id=game.pk)


def test_an_entry_leads_a_phone_to_its_games_proof_which_verifies_it(phone_page: Page):
    game = played_out_game("Ada")
    assert game.status == "over"
    page = phone_page
    page.goto("/leaderboards/classic/all/")
    fair, replay = page.get_by_test_id("lb-fair"), page.locator(".lb-replay:not(.lb-fair)")
    fair_box, replay_box = fair.bounding_box(), replay.bounding_box()
    width = page.viewport_size["width"]
    assert fair_box["width"] >= 44 and fair_box["height"] >= 44  # a touch target
    assert replay_box["x"] + replay_box["width"] <= fair_box["x"]  # side by side, not over each other
    assert fair_box["x"] + fair_box["width"] <= width
    assert page.evaluate("document.documentElement.scrollWidth") == width
    head = page.get_by_test_id("lb-game-head")  # the icons' words, over them, on one line
    expect(head).to_have_text("Replay · Fair?")
    head_box = head.bounding_box()
    assert head_box["x"] >= 0 and head_box["x"] + head_box["width"] <= width and head_box["height"] < 20
    assert abs(head_box["x"] + head_box["width"] - (fair_box["x"] + fair_box["width"])) < 12  # right above them
    expect(fair).to_have_accessible_name("Was it fair? Check Ada's game")
    fair.tap()
    expect(page).to_have_url(f"{page.url.split('/leaderboards/')[0]}/games/{game.pk}/fair/")
    expect(page.get_by_test_id("fair-check")).to_have_attribute("data-outcome", "verified", timeout=30_000)


def test_the_weekly_boards_new_week_shows_in_the_players_own_day_and_time(browser, live_server):
    """Monday midnight in San Francisco (UTC−8, or −7 in summer) is Monday 16:00 (15:00) in Taipei (UTC+8)."""
    context = browser.new_context(base_url=live_server.url, locale="en-US", timezone_id="Asia/Taipei")
    page = context.new_page()
    try:
        page.goto("/leaderboards/")
        when = page.locator(".lb-note time[data-local-time]")
        winter = dt.datetime.fromisoformat(when.get_attribute("datetime")).utcoffset() == dt.timedelta(hours=-8)
        expect(when).to_have_text("Monday 4:00 PM your time" if winter else "Monday 3:00 PM your time")
    finally:
        context.close()


def test_a_replay_shows_no_thanks_as_the_last_step(desktop_page: Page):
    player = make_player("Bea")
    game = services.game_start(player=player, mode="classic")
    rng = random.Random(5)
    while game.status == "playing":
        slot, row, col = random_bot(game.state, rng)
        game, _ = services.move_place(
            player=player, game_id=game.pk, slot=slot, row=row, col=col, move_number=game.moves
        )
    assert game.status == "no_moves"
    game = services.game_decline(player=player, game_id=game.pk)
    steps = len(game.events)
    desktop_page.goto(f"/leaderboards/replay/{game.pk}/")
    expect(desktop_page.locator(".replay-piece")).to_have_count(3)  # the steps are loaded
    desktop_page.keyboard.press("End")
    expect(desktop_page.locator("[data-replay-step]")).to_have_text(
        f"Move {steps} of {steps} · No thanks: the game ends"
    )
    expect(desktop_page.locator("[data-replay-score]")).to_have_text(f"{game.score:,}")
