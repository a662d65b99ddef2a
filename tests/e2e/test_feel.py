"""Feel in a real browser: placed blocks keep their piece's colour, a piece that
fits nowhere is dimmed and refused, the effects of clears, combo steps and an emptied
board, and vibration with its Settings switch."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_play import EMPTY, HeldMoves, cell, mouse_drag, open_game, piece, settled, show_position, wait_moves

pytestmark = pytest.mark.django_db(transaction=True)

CROSS_MISSING_CENTRE = ["...#....", "...#....", "...#....", "###.####", "...#....", "...#....", "...#....", "...#...."]
# every 2x2 square holds a filled cell, yet no row or column is full
NO_ROOM_FOR_A_SQUARE = ["#.#.#.#.", "........"] * 4
RECORD_SOUNDS = r"""() => {
    window.__sounds = [];
    document.addEventListener("blockknock:sound", (event) => window.__sounds.push(event.detail.name));
}"""
COUNT_JUMPS = """() => {
    window.__jumps = 0;
    document.addEventListener("animationstart", (event) => {
        if (event.animationName === "combo-jump" && event.target.dataset.testid === "combo") window.__jumps += 1;
    });
}"""
RECORD_BUZZ = "window.__buzz = []; navigator.vibrate = (pattern) => { window.__buzz.push(pattern); return true; };"


def colour_of(locator) -> str:
    return locator.evaluate("el => getComputedStyle(el).getPropertyValue('--piece').trim()")


def test_a_placed_piece_takes_its_colour_at_once_and_keeps_it_after_a_reload(page: Page):
    game = open_game(page)
    show_position(page, game, ["#......."] + [EMPTY] * 7, ("T4-down", "mono", "O4"))
    tray_colour = colour_of(piece(page, 0))
    held = HeldMoves(page)
    piece(page, 0).click()
    cell(page, 2, 3).click()
    landing = cell(page, 2, 4)  # placed before the server's answer
    expect(landing).to_have_class(re.compile(r"\bis-filled\b"))
    assert landing.get_attribute("data-c") == "t" and colour_of(landing) == tray_colour
    held.wait(1)
    held.release(0)
    wait_moves(page, 1)
    expect(landing).to_have_attribute("data-c", "t")  # the server's answer agrees
    page.reload()
    for row, col in ((2, 3), (2, 4), (2, 5), (3, 4)):
        expect(cell(page, row, col)).to_have_attribute("data-c", "t")
    assert colour_of(cell(page, 3, 4)) == tray_colour
    assert cell(page, 0, 0).get_attribute("data-c") == "#"  # a start-board block stays neutral
    assert colour_of(cell(page, 0, 0)) != tray_colour


def test_a_piece_that_fits_nowhere_is_dimmed_and_cannot_be_picked_up(page: Page):
    game = open_game(page)
    show_position(page, game, NO_ROOM_FOR_A_SQUARE, ("O4", "mono", "mono"))
    stuck = piece(page, 0)
    expect(stuck).to_have_attribute("aria-disabled", "true")
    assert stuck.evaluate("el => document.getElementById(el.getAttribute('aria-describedby')).textContent") == (
        "Doesn’t fit anywhere now"
    )
    assert float(stuck.locator(".shape").evaluate("el => getComputedStyle(el).opacity")) < 0.5
    expect(piece(page, 1)).not_to_have_attribute("aria-disabled", "true")
    moves = []
    page.on("request", lambda r: moves.append(r.url) if "/move/" in r.url else None)
    mouse_drag(page, 0, 1, 1)
    assert page.locator(".drag-avatar").count() == 0
    stuck.click(force=True)  # Playwright counts aria-disabled as not enabled; a finger taps it anyway
    expect(stuck).to_have_attribute("aria-pressed", "false")
    expect(page.locator("#toast")).to_have_text("That piece does not fit anywhere on the board now.")
    stuck.focus()
    page.keyboard.press("Enter")
    cell(page, 1, 1).focus()
    page.keyboard.press("Enter")
    expect(page.locator("#toast")).to_have_text("Choose a piece first.")  # the Enter was handled: nothing chosen
    assert moves == [] and stuck.get_attribute("aria-pressed") == "false"


def test_a_piece_that_fits_again_after_a_clear_can_be_picked_up_at_once(page: Page):
    """The new player's trial: a piece dimmed as fitting nowhere stayed dimmed after a clear made room for it."""
    game = open_game(page)
    show_position(page, game, ["#######.", *(["#.#.#.#.", ".#.#.#.#"] * 3), "#.#.#.#."], ("I2-h", "mono", "mono"))
    domino = piece(page, 0)
    expect(domino).to_have_attribute("aria-disabled", "true")  # no two free squares side by side
    piece(page, 1).click()
    cell(page, 0, 7).click()  # row 0 full: cleared, and the domino fits there now
    expect(domino).not_to_have_attribute("aria-disabled", "true")
    assert domino.get_attribute("aria-describedby") is None
    domino.click()
    expect(domino).to_have_attribute("aria-pressed", "true")
    cell(page, 0, 0).click()
    wait_moves(page, 2)
    expect(cell(page, 0, 1)).to_have_class(re.compile(r"\bis-filled\b"))


def test_a_clear_a_combo_step_and_an_emptied_board_each_get_their_effect_sound_and_buzz(page: Page):
    page.add_init_script(RECORD_BUZZ)
    game = open_game(page)
    show_position(page, game, CROSS_MISSING_CENTRE, ("mono", "I2-h", "mono"), combo=1, moves_left=2)
    page.evaluate(RECORD_SOUNDS)
    piece(page, 0).click()
    cell(page, 3, 3).click()
    wait_moves(page, 1)
    expect(page.locator("#board .cell.fx-clear")).to_have_count(15)
    wrap = page.locator("#play-area .board-wrap")
    expect(wrap).to_have_class(re.compile(r"\bfx-combo\b"))
    expect(wrap).to_have_class(re.compile(r"\bfx-empty\b"))
    expect(page.get_by_test_id("combo")).to_have_class(re.compile(r"\bfx-combo\b"))
    assert cell(page, 3, 3).get_attribute("data-c") == "m"  # the burst takes the cleared blocks' colours
    assert cell(page, 0, 3).get_attribute("data-c") == "#"
    assert page.evaluate("__sounds") == ["clear", "combo", "empty"]
    assert page.evaluate("__buzz") == [[40, 40, 40, 40, 90]]
    piece(page, 1).click()
    cell(page, 5, 5).click()
    wait_moves(page, 2)
    assert page.locator("#play-area .fx-clear, #play-area .fx-combo, #play-area .fx-empty").count() == 0
    assert page.evaluate("__sounds").count("place") == 1
    assert page.evaluate("__buzz") == [[40, 40, 40, 40, 90], 12]


def test_a_second_combo_step_in_a_row_jumps_the_combo_pill_again(page: Page):
    game = open_game(page)
    show_position(page, game, ["#######.", "#######."] + [EMPTY] * 6, ("mono", "mono", "mono"), combo=1, moves_left=2)
    combo = page.get_by_test_id("combo")
    piece(page, 0).click()
    cell(page, 0, 7).click()
    wait_moves(page, 1)
    expect(combo).to_have_attribute("data-combo", "2")
    settled(combo)  # the jump (0.45 s) is over; its class stays until the next move
    assert combo.evaluate("el => el.getAnimations()") == []
    # counted in the page as they start: a slow test thread reads the pill after a 0.45 s jump has ended
    page.evaluate(COUNT_JUMPS)
    piece(page, 1).click()
    cell(page, 1, 7).click()  # row 1: combo ×3, the same pill's jump again, from its start
    page.wait_for_function("() => window.__jumps === 1")
    expect(combo).to_have_attribute("data-combo", "3")
    wait_moves(page, 2)
    assert page.evaluate("window.__jumps") == 1  # the server's answer does not jump it again


def test_the_settings_switch_turns_vibration_off(page: Page):
    page.add_init_script(RECORD_BUZZ)
    game = open_game(page)
    page.goto("/settings/")
    switch = page.get_by_test_id("vibrate-setting")
    expect(switch).to_be_checked()
    switch.uncheck()
    page.goto("/")
    show_position(page, game, ["#######."] + [EMPTY] * 7, ("mono", "mono", "mono"))
    piece(page, 0).click()
    cell(page, 0, 7).click()
    wait_moves(page, 1)
    expect(page.locator("#board .cell.fx-clear")).to_have_count(8)
    assert page.evaluate("__buzz") == []
    page.goto("/settings/")
    expect(page.get_by_test_id("vibrate-setting")).not_to_be_checked()


COUNT_TONES = """
window.__tones = 0;
const Real = window.AudioContext;
window.AudioContext = class extends Real {
    createOscillator() { window.__tones += 1; return super.createOscillator(); }
};
"""


def test_the_sound_toggle_silences_the_effects(page: Page):
    page.add_init_script(COUNT_TONES)
    game = open_game(page)
    show_position(page, game, CROSS_MISSING_CENTRE, ("mono", "I2-h", "mono"), combo=1, moves_left=2)
    page.get_by_role("button", name="Mute sounds").click()
    expect(page.locator("[data-mute-toggle]").first).to_have_attribute("aria-pressed", "true")
    page.evaluate("window.__tones = 0")
    piece(page, 0).click()
    cell(page, 3, 3).click()
    wait_moves(page, 1)
    expect(page.locator("#board .cell.fx-clear")).to_have_count(15)  # the effects still show
    assert page.evaluate("__tones") == 0
    page.get_by_role("button", name="Mute sounds").click()
    page.evaluate("window.__tones = 0")
    piece(page, 1).click()
    cell(page, 5, 5).click()
    wait_moves(page, 2)
    assert page.evaluate("__tones") == 2  # the place sound: a knock and its click
