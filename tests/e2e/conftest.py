"""End-to-end fixtures: Playwright (sync API) driving Debian's Chromium against
pytest-django's ``live_server``.

The browser is the system one at /usr/bin/chromium (``apt-get install chromium``;
scripts/test installs it) -- never ``playwright install``. Every test under
tests/e2e/ is marked ``e2e`` (deselect with ``-m "not e2e"``).

Fixtures:
    browser          session-scoped headless Chromium
    desktop_context  fresh 1280x800 context, base_url = live_server.url
                     (every context blocks the service worker unless its options allow
                     it: test_install.py makes its own)
    phone_context    fresh 390x844 touch/mobile context, base_url = live_server.url
    context          = desktop_context
    page / desktop_page, phone_page   a page in the matching context

On failure a screenshot of each open page goes to var/test-artifacts/.

Before a test's database is flushed, the live server has answered every request it took
(``_requests_done``): a closed browser leaves the requests it sent still running in the
server's threads, and on PostgreSQL such a request's transaction and the flush's TRUNCATE
once locked each other ("deadlock detected" in a teardown).
"""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

# Playwright's sync API runs an asyncio event loop in the test thread, so Django's
# async-safety check would refuse ORM calls made by the test itself (fixtures,
# assertions). The live server runs in its own thread; this is the documented
# pytest-django + Playwright setting.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

import contextlib
import threading

from playwright.sync_api import Browser, BrowserContext, Page, expect, sync_playwright

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "device_scale_factor": 3,
    "is_mobile": True,
    "has_touch": True,
}
DEFAULT_TIMEOUT_MS = 10_000
# A banner waiting for the server: the board is fetched again after 1 s, 2 s, 4 s ... at most 15 s of no
# answer (static/js/board/connection.js), and a loaded machine may let more tries fail before the server
# is back, so the wait covers the longest delay and the answer.
RECONNECT_MS = 20_000
LOCALES = {"en": "en-US", "zh": "zh-TW"}
HTML_LANG = {"en": "en", "zh": "zh-Hant"}
ARTIFACTS = Path(__file__).resolve().parents[2] / "var" / "test-artifacts"
_HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config, items):
    for item in items:
        if _HERE in Path(item.path).resolve().parents:
            item.add_marker(pytest.mark.e2e)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    report = yield
    setattr(item, f"rep_{report.when}", report)
    return report


class InFlight:
    """A WSGI application that counts the requests under way in the one it wraps."""

    def __init__(self, app):
        self.app = app
        self.running = 0
        self.changed = threading.Condition()

    def __call__(self, environ, start_response):
        with self.changed:
            self.running += 1
        try:
            return self.app(environ, start_response)
        finally:
            with self.changed:
                self.running -= 1
                self.changed.notify_all()

    def wait_idle(self, timeout: float) -> bool:
        with self.changed:
            return self.changed.wait_for(lambda: self.running == 0, timeout)


@pytest.fixture(scope="session")
def live_server_requests(live_server) -> InFlight:
    httpd = live_server.thread.httpd
    counted = InFlight(httpd.get_app())
    httpd.set_app(counted)
    return counted


@pytest.fixture(autouse=True)
def _requests_done(request):
    """Set up after the test's database (so torn down before its flush), and after the browser
    contexts are closed: waits until the live server has answered every request."""
    if "live_server" not in request.fixturenames:
        yield
        return
    request.getfixturevalue("transactional_db")
    counted = request.getfixturevalue("live_server_requests")
    yield
    assert counted.wait_idle(30), f"{counted.running} live-server request(s) still running 30 s after the test"


@pytest.fixture(scope="session")
def playwright():
    with sync_playwright() as pw:
        yield pw


@pytest.fixture(scope="session")
def browser(playwright, bundles) -> Browser:
    if not CHROMIUM.exists():
        pytest.fail(
            f"{CHROMIUM} not found: install Debian's chromium (scripts/test does this as root).",
            pytrace=False,
        )
    browser = playwright.chromium.launch(executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS)
    yield browser
    browser.close()


def _new_context(browser: Browser, live_server, options: dict) -> BrowserContext:
    from django.conf import settings

    context = browser.new_context(
        base_url=live_server.url,
        locale="en-US",
        timezone_id=settings.GAME_TIMEZONE,
        **{"service_workers": "block", **options},  # the page's own requests, as page.route sees them
    )
    context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    return context


def _close(context: BrowserContext, request) -> None:
    report = getattr(request.node, "rep_call", None)
    if report is not None and report.failed:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        stem = re.sub(r"[^A-Za-z0-9_.-]+", "_", request.node.nodeid)[-150:]
        for n, pg in enumerate(context.pages):
            with contextlib.suppress(Exception):
                pg.screenshot(path=str(ARTIFACTS / f"{stem}-{n}.png"), full_page=True)
    context.close()


@pytest.fixture
def desktop_context(browser, live_server, request) -> BrowserContext:
    context = _new_context(browser, live_server, DESKTOP)
    yield context
    _close(context, request)


@pytest.fixture
def phone_context(browser, live_server, request) -> BrowserContext:
    context = _new_context(browser, live_server, PHONE)
    yield context
    _close(context, request)


@pytest.fixture
def context(desktop_context) -> BrowserContext:
    return desktop_context


@pytest.fixture
def desktop_page(desktop_context) -> Page:
    return desktop_context.new_page()


@pytest.fixture
def page(desktop_page) -> Page:
    return desktop_page


@pytest.fixture
def phone_page(phone_context) -> Page:
    return phone_context.new_page()


def screen_context(browser, live_server, width: int, height: int, language: str, **options):
    """A browser context at a screen size and language: a phone's touch below 700 px wide, no motion (the
    same boxes, measured without waiting), the suite's default timeout."""
    phone = width < 700
    context = browser.new_context(
        base_url=live_server.url,
        locale=LOCALES[language],
        viewport={"width": width, "height": height},
        is_mobile=phone,
        has_touch=phone,
        reduced_motion="reduce",
        **options,
    )
    context.set_default_timeout(DEFAULT_TIMEOUT_MS)
    return context


@pytest.fixture
def guest_page(browser, live_server, request) -> Page:
    """A guest's play page at the test's size and language (``request.param``: ``(width, height, language)``)."""
    from tests.helpers import log_in_new_guest_browser

    width, height, language = request.param
    context = screen_context(browser, live_server, width, height, language, service_workers="block")
    page = context.new_page()
    page.goto("/")
    expect(page.locator("html")).to_have_attribute("lang", HTML_LANG[language])
    log_in_new_guest_browser(page)
    yield page
    context.close()
