"""English and Traditional Chinese: chosen by the browser, switched in the footer or Settings,
remembered for the player, and used by the JSON API's error texts too."""

from __future__ import annotations

import re

import pytest
from django.conf import settings
from django.test import Client
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from blockknock.accounts.models import Player
from blockknock.accounts.services import guest_create
from game import services
from game.models import Challenge, Game
from tests.helpers import first_move, open_page

pytestmark = pytest.mark.django_db

ZH = {"HTTP_ACCEPT_LANGUAGE": "zh-Hant"}
TW = {"HTTP_ACCEPT_LANGUAGE": "zh-TW,zh;q=0.9,en;q=0.5"}
EN = {"HTTP_ACCEPT_LANGUAGE": "en-US,en;q=0.9"}
HX = {"HTTP_HX_REQUEST": "true"}
COOKIE = settings.LANGUAGE_COOKIE_NAME
CJK = re.compile(r"[\u4e00-\u9fff]")


def html_lang(response) -> str:
    return re.search(r'<html lang="([^"]+)"', response.content.decode()).group(1)


def signed_up(username="mei", password="a long enough passphrase 42") -> Player:
    player = Player(username=username, name=username)
    player.set_password(password)
    player.save()
    return player


# ------------------------------------------------------------------ choosing


def test_a_chinese_browser_gets_the_board_in_chinese(client):
    page = client.get("/", **TW)
    html = page.content.decode()
    assert html_lang(page) == "zh-Hant"
    assert page["Content-Language"] == "zh-hant"
    for text in ("連擊", "新遊戲", "最高分", "分數", "你的方塊", "玩法說明", "設定", "排行榜"):
        assert text in html, text
    assert "COMBO" not in html and "New game" not in html


def test_english_is_the_default(client):
    page = client.get("/")
    assert html_lang(page) == "en"
    assert "COMBO" in page.content.decode()
    assert html_lang(client.get("/", HTTP_ACCEPT_LANGUAGE="fr-FR,de;q=0.8")) == "en"


def test_the_footer_offers_both_languages_each_in_its_own_language(client):
    html = client.get("/how-to-play/", **ZH).content.decode()
    footer = re.search(r'<footer class="site-footer">.*?</footer>', html, re.S).group(0)
    assert 'action="/i18n/setlang/"' in footer and 'name="next" value="/how-to-play/"' in footer
    assert re.search(r'value="en" lang="en"\s*>English<', footer)
    assert re.search(r'value="zh-hant" lang="zh-Hant" aria-current="true">繁體中文<', footer)


def test_switching_saves_the_language_on_the_guest_and_sets_the_cookie(client):
    first_move(client, **EN)
    guest = Player.objects.get()
    response = client.post("/i18n/setlang/", {"language": "zh-hant", "next": "/settings/"}, **EN)
    assert response.status_code == 302 and response["Location"] == "/settings/"
    assert response.cookies[COOKIE].value == "zh-hant"
    guest.refresh_from_db()
    assert guest.language == "zh-hant"
    assert html_lang(client.get("/settings/", **EN)) == "zh-Hant"

    client.post("/i18n/setlang/", {"language": "en", "next": "/"})
    guest.refresh_from_db()
    assert guest.language == "en"
    assert html_lang(client.get("/", **ZH)) == "en"


def test_an_unknown_language_changes_nothing(client):
    first_move(client)
    client.post("/i18n/setlang/", {"language": "fr", "next": "/"})
    assert Player.objects.get().language == ""


def test_a_visitor_who_is_not_a_player_yet_still_switches_by_cookie(client):
    response = client.post("/i18n/setlang/", {"language": "zh-hant", "next": "/how-to-play/"})
    assert response.cookies[COOKIE].value == "zh-hant"
    assert html_lang(client.get("/how-to-play/")) == "zh-Hant"


def test_the_saved_language_follows_the_player_to_another_browser():
    player = signed_up()
    player.language = "zh-hant"
    player.save()
    browser = Client()
    response = browser.post("/accounts/login/", {"login": "mei", "password": "a long enough passphrase 42"}, **EN)
    assert response.status_code == 302
    assert response.cookies[COOKIE].value == "zh-hant"  # the cookie now agrees, even after logging out
    page = open_page(browser, "/", **EN)  # the play page, its game started
    assert html_lang(page) == "zh-Hant" and "連擊" in page.content.decode()


def test_the_saved_language_wins_over_the_browser_and_an_old_cookie(client):
    guest = guest_create()
    guest.language = "zh-hant"
    guest.save()
    client.force_login(guest)
    client.cookies[COOKIE] = "en"
    page = client.get("/", **EN)
    assert html_lang(page) == "zh-Hant"
    assert page.cookies[COOKIE].value == "zh-hant"


def test_settings_has_the_language_form_with_the_current_language_checked(client):
    html = client.get("/settings/", **ZH).content.decode()
    form = re.search(r'<form class="language-form".*?</form>', html, re.S).group(0)
    assert 'action="/i18n/setlang/"' in form
    assert re.search(r'value="zh-hant" checked', form) and not re.search(r'value="en" checked', form)
    assert "儲存語言" in form


def test_a_guest_made_by_a_chinese_browser_gets_a_chinese_name(client):
    first_move(client, **ZH)
    assert CJK.search(Player.objects.get().name)


# --------------------------------------------------------------- the API


@pytest.fixture
def api():
    player = guest_create()
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=player).key}")
    client.player = player
    return client


def test_an_api_error_detail_comes_back_in_chinese_with_accept_language_zh_hant(api):
    missing = api.get("/api/games/g999999/", **ZH)
    assert missing.status_code == 404
    assert missing.json() == {"error": "not_found", "detail": "找不到這局遊戲。"}

    game = services.game_start(player=api.player, mode="classic")
    Game.objects.filter(pk=game.pk).update(board="#" + "." * 63, hand=["O4", "mono", "mono"])
    refused = api.post(
        f"/api/games/{game.public_id}/moves/", {"slot": 0, "row": 0, "col": 0, "move_number": 0}, format="json", **ZH
    )
    assert (refused.status_code, refused.json()) == (
        400,
        {"error": "illegal_placement", "detail": "這個方塊放不進那裡。"},
    )


def test_the_api_answers_in_english_without_accept_language(api):
    assert api.get("/api/games/g999999/").json()["detail"] == "No such game."


def test_drf_s_own_errors_are_translated_too():
    detail = APIClient().get("/api/me/", **ZH).json()["detail"]
    assert CJK.search(detail), detail


def test_the_api_follows_accept_language_not_the_saved_language(api):
    api.player.language = "zh-hant"
    api.player.save()
    assert api.get("/api/games/g999999/", **EN).json()["detail"] == "No such game."


# ---------------------------------------------------- numbers and dates


def test_numbers_keep_the_thousands_comma_in_chinese(client):
    client.get("/", **ZH)
    Challenge.objects.filter(number=1).update(target=12500)
    html = client.get("/challenges/", **ZH).content.decode()
    assert "目標 12,500 分" in html


def test_dates_are_written_the_chinese_way(client):
    html = client.get("/leaderboards/daily/", **ZH).content.decode()
    today = timezone.localdate()
    assert re.search(
        rf"今天，\d{{4}}年{int(today.strftime('%m'))}月\d{{1,2}}日|今天，\d{{4}}年\d{{1,2}}月\d{{1,2}}日", html
    )
    week = client.get("/leaderboards/", **ZH).content.decode()
    assert re.search(r"\d{1,2}月\d{1,2}日</time>", week)


def test_a_rate_limited_api_request_is_told_so_in_chinese(settings, throttle_window):
    settings.REST_FRAMEWORK = {
        **settings.REST_FRAMEWORK,
        "DEFAULT_THROTTLE_RATES": {**settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "guest": "1/hour"},
    }
    client = APIClient()
    client.post("/api/auth/guest/", **ZH)
    refused = client.post("/api/auth/guest/", **ZH)
    assert refused.status_code == 429
    assert re.fullmatch(r"操作太頻繁了，請在 \d+ 秒後再試。", refused.json()["detail"])
    english = client.post("/api/auth/guest/", **EN).json()["detail"]
    assert re.fullmatch(r"Too many requests: try again in \d+ seconds?\.", english)
