"""What a signed-up player is told, in the words and language of the page that shows it (a new player's trial): the
sign-in message in the account's language, the username apart from the name others see, and that the Daily's prize
asks for a passkey or a verified email, which the Daily board's mark says too (the API keeps ``guest``)."""

import datetime as dt

import pytest
import time_machine
from django.test import Client
from rest_framework.test import APIClient

from blockknock.accounts.models import Player
from tests.helpers import first_move
from tests.leaderboards.conftest import local, make_game

pytestmark = pytest.mark.django_db

PASSWORD = "tiles-and-lines-42"


def _sign_up(client, language: str):
    body = {"username": "trialseal", "password1": PASSWORD, "password2": PASSWORD}
    return client.post("/accounts/signup/", body, HTTP_ACCEPT_LANGUAGE=language)


def test_signing_in_on_an_english_browser_says_so_in_the_accounts_chinese():
    Player.objects.create_user(username="ada", password=PASSWORD, name="Ada", language="zh-hant")
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.post("/accounts/login/", {"login": "ada", "password": PASSWORD})
    page = client.get("/settings/").content.decode()
    assert '<html lang="zh-Hant"' in page
    assert "已登入為 Ada。你的遊戲、星星和主題都在這裡。" in page and "Signed in as" not in page


@pytest.mark.parametrize(
    ("language", "explained", "kept", "daily"),
    [
        (
            "en",
            "The username is what you type to sign in. Others keep seeing you as {name}; change that name in Settings.",
            "Your progress is kept, {name}. Sign in as trialseal on any device.",
            "For the Daily’s stars, add a passkey or a verified email in Settings.",
        ),
        (
            "zh-hant",
            "使用者名稱是你登入時要輸入的。其他人看到的你仍是 {name}；可以在設定中更改這個名稱。",
            "{name}，你的進度已保存。在任何裝置用 trialseal 登入即可。",
            "要贏得每日挑戰的星星，請到設定加入通行密鑰或已驗證的電子郵件。",
        ),
    ],
)
def test_a_guests_password_sign_up_names_its_username_and_what_the_dailys_prize_asks(language, explained, kept, daily):
    client = Client()
    first_move(client, HTTP_ACCEPT_LANGUAGE=language)
    guest = Player.objects.get()
    form = client.get("/accounts/signup/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f'<p data-testid="username-explained">{explained.format(name=guest.name)}</p>' in form
    _sign_up(client, language)
    page = client.get("/settings/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert kept.format(name=guest.name) + (" " if language == "en" else "") + daily in page
    username = "To sign in with your password, type your username, <strong>trialseal</strong>."
    if language == "zh-hant":
        username = "用密碼登入時，請輸入你的使用者名稱 <strong>trialseal</strong>。"
    assert username in page


@pytest.mark.parametrize(
    ("language", "mark", "why"),
    [
        ("en", "no prize", "Not eligible for the Daily’s stars: add a passkey or a verified email to win them."),
        ("zh-hant", "不計獎", "無法贏得每日挑戰的星星：加入通行密鑰或已驗證的電子郵件，就能贏得。"),
    ],
)
def test_a_signed_up_player_without_a_passkey_or_verified_email_is_marked_no_prize_not_guest(language, mark, why):
    player = Player.objects.create_user(username="trialseal", password=PASSWORD, name="Witty Seal 172")
    day = dt.date(2026, 6, 9)
    make_game(player, mode="daily", score=570, day=day, finished_at=local(2026, 6, 9, 9))
    with time_machine.travel(local(2026, 6, 9, 12), tick=False):
        entries = APIClient().get("/api/leaderboards/daily/").json()["entries"]
        html = Client().get("/leaderboards/daily/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert [(e["player"], e["guest"]) for e in entries] == [("Witty Seal 172", True)]  # docs/api.md: not eligible
    assert f'<span class="lb-guest-badge" data-testid="lb-guest" title="{why}">{mark}</span>' in html
