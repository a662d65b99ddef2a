"""Benchmark of a cold first visit: ``python -m tools.cold_start_bench [--url URL] [--runs N]`` (prints figures).

A phone (390×844, touch) with an empty cache opens the play page while Chromium's network emulation
adds 0, 300 and 1,000 ms to every request (``Network.emulateNetworkConditions``). Per delay it prints
the median over ``--runs`` fresh browser contexts of

- **board ready**: from the navigation to the moment the board's module has run and a drag works
  (``<html data-board-ready>``, static/js/board/main.js), the figure the targets are about
  (≤ 1.3 s at 300 ms, ≤ 3.5 s at 1,000 ms);
- the reference, in the same run: **HTML**, the navigation to the play page's HTML fully arrived
  (``responseEnd``), which no way of loading the page's files can beat; and the round trips the page
  took (board ready ÷ the delay), the HTML's own included;
- the requests the page made.

Without ``--url`` it starts the site itself (``manage.py runserver``, local settings, a new SQLite
file) after ``scripts/bundle``, as ``scripts/serve`` would. Needs Debian's Chromium.
"""

from __future__ import annotations

import argparse
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, sync_playwright

REPO_ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = "/usr/bin/chromium"
DELAYS_MS = (0, 300, 1000)
TARGETS_MS = {300: 1300, 1000: 3500}

# Records when <html data-board-ready> appears, from the first script the page runs.
WATCH_READY = """window.__ready = null;
new MutationObserver(() => {
  if (window.__ready === null && "boardReady" in document.documentElement.dataset) window.__ready = performance.now();
}).observe(document, { subtree: true, attributes: true, childList: true });"""
HTML_DONE = "() => performance.getEntriesByType('navigation')[0].responseEnd"


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@contextmanager
def _site() -> Iterator[str]:
    """The site on runserver with a new SQLite database, its bundles made first; yields its play page's URL."""
    subprocess.run([str(REPO_ROOT / "scripts" / "bundle")], cwd=REPO_ROOT, check=True)
    with tempfile.TemporaryDirectory() as folder:
        env = {
            **os.environ,
            "DJANGO_SETTINGS_MODULE": "blockknock.settings.local",
            "DATABASE_URL": f"sqlite:///{folder}/bench.sqlite3",
        }
        manage = [sys.executable, str(REPO_ROOT / "manage.py")]
        subprocess.run([*manage, "migrate", "--noinput", "-v", "0"], cwd=REPO_ROOT, env=env, check=True)
        port = _free_port()
        runserver = [*manage, "runserver", "--noreload", f"127.0.0.1:{port}"]
        server = subprocess.Popen(
            runserver, cwd=REPO_ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
        )
        try:
            _wait_listening(port)
            yield f"http://127.0.0.1:{port}/"
        finally:
            server.terminate()
            server.wait(10)


def _wait_listening(port: int) -> None:
    for _ in range(300):
        with socket.socket() as sock:
            if sock.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise SystemExit(f"runserver did not listen on port {port} within 30 s")


def _visit(browser: Browser, url: str, delay_ms: int) -> tuple[float, float, int]:
    """One cold visit: (board ready ms, HTML arrived ms, requests)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        page = context.new_page()
        requests: list[str] = []
        page.on("request", lambda request: requests.append(request.url))
        cdp = context.new_cdp_session(page)
        cdp.send("Network.enable")
        conditions = {"offline": False, "latency": delay_ms, "downloadThroughput": -1, "uploadThroughput": -1}
        cdp.send("Network.emulateNetworkConditions", conditions)
        page.add_init_script(WATCH_READY)
        page.goto(url, wait_until="commit", timeout=60_000)
        page.wait_for_function("() => window.__ready !== null", timeout=60_000)
        return page.evaluate("() => window.__ready"), page.evaluate(HTML_DONE), len(requests)
    finally:
        context.close()


def measure(url: str, runs: int) -> None:
    print(f"Cold first visit to {url}: 390x844 touch, empty cache, median of {runs} runs")
    print(f"{'delay':>8} {'board ready':>12} {'HTML (ref.)':>12} {'round trips':>12} {'requests':>9} {'target':>8}")
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        for delay in DELAYS_MS:
            visits = [_visit(browser, url, delay) for _ in range(runs)]
            ready = statistics.median(v[0] for v in visits)
            html = statistics.median(v[1] for v in visits)
            trips = f"{ready / delay:.1f}" if delay else "-"
            target = f"{TARGETS_MS[delay]} ms" if delay in TARGETS_MS else "-"
            print(f"{delay:>5} ms {ready:>9.0f} ms {html:>9.0f} ms {trips:>12} {visits[0][2]:>9} {target:>8}")
        browser.close()


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", help="a running site's play page (default: start one)")
    parser.add_argument("--runs", type=int, default=5, help="visits per delay (default 5)")
    args = parser.parse_args(argv)
    if args.url:
        measure(args.url, args.runs)
        return
    with _site() as url:
        measure(url, args.runs)


if __name__ == "__main__":  # pragma: no cover
    main()
