"""The play-facing pages show no proof machinery; the proof stays one tap away on its own page."""

from __future__ import annotations

import re

from playwright.sync_api import Page

HASH_LIKE = re.compile(r"[0-9a-f]{16,}")
"""A hex string as long as a hash or a seed."""

WORDS = re.compile(r"\b(?:seeds?|commitments?)\b|\bSHA\b|種子|承諾", re.IGNORECASE)
"""The words of the proof, in both languages ("SHA" as in SHA-256)."""


def assert_no_jargon(page: Page) -> None:
    """The page's visible text (what ``innerText`` renders) has no hash-like string and none of :data:`WORDS`."""
    text = page.locator("body").inner_text()
    assert not HASH_LIKE.findall(text), HASH_LIKE.findall(text)
    assert not WORDS.findall(text), WORDS.findall(text)


def swipe(page: Page, selector: str, dx: int) -> None:
    """A one-finger horizontal swipe of ``dx`` pixels across the middle of ``selector`` (touch events)."""
    page.locator(selector).evaluate(
        """(el, dx) => {
            const box = el.getBoundingClientRect(), y = box.top + box.height / 2, x = box.left + box.width / 2;
            const touch = (clientX) => new Touch({identifier: 1, target: el, clientX, clientY: y});
            const start = {touches: [touch(x)], changedTouches: [touch(x)], bubbles: true};
            el.dispatchEvent(new TouchEvent("touchstart", start));
            el.dispatchEvent(new TouchEvent("touchend", {touches: [], changedTouches: [touch(x + dx)], bubbles: true}));
        }""",
        dx,
    )
