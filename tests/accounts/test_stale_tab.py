"""A stale tab: Django's CSRF refusal answers a script in JSON, and
``/accounts/session/`` tells the board who the session plays as now, with a fresh token.

A log-in rotates the CSRF token, so a tab opened before a log-in in another tab
posts a stale one. These tests are that second tab, with one test client (one
browser's cookies) and the token each page was rendered with.
"""

import re

import pytest
from django.test import Client
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from blockknock.accounts.models import Player
from game.models import Game
from tests.helpers import first_move, open_page

pytestmark = pytest.mark.django_db

PASSWORD = "tiles-and-lines-42"
HX = {"HTTP_HX_REQUEST": "true"}


def page_token(answer) -> str:
    """The token a page sends (base.html's ``hx-headers``)."""
    return re.search(r'"X-CSRFToken": "([^"]+)"', answer.content.decode()).group(1)


def log_in(browser: Client, username: str) -> None:
    form = browser.get("/accounts/login/")
    answer = browser.post(
        "/accounts/login/", {"login": username, "password": PASSWORD, "csrfmiddlewaretoken": page_token(form)}
    )
    assert answer.status_code == 302


@pytest.fixture
def ada(db):
    return Player.objects.create_user(username="ada", password=PASSWORD, name="Ada")


@pytest.fixture
def browser():
    return Client(enforce_csrf_checks=True)


def open_game(browser: Client):
    """Open the play page (its game started, :func:`~tests.helpers.open_page`): the game it shows and the
    token it sends."""
    page = open_page(browser, "/")
    return page.context["game"], page_token(page)


def move_body(game) -> dict:
    slot = next(s["slot"] for s in game.hand_view if not s["used"])
    return {"slot": slot, "row": 0, "col": 0, "move_number": 0}


def test_a_log_in_in_another_tab_makes_the_token_stale_and_the_session_gives_a_fresh_one(browser, ada):
    log_in(browser, "ada")
    game, stale = open_game(browser)
    log_in(browser, "ada")  # the other tab: the same player again, a new token
    refused = browser.post(f"/games/{game.pk}/move/", move_body(game), HTTP_X_CSRFTOKEN=stale, **HX)
    assert refused.status_code == 403
    assert refused.json() == {"error": "csrf_failed", "detail": "This page is out of date. Reload it and try again."}

    now = browser.get("/accounts/session/", HTTP_ACCEPT="application/json")
    assert now["Cache-Control"] == "max-age=0, no-cache, no-store, must-revalidate, private"
    body = now.json()
    assert (body["player"], body["guest"]) == (ada.pk, False)
    answer = browser.post(f"/games/{game.pk}/move/", move_body(game), HTTP_X_CSRFTOKEN=body["csrf_token"], **HX)
    assert answer.status_code == 200
    assert Game.objects.get(pk=game.pk).moves == 1


def test_a_fetch_asking_for_json_gets_the_refusal_in_json_in_its_language(browser, ada):
    log_in(browser, "ada")
    game, stale = open_game(browser)
    log_in(browser, "ada")
    refused = browser.post(
        f"/games/{game.pk}/move/",
        move_body(game),
        HTTP_X_CSRFTOKEN=stale,
        HTTP_ACCEPT="application/json",
        HTTP_ACCEPT_LANGUAGE="zh-Hant",
    )
    assert refused.status_code == 403
    assert refused.json() == {"error": "csrf_failed", "detail": "這個頁面已經過期，請重新整理後再試一次。"}


def test_a_plain_form_post_with_a_stale_token_gets_the_translated_page(browser, ada):
    log_in(browser, "ada")
    page = browser.get("/settings/", HTTP_ACCEPT_LANGUAGE="zh-Hant")
    stale = page_token(page)
    log_in(browser, "ada")
    refused = browser.post(
        "/accounts/name/",
        {"name": "Grace", "csrfmiddlewaretoken": stale},
        HTTP_ACCEPT="text/html",
        HTTP_ACCEPT_LANGUAGE="zh-Hant",
    )
    assert (refused.status_code, refused["Content-Type"]) == (403, "text/html; charset=utf-8")
    html = refused.content.decode()
    assert "<h1>頁面已過期</h1>" in html and "這個頁面已經過期，請重新整理後再試一次。" in html
    assert Player.objects.get(pk=ada.pk).name == "Ada"


def test_api_token_clients_need_no_csrf_token(player):
    client = APIClient(enforce_csrf_checks=True)
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=player).key}")
    answer = client.post("/api/games/", {"mode": "classic"}, format="json")
    assert answer.status_code == 201


def test_the_session_says_nobody_for_a_signed_out_browser_and_makes_no_guest(browser):
    answer = browser.get("/accounts/session/")
    body = answer.json()
    assert (body["player"], body["guest"]) == (None, False)
    assert len(body["csrf_token"]) == 64 and "csrftoken" in answer.cookies
    assert "sessionid" not in answer.cookies
    assert Player.objects.count() == 0


def test_the_session_says_which_guest_plays_here(client):
    first_move(client)
    guest = Player.objects.get()
    body = client.get("/accounts/session/").json()
    assert (body["player"], body["guest"]) == (guest.pk, True)
