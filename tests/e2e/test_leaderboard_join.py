"""A board the player is not on says how to get on it, with a link to play: the link is one word to
tap, never broken across two lines (in Traditional Chinese "開始玩" broke after its first character
on a 412 px phone)."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.e2e.test_layout import HTML_LANG, screen_context
from tests.helpers import log_in_new_guest_browser

pytestmark = pytest.mark.django_db(transaction=True)

SIZES = [(360, 640), (390, 844), (412, 915), (768, 1024)]
PLAY = {"en": "Play", "zh": "開始玩"}
# The lines a link's text takes (its rectangles' distinct tops).
LINES_JS = "el => new Set([...el.getClientRects()].map(r => Math.round(r.top))).size"


@pytest.mark.parametrize(
    ("size", "language"),
    [(size, lang) for size in SIZES for lang in PLAY],
    ids=[f"{w}x{h}-{lang}" for w, h in SIZES for lang in PLAY],
)
def test_the_join_lines_play_link_stays_on_one_line(browser, live_server, size, language):
    context = screen_context(browser, live_server, *size, language)
    page: Page = context.new_page()
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", HTML_LANG[language])
    log_in_new_guest_browser(page)
    page.goto("/leaderboards/")
    link = page.locator(".lb-you p a")
    expect(link).to_have_text(PLAY[language])
    assert link.evaluate(LINES_JS) == 1
    context.close()
