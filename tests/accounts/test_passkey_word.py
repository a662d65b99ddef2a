"""One word for a passkey in Traditional Chinese, 通行密鑰, on every page: the site's catalogue and the messages
allauth shows on our pages (it says "security key", 安全金鑰, when a passkey is added or removed)."""

from pathlib import Path

import pytest
from allauth.account.adapter import get_adapter
from django.contrib.messages import get_messages
from django.contrib.messages.storage.fallback import FallbackStorage
from django.template.loader import render_to_string
from django.test import RequestFactory
from django.utils import translation

CATALOGUE = Path(__file__).resolve().parents[2] / "blockknock" / "locale" / "zh_Hant" / "LC_MESSAGES" / "django.po"


def test_the_catalogue_names_a_passkey_one_way():
    live = [line for line in CATALOGUE.read_text().splitlines() if line.startswith(("msgstr", '"'))]
    assert [line for line in live if "通行金鑰" in line or "安全金鑰" in line] == []


@pytest.mark.parametrize(
    ("language", "added", "removed"),
    [("en", "Passkey added.", "Passkey removed."), ("zh-hant", "已新增通行密鑰。", "已移除通行密鑰。")],
)
def test_adding_or_removing_a_passkey_says_passkey(language, added, removed):
    request = RequestFactory().get("/")
    request.session = {}
    request._messages = FallbackStorage(request)
    with translation.override(language):
        for template in ("mfa/messages/webauthn_added.txt", "mfa/messages/webauthn_removed.txt"):
            get_adapter(request).add_message(request, 25, template)
    assert [str(message) for message in get_messages(request)] == [added, removed]


@pytest.mark.parametrize(
    ("language", "subject", "line"),
    [
        ("en", "Passkey added", "A new passkey has been added to your account."),
        ("zh-hant", "已新增通行密鑰", "你的帳號新增了一個通行密鑰。"),
    ],
)
def test_the_mail_telling_of_a_new_passkey_says_passkey(language, subject, line):
    with translation.override(language):
        mail = render_to_string("mfa/email/webauthn_added_message.txt", {"ip": "192.0.2.1"})
        assert render_to_string("mfa/email/webauthn_added_subject.txt").strip() == subject
    assert line in mail and "安全金鑰" not in mail and "security key" not in mail
