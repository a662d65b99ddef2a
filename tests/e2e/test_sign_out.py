"""Two devices of one account (a laptop and a phone, separate browsers): a password changed on one
signs the other out and keeps this one in; Sign out everywhere signs out both."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from blockknock.accounts.models import Player

from .test_accessibility import axe_issues

pytestmark = pytest.mark.django_db(transaction=True)

PASSWORD = "tiles-and-lines-42"
NEW_PASSWORD = "rows-and-columns-43"


def log_in(page: Page, password: str) -> None:
    page.goto("/accounts/login/")
    page.locator("#id_login").fill("ada")
    page.locator("#id_password").fill(password)
    page.locator("form.form button[type=submit]").click()
    expect(page.locator("#play-area")).to_be_visible()  # LOGIN_REDIRECT_URL: the play page


def expect_signed_out(page: Page) -> None:
    page.goto("/settings/")
    expect(page.get_by_text("You are playing as a guest, in this browser only.")).to_be_visible()
    expect(page.get_by_test_id("sign-out-everywhere")).to_have_count(0)


def test_a_new_password_signs_out_the_other_device_and_sign_out_everywhere_both(
    desktop_context: BrowserContext, phone_context: BrowserContext
):
    Player.objects.create_user(username="ada", password=PASSWORD, name="Ada")
    laptop, phone = desktop_context.new_page(), phone_context.new_page()
    log_in(laptop, PASSWORD)
    log_in(phone, PASSWORD)

    laptop.goto("/settings/")
    assert axe_issues(laptop) == []  # an account's Settings: its password link and Sign out everywhere
    laptop.get_by_test_id("password-change-link").click()
    assert axe_issues(laptop) == []
    laptop.locator("#id_oldpassword").fill(PASSWORD)
    laptop.locator("#id_password1").fill(NEW_PASSWORD)
    laptop.locator("#id_password2").fill(NEW_PASSWORD)
    laptop.locator("main form.form button[type=submit]").click()
    expect(laptop).to_have_url(re.compile(r"/settings/$"))
    expect(laptop.locator(".messages")).to_contain_text("Every other device is signed out")
    expect(laptop.get_by_text("Signed in as")).to_be_visible()
    expect_signed_out(phone)

    log_in(phone, NEW_PASSWORD)
    phone.goto("/settings/")
    phone.get_by_test_id("sign-out-everywhere").click()
    expect(phone).to_have_url(re.compile(r"/accounts/login/$"))
    expect(phone.locator(".messages")).to_contain_text("You are signed out on every device.")
    expect_signed_out(phone)
    expect_signed_out(laptop)
