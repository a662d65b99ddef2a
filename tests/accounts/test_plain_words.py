"""The player's words: a signed-out board asks to sign in for the best, Settings never says "API token" (the
developer key is folded away), a guest is offered to keep its progress from the chip, Settings and an end card, and
the sign-in and sign-up pages offer a passkey first, then a password."""

import re

import pytest
from django.test import Client

from blockknock.accounts.models import Player
from tests.helpers import log_in_new_guest

pytestmark = pytest.mark.django_db

PASSWORD = "tiles-and-lines-42"


def test_a_signed_out_board_asks_to_sign_in_instead_of_showing_best_0():
    page = Client().get("/").content.decode()
    assert 'data-testid="best-sign-in"' in page and "Sign in to see your best" in page
    assert re.search(r'data-testid="high-score" data-value="0" hidden>', page)


def test_a_players_board_shows_the_best():
    client = Client()
    log_in_new_guest(client)
    page = client.get("/").content.decode()
    assert "Sign in to see your best" not in page
    assert re.search(r'data-testid="high-score" data-value="0">0<', page)


def test_settings_folds_the_developer_key_and_never_says_api_token():
    Player.objects.create_user(username="ada", password=PASSWORD, name="Ada")
    client = Client()
    client.post("/accounts/login/", {"login": "ada", "password": PASSWORD})
    page = client.get("/settings/").content.decode()
    assert "API token" not in page
    assert re.search(r'<details class="settings-group developer" data-testid="developer">', page)
    assert "Replace my developer key" in page


def test_a_guest_is_offered_to_keep_its_progress_from_the_chip_and_settings():
    client = Client()
    log_in_new_guest(client)
    page = client.get("/settings/").content.decode()
    assert page.count('data-testid="chip-keep-progress"') == 1
    assert 'data-testid="keep-with-passkey"' in page and 'data-testid="keep-with-email"' in page


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ["<h2>With a passkey</h2>", "<h2>With a password</h2>", '<label for="id_login">Username or email:']),
        ("zh-hant", ["<h2>用通行密鑰</h2>", "<h2>用密碼</h2>", '<label for="id_login">使用者名稱或電子郵件：']),
    ],
)
def test_the_sign_in_page_offers_a_passkey_then_a_password_in_the_players_words(client, language, words):
    page = client.get("/accounts/login/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert [page.index(word) for word in words] == sorted(page.index(word) for word in words)
    assert '<div class="field-check"><input type="checkbox" name="remember"' in page


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", ["With a passkey", "With a name and a password"]), ("zh-hant", ["用通行密鑰", "用名稱和密碼"])],
)
def test_the_sign_up_page_offers_a_passkey_then_a_name_and_password(client, language, words):
    page = client.get("/accounts/signup/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    passkey, password = (page.index(f"<h2>{word}</h2>") for word in words)
    assert (
        passkey < page.index('action="/accounts/keep/passkey/"') < password < page.index('action="/accounts/signup/"')
    )


@pytest.mark.parametrize(
    ("language", "needs_email", "contact"),
    [
        ("en", "Only an account with a verified email can be reset this way.", "contact us"),
        ("zh-hant", "只有已驗證電子郵件的帳號能這樣重設。", "與我們聯絡"),
    ],
)
def test_the_reset_page_says_who_can_reset_and_names_no_contact_the_site_does_not_have(
    client, language, needs_email, contact
):
    page = client.get("/accounts/password/reset/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert needs_email in page and contact not in page


def test_the_email_page_says_what_the_address_is_for_and_leads_back_to_settings(client):
    ada = Player.objects.create_user(username="ada", password=PASSWORD, name="Ada")
    client.force_login(ada, backend="blockknock.accounts.auth.CachedModelBackend")
    page = client.get("/accounts/email/").content.decode()
    assert "A verified email resets a forgotten password." in page
    assert '<a href="/settings/">Back to Settings</a>' in page


@pytest.mark.parametrize(
    ("language", "words", "page_title"),
    [
        (
            "en",
            'Stars: earned by finishing games, spent on new looks in <a href="/settings/theme/" '
            'data-testid="stars-theme-link">Settings → Theme</a>.',
            '<h1 id="shop-title">Theme</h1>',
        ),
        (
            "zh-hant",
            '星星：玩完一局就能獲得，可以在<a href="/settings/theme/" '
            'data-testid="stars-theme-link">設定 → 主題</a>換新外觀。',
            '<h1 id="shop-title">主題</h1>',
        ),
    ],
)
def test_the_player_card_names_and_links_the_place_stars_are_spent(language, words, page_title):
    """A new player's trial: the card said "in the Shop", and nothing on the site is called the Shop."""
    client = Client()
    log_in_new_guest(client)
    page = client.get("/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert words in page
    assert page_title in client.get("/settings/theme/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
