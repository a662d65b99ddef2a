"""Every page, partial and overlay a player sees, rendered in Traditional Chinese, has no English left.

The catalogue tests catch strings marked for translation but not translated; this
catches text that was never marked. Visible text and the attributes people read
(aria-label, title, alt, placeholder, the data-* texts the scripts show) are
checked: a piece of text with a run of three Latin letters and no Chinese in it
is English left over, unless it is one of the names below that stay as they are.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest

from game.models import Game
from tests.helpers import first_move

pytestmark = pytest.mark.django_db

ZH = {"HTTP_ACCEPT_LANGUAGE": "zh-Hant"}
HX = {"HTTP_HX_REQUEST": "true"}
# Names and keys that are the same in both languages, and SHA-256 commitments (64 hex digits).
KEPT = re.compile(r"^(Block Knock!|Fair & Square|English|Home|End|Enter|Tab|Esc|[0-9a-f]{64})$")
READ_ATTRS = {"aria-label", "title", "alt", "placeholder", "data-done"}
CJK = re.compile(r"[\u3000-\u9fff\uff00-\uffef]")


class _Texts(HTMLParser):
    def __init__(self):
        super().__init__()
        self.texts: list[str] = []
        self.hidden = 0

    def handle_starttag(self, tag, attrs):
        if tag in ("script", "style"):
            self.hidden += 1
        for name, value in attrs:
            if value and (
                name in READ_ATTRS or (name.startswith("data-") and name[5:] in TEXT_DATA) or name.startswith("data-t-")
            ):
                self.texts.append(value)

    def handle_endtag(self, tag):
        if tag in ("script", "style"):
            self.hidden -= 1

    def handle_data(self, data):
        if not self.hidden and data.strip():
            self.texts.append(data.strip())


TEXT_DATA = {"no-fit", "choose-piece", "selected", "cancelled", "network", "done"}


def english_left(html: str) -> list[str]:
    parser = _Texts()
    parser.feed(html)
    return [
        text
        for text in parser.texts
        if re.search(r"[A-Za-z]{3,}", re.sub(r"\{\w+\}", "", text)) and not CJK.search(text) and not KEPT.match(text)
    ]


def zh(client, url, status=200, **extra):
    response = client.get(url, **ZH, **extra)
    assert response.status_code == status, url
    return response.content.decode()


PAGES = [
    "/",
    "/practice/",
    "/daily/",
    "/challenges/",
    "/challenges/1/",
    "/how-to-play/",
    "/settings/",
    "/settings/scoring/",
    "/settings/theme/",
    "/leaderboards/",
    "/leaderboards/classic/all/",
    "/leaderboards/challenge/",
    "/leaderboards/daily/",
    "/accounts/login/",
    "/accounts/signup/",
]


@pytest.mark.parametrize("url", PAGES)
def test_the_page_has_no_english_left_in_chinese(client, url):
    assert english_left(zh(client, url)) == []


def test_a_missing_page_is_in_chinese(client):
    html = zh(client, "/no-such-page/", status=404)
    assert "找不到頁面" in html and english_left(html) == []


def test_the_no_moves_overlay_the_game_over_overlay_replay_and_fairness_are_in_chinese(client):
    first_move(client, **ZH)  # a guest made by a Chinese browser
    game = Game.objects.get()
    Game.objects.filter(pk=game.pk).update(status="no_moves")
    page = zh(client, "/")
    assert "無處可放" in page and "不用了" in page and english_left(page) == []

    over = client.post(f"/games/{game.public_id}/decline/", **ZH, **HX)
    html = over.content.decode()
    assert over.status_code == 200 and "遊戲結束" in html and english_left(html) == []

    for url in (
        "/leaderboards/classic/all/",
        f"/leaderboards/replay/{game.public_id}/",
        f"/games/{game.public_id}/fair/",
    ):
        assert english_left(zh(client, url)) == [], url


def test_form_errors_are_in_chinese(client):
    signup = client.post("/accounts/signup/", {"username": "", "password1": "a", "password2": "b"}, **ZH)
    login = client.post("/accounts/login/", {"username": "nobody", "password": "wrong"}, **ZH)
    for response in (signup, login):
        html = response.content.decode()
        assert 'class="errorlist' in html and english_left(html) == []


def test_the_server_error_page_is_in_chinese_without_a_request():
    from django.template.loader import render_to_string
    from django.utils import translation

    with translation.override("zh-hant"):
        html = render_to_string("500.html")
    assert '<html lang="zh-Hant">' in html and "發生錯誤" in html and english_left(html) == []


ACCOUNT_PAGES = [
    "/settings/",
    "/accounts/2fa/webauthn/",
    "/accounts/2fa/",
    "/accounts/sessions/",
    "/accounts/email/",
    "/accounts/password/change/",
    "/accounts/close/",
]


def test_the_account_pages_of_a_signed_in_player_are_in_chinese(client):
    from blockknock.accounts.models import Player

    # a username in Chinese too: Settings shows it (the name to sign in with), and a Latin one would read as English
    Player.objects.create_user(username="美美", password="a long enough passphrase 42", name="小美")
    assert (
        client.post("/accounts/login/", {"login": "美美", "password": "a long enough passphrase 42"}).status_code == 302
    )
    left = {url: english_left(zh(client, url)) for url in ACCOUNT_PAGES}
    assert left == {url: [] for url in ACCOUNT_PAGES}


def test_a_guests_keep_your_progress_pages_are_in_chinese(client):
    first_move(client, **ZH)
    for url in ("/accounts/signup/", "/accounts/2fa/webauthn/add/", "/settings/"):
        assert english_left(zh(client, url)) == [], url
