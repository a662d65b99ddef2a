"""Display names: NFKC-normalised, and no control or invisible formatting characters
(bidi overrides and isolates, zero-width characters), refused with a translated message."""

import doctest
import unicodedata

import pytest
from django.test import Client
from django.utils import translation

from blockknock.accounts import names
from blockknock.accounts.models import Player
from blockknock.accounts.names import guest_name, name_validate
from tests.helpers import first_move

pytestmark = pytest.mark.django_db

REFUSED = [
    "Ada\u202eevil",
    "\u202aAda",
    "Ada\u2066x\u2069",
    "A\u200dda",
    "A\u200bda",
    "Ada\u0007",
    "Ada\ufeff",
    "Ada\u061c",
]
EN_MESSAGE = "A name cannot contain control characters or invisible formatting marks."
ZH_MESSAGE = "名稱不能包含控制字元或看不見的格式符號。"


def rename(browser: Client, name: str, language: str = "en") -> str:
    answer = browser.post("/accounts/name/", {"name": name}, follow=True, HTTP_ACCEPT_LANGUAGE=language)
    return answer.content.decode()


@pytest.mark.parametrize("name", REFUSED, ids=ascii)
def test_a_name_with_a_control_or_format_character_is_refused_with_a_clear_message(client, name):
    first_move(client)
    before = Player.objects.get().name
    assert EN_MESSAGE in rename(client, name)
    assert Player.objects.get().name == before


def test_the_refusal_is_translated(client):
    client.get("/", HTTP_ACCEPT_LANGUAGE="zh-hant")
    assert ZH_MESSAGE in rename(client, "Ada\u202eevil", "zh-hant")


def test_a_name_is_stored_nfkc_normalised(client):
    client.get("/")
    rename(client, "\uff34\uff49\uff4c\uff45\u3000Queen")  # fullwidth "Tile", ideographic space
    assert Player.objects.get().name == "Tile Queen"


def test_sign_up_refuses_a_name_with_a_bidi_override(client):
    body = {"username": "ada\u202egnp", "password1": "tiles-and-lines-42", "password2": "tiles-and-lines-42"}
    answer = client.post("/accounts/signup/", body)
    assert answer.status_code == 200 and EN_MESSAGE in answer.content.decode()
    assert not Player.objects.filter(is_guest=False).exists()


@pytest.mark.parametrize("language", ["en", "zh-hant"])
def test_generated_guest_names_are_valid_and_already_normal(language):
    with translation.override(language):
        names = {guest_name() for _ in range(3_000)}
    assert len(names) > 1_000
    for name in names:
        name_validate(name)
        assert unicodedata.normalize("NFKC", name) == name and len(name) <= 40


def test_the_names_doctests_pass():
    assert doctest.testmod(names).failed == 0
