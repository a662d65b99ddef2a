"""The Stats page in a real browser: nothing wider than a phone, in English and Chinese.

Set ``STATS_SHOTS`` to a folder to keep screenshots of the page at 390×844 and 1280×800.
"""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from blockknock.accounts.models import StarEntry
from blockknock.calendar import game_day
from tests.game.stats.conftest import ended_game

pytestmark = pytest.mark.django_db(transaction=True)


def _sign_in(page: Page, live_server, player) -> None:
    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    session = SessionStore()
    session[SESSION_KEY], session[BACKEND_SESSION_KEY] = str(player.pk), settings.AUTHENTICATION_BACKENDS[0]
    session[HASH_SESSION_KEY] = player.get_session_auth_hash()
    session.save()
    page.context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": session.session_key, "url": live_server.url}]
    )


def _history(player) -> None:
    today = game_day()
    for n, score in enumerate((820, 2600, 400, 3150, 12480, 1900, 5300, 760, 2210, 4100)):
        ended_game(player, score=score, day=today - dt.timedelta(days=10 - n))
    for n in range(4):
        ended_game(player, "daily", 900 + 100 * n, day=today - dt.timedelta(days=n))
    ended_game(player, "challenge", 1600, status="won", challenge=5)
    ended_game(player, score=50, status="abandoned")
    for n in range(12):
        StarEntry.objects.create(player=player, amount=3 + n % 5, reason="game", day=today - dt.timedelta(days=2 * n))


@pytest.mark.parametrize("language", ["en", "zh-hant"])
@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_stats_page_fits_the_screen(request, live_server, player, language, size):
    page: Page = request.getfixturevalue(f"{size}_page")
    _history(player)
    _sign_in(page, live_server, player)
    page.context.add_cookies([{"name": "django_language", "value": language, "url": live_server.url}])
    page.goto("/stats/")
    assert page.locator('[data-testid="classic-best"]').inner_text() == "12,480"
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    if shots := os.environ.get("STATS_SHOTS"):
        Path(shots).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=f"{shots}/stats-{size}-{language}.png", full_page=True)
        page.locator(".stats-charts").screenshot(path=f"{shots}/stats-{size}-{language}-charts.png")
        page.screenshot(path=f"{shots}/stats-{size}-{language}-top.png")


def test_the_end_of_today_shows_in_the_players_own_time_zone(browser, live_server, player):
    """Midnight in San Francisco is 16:00 for a player in Taipei (UTC+8, Pacific time UTC−8)."""
    ended_game(player, score=900, day=dt.date(2026, 12, 1))
    context = browser.new_context(base_url=live_server.url, locale="en-US", timezone_id="Asia/Taipei")
    page = context.new_page()
    try:
        _sign_in(page, live_server, player)
        page.goto("/stats/")  # the game calendar's zone: America/Los_Angeles (settings)
        when = page.locator("[data-testid='stats-zone'] time[data-local-time]")
        winter = dt.datetime.fromisoformat(when.get_attribute("datetime")).utcoffset() == dt.timedelta(hours=-8)
        expect(when).to_have_text("4:00 PM your time" if winter else "3:00 PM your time")
    finally:
        context.close()
