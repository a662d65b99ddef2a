"""A stale tab never fails silently: two pages of one browser (shared
cookies), page A on a game, page B logging out and in again; then a move on page A.

- B logs in again as the same player: Django rotated the CSRF token, A's move is
  refused for it, the board fetches a fresh token and sends the move again once:
  the move lands, once.
- B logs in as another player, or only logs out, or the session expires: A says
  so in the player's language (the #session-lost dialog, its text in a live
  region), the piece goes back, and nothing is stored, in A's game or anyone's.
"""

from __future__ import annotations

from importlib import import_module

import pytest
from django.conf import settings
from django.contrib.sessions.models import Session
from playwright.sync_api import BrowserContext, Page, expect

from blockknock.accounts.models import Player
from game.models import Game

from .test_play import EMPTY, cell, piece, screen_board, screen_hand, show_position, wait_moves

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "tiles-and-lines-42"
HAND = ("mono", "I2-h", "mono")
MESSAGES = {
    "en": {
        "signedOut": "You are signed out (in another tab, or your session ended), so nothing was played here.",
        "playerChanged": "Someone else is signed in now, in another tab or window, so nothing was played here. "
        "Reload to play as them, or log in again.",
        "title": "This tab is out of date",
    },
    "zh-hant": {
        "signedOut": "你已經登出了（在其他分頁登出，或登入已逾時），所以這裡沒有做任何變更。",
        "playerChanged": (
            "現在是另一位玩家在其他分頁或視窗登入，所以這裡沒有做任何變更。"
            "重新整理就能用那位玩家的身分玩，或是重新登入。"
        ),
        "title": "這個分頁已經過期",
    },
}


def account(username: str, language: str = "") -> Player:
    return Player.objects.create_user(username=username, password=PASSWORD, name=username.title(), language=language)


def log_in(page: Page, username: str) -> None:
    page.goto("/accounts/login/")
    page.locator("#id_login").fill(username)
    page.locator("#id_password").fill(PASSWORD)
    page.locator("form.form button[type=submit]").click()
    expect(page.locator("#play-area")).to_be_visible()  # LOGIN_REDIRECT_URL: the play page


def log_out(page: Page) -> None:
    page.goto("/settings/")
    page.locator('form[action="/accounts/logout/"] button').click()
    expect(
        page.locator("#play-area")
    ).to_be_visible()  # LOGOUT_REDIRECT_URL: the play page, a first visit's (no guest yet)


def game_on_page_a(context: BrowserContext, username: str) -> tuple[Page, Game]:
    """Page A: ``username`` logged in, on a Classic game with an empty board and a known hand."""
    page = context.new_page()
    log_in(page, username)
    game = Game.objects.get(pk=page.locator("#play-area").get_attribute("data-game-id"))
    return page, show_position(page, game, [EMPTY] * 8, HAND)


def place_mono(page: Page) -> None:
    piece(page, 0).click()
    cell(page, 3, 3).click()


def moves_stored() -> int:
    return sum(event[0] == "move" for game in Game.objects.all() for event in game.events)


def in_view(page: Page, locator) -> None:
    """The message is wholly on screen, and nothing scrolls sideways."""
    box, view = locator.bounding_box(), page.viewport_size
    assert box["x"] >= 0 and box["y"] >= 0, box
    assert box["x"] + box["width"] <= view["width"] and box["y"] + box["height"] <= view["height"], (box, view)
    assert page.evaluate("document.documentElement.scrollWidth") == view["width"]


def assert_refused_with(page: Page, game: Game, language: str, reason: str) -> None:
    """The dialog says ``reason`` in ``language``, the piece is back and nothing was stored."""
    dialog = page.get_by_test_id("session-lost")
    expect(dialog).to_be_visible()
    expect(dialog.get_by_role("heading")).to_have_text(MESSAGES[language]["title"])
    expect(page.get_by_test_id("session-text")).to_have_text(MESSAGES[language][reason])
    expect(dialog.get_by_test_id("session-reload")).to_be_visible()
    expect(dialog.get_by_test_id("session-login")).to_be_visible()
    in_view(page, dialog)
    expect(page.locator(".piece.is-sending")).to_have_count(0)
    assert screen_hand(page) == list(HAND)
    assert screen_board(page)[3] == EMPTY
    wait_moves(page, 0)
    game.refresh_from_db()
    assert game.moves == 0
    assert moves_stored() == 0


def test_logged_in_again_as_the_same_player_in_another_tab_the_move_lands_once(context: BrowserContext):
    account("ada")
    page_a, game = game_on_page_a(context, "ada")
    page_b = context.new_page()
    log_out(page_b)
    log_in(page_b, "ada")
    token_refusals = []
    page_a.on("response", lambda r: token_refusals.append(r.url) if r.status == 403 else None)

    place_mono(page_a)
    wait_moves(page_a, 1)
    assert screen_board(page_a)[3] == "...#...."
    assert screen_hand(page_a) == [None, "I2-h", "mono"]
    expect(page_a.get_by_test_id("session-lost")).to_be_hidden()
    assert token_refusals == [page_a.url.rstrip("/") + f"/games/{game.pk}/move/"]  # refused once, then sent again
    game.refresh_from_db()
    assert (game.moves, game.score) == (1, 10)
    assert [(other.pk, other.events) for other in Game.objects.exclude(record=b"")] == [(game.pk, [("move", 0, 3, 3)])]

    # and play goes on with the fresh token, without another refusal
    piece(page_a, 2).click()
    cell(page_a, 7, 7).click()
    wait_moves(page_a, 2)
    assert len(token_refusals) == 1


@pytest.mark.parametrize("language", ["en", "zh-hant"])
def test_logged_in_as_another_player_in_another_tab_the_move_is_refused_and_said(context: BrowserContext, language):
    account("ada", language)
    bob = account("bob")
    page_a, game = game_on_page_a(context, "ada")
    page_b = context.new_page()
    log_out(page_b)
    log_in(page_b, "bob")

    place_mono(page_a)
    assert_refused_with(page_a, game, language, "playerChanged")
    assert not Game.objects.filter(player=bob, moves__gt=0).exists()  # nothing in the other player's account


@pytest.mark.parametrize("screen", ["desktop_context", "phone_context"])
def test_logged_out_in_another_tab_the_move_is_refused_and_said(request, screen):
    context = request.getfixturevalue(screen)
    account("ada")
    page_a, game = game_on_page_a(context, "ada")
    log_out(context.new_page())  # lands on the play page, a first visit's: no guest until it plays
    players = Player.objects.count()

    place_mono(page_a)
    assert_refused_with(page_a, game, "en", "signedOut")
    assert Player.objects.count() == players


@pytest.mark.parametrize("expire", ["session row", "session cookie"])
def test_an_expired_session_refuses_the_move_and_says_so(context: BrowserContext, expire):
    account("ada")
    page_a, game = game_on_page_a(context, "ada")
    if expire == "session row":  # ended on the server: the store forgets it (cached_db: cache and row)
        for key in Session.objects.values_list("session_key", flat=True):
            import_module(settings.SESSION_ENGINE).SessionStore(session_key=key).delete()
    else:
        context.clear_cookies(name="sessionid")
    players = Player.objects.count()

    place_mono(page_a)
    assert_refused_with(page_a, game, "en", "signedOut")
    assert Player.objects.count() == players  # no guest made by the refused move

    page_a.get_by_test_id("session-login").click()
    expect(page_a.locator("#id_login")).to_be_visible()


def test_a_token_refused_again_after_the_fresh_one_is_not_retried_twice(context: BrowserContext):
    account("ada")
    page_a, game = game_on_page_a(context, "ada")
    sent = []

    def always_refused(route):
        sent.append(route.request.headers.get("x-csrftoken"))
        route.fulfill(status=403, content_type="application/json", body='{"error": "csrf_failed", "detail": "x"}')

    page_a.route("**/move/", always_refused)
    place_mono(page_a)
    dialog = page_a.get_by_test_id("session-lost")
    expect(page_a.get_by_test_id("session-text")).to_have_text(
        "This page is out of date, so nothing was played here. Reload it to go on."
    )
    expect(dialog.get_by_test_id("session-login")).to_be_hidden()
    assert len(sent) == 2 and sent[0] != sent[1]  # sent again once, with the session's fresh token
    assert screen_hand(page_a) == list(HAND)
    game.refresh_from_db()
    assert game.moves == 0


def test_new_game_after_logging_in_again_elsewhere_starts_once_and_asks_once(context: BrowserContext):
    ada = account("ada")
    page_a, game = game_on_page_a(context, "ada")
    page_b = context.new_page()
    log_in(page_b, "ada")  # rotates the token: page A's form field and header are stale
    page_b.close()

    page_a.locator(".tools").get_by_role("button", name="New game").click()
    page_a.get_by_test_id("confirm-new-game").click()
    expect(page_a.locator("#play-area")).not_to_have_attribute("data-game-id", str(game.pk))
    expect(page_a.locator("#new-game-dialog")).to_be_hidden()  # not asked again for the second try
    expect(page_a.get_by_test_id("session-lost")).to_be_hidden()
    game.refresh_from_db()
    assert game.status == "abandoned"
    assert Game.objects.filter(player=ada, status="playing").count() == 1


def test_a_refusal_without_an_error_event_is_still_said(context: BrowserContext):
    account("ada")
    page_a, game = game_on_page_a(context, "ada")
    page_a.route("**/move/", lambda route: route.fulfill(status=403, content_type="text/html", body="<p>Forbidden</p>"))
    place_mono(page_a)
    expect(page_a.locator("#toast")).to_have_text("That move was not accepted. The board was reloaded from the server.")
    expect(page_a.locator(".piece.is-sending")).to_have_count(0)
    assert screen_hand(page_a) == list(HAND)
    game.refresh_from_db()
    assert game.moves == 0


def test_a_first_visits_page_whose_browser_played_in_another_tab_since_is_out_of_date(context: BrowserContext):
    page_a = context.new_page()
    page_a.goto("/")  # a first visit's page: no player yet
    page_b = context.new_page()
    page_b.goto("/")
    piece(page_b, 0).click()
    cell(page_b, 0, 0).click()  # the first move in tab B makes the guest (and rotates the token)
    wait_moves(page_b, 1)
    guest = Player.objects.get()

    piece(page_a, 0).click()
    cell(page_a, 0, 0).click()
    expect(page_a.get_by_test_id("session-text")).to_have_text(
        "This page is out of date, so nothing was played here. Reload it to go on."
    )
    expect(page_a.get_by_test_id("session-login")).to_be_hidden()
    assert (Player.objects.get(), Game.objects.count()) == (guest, 1)
    page_a.get_by_test_id("session-reload").click()
    expect(page_a.locator("#play-area")).to_have_attribute("data-game-id", str(Game.objects.get().pk))
