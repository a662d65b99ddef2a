"""Email in the browser, in both languages: a guest keeps its progress with an email and a password, the
mail's link verifies the address (Django's outbox); and once through a real SMTP server started here
(aiosmtpd), a forgotten password reset by following the mailed link in Chromium."""

from __future__ import annotations

import email
import re
import socket
import threading

import pytest
from aiosmtpd.controller import Controller
from allauth.account.models import EmailAddress
from django.core import mail
from playwright.sync_api import Page, expect

from blockknock.accounts.models import Player
from game.models import Game
from tests.helpers import log_in_new_guest_browser

PASSWORD = "tiles-and-lines-42"
NEW_PASSWORD = "rows-and-columns-77"
WORDS = {
    "en-US": {"kept": "Your progress is kept", "subject": "Please Confirm Your Email Address"},
    "zh-TW": {"kept": "你的進度已保存", "subject": "確認您的電子郵件"},  # allauth's own catalogue
}


def _link(body: str) -> str:
    return re.search(r"https?://\S+/accounts/\S+/", body).group(0)


@pytest.mark.parametrize("locale", ["en-US", "zh-TW"])
def test_a_guest_keeps_its_progress_with_an_email_verified_by_the_mailed_link(browser, live_server, locale):
    context = browser.new_context(base_url=live_server.url, locale=locale, service_workers="block")
    page = context.new_page()
    page.goto("/")
    guest = log_in_new_guest_browser(page)
    games = list(Game.objects.filter(player=guest).values_list("pk", flat=True))
    page.goto("/settings/")
    page.get_by_test_id("keep-progress").get_by_test_id("keep-with-email").click()
    page.locator("#id_username").fill("ada")
    page.locator("#id_email").fill("ada@example.org")
    page.locator("#id_password1").fill(PASSWORD)
    page.locator("#id_password2").fill(PASSWORD)
    page.locator("main form.form [type=submit]").click()
    expect(page.locator(".messages")).to_contain_text(WORDS[locale]["kept"])
    player = Player.objects.get(pk=guest.pk)
    assert (player.username, player.is_guest, player.is_secured) == ("ada", False, False)
    assert list(Game.objects.filter(player=player).values_list("pk", flat=True)) == games

    assert [(m.to, WORDS[locale]["subject"] in m.subject) for m in mail.outbox] == [(["ada@example.org"], True)]
    page.goto(_link(mail.outbox[0].body))
    page.locator("main form.form [type=submit]").click()
    expect(page).not_to_have_url(re.compile(r"/confirm-email/"))
    assert EmailAddress.objects.get(user=player).verified and Player.objects.get(pk=guest.pk).is_secured
    page.goto("/settings/")
    expect(page.get_by_test_id("account-settings")).to_be_visible()
    expect(page.get_by_test_id("not-secured")).to_have_count(0)
    context.close()


class Inbox:
    """aiosmtpd's handler: every message the server takes, and an event set at each one."""

    def __init__(self):
        self.messages: list[email.message.Message] = []
        self.arrived = threading.Event()

    async def handle_DATA(self, server, session, envelope):
        self.messages.append(email.message_from_bytes(envelope.content))
        self.arrived.set()
        return "250 Message accepted for delivery"


@pytest.fixture
def smtp_server(settings):
    """A real SMTP server on a free local port, and the site's mailer pointed at it."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    inbox = Inbox()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    settings.MAILERS = {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {"host": "127.0.0.1", "port": port, "timeout": 10},
        }
    }
    yield inbox
    controller.stop()


def test_a_forgotten_password_is_reset_through_a_real_smtp_server(page: Page, smtp_server: Inbox):
    player = Player.objects.create_user(username="ada", password=PASSWORD, name="Ada", email="ada@example.org")
    EmailAddress.objects.create(user=player, email="ada@example.org", verified=True, primary=True)
    page.goto("/accounts/login/")
    page.get_by_role("link", name="Forgot your password?").click()  # under the password field
    page.locator("#id_email").fill("ada@example.org")
    page.locator("main form.form [type=submit]").click()
    expect(page).to_have_url(re.compile(r"/accounts/password/reset/done/$"))
    assert smtp_server.arrived.wait(timeout=10)
    (message,) = smtp_server.messages
    assert message["To"] == "ada@example.org"
    page.goto(_link(message.get_payload(decode=True).decode() if not message.is_multipart() else _text(message)))
    page.locator("#id_password1").fill(NEW_PASSWORD)
    page.locator("#id_password2").fill(NEW_PASSWORD)
    page.locator("main form.form [type=submit]").first.click()
    expect(page).to_have_url(re.compile(r"/accounts/password/reset/key/done/$"))
    page.goto("/accounts/login/")
    page.locator("#id_login").fill("ada")
    page.locator("#id_password").fill(NEW_PASSWORD)
    page.locator("main form.form [type=submit]").click()
    expect(page.get_by_test_id("player-name")).to_have_text("Ada")


def _text(message: email.message.Message) -> str:
    return next(
        part.get_payload(decode=True).decode() for part in message.walk() if part.get_content_type() == "text/plain"
    )
