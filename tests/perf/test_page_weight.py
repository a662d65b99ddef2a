"""The first visit to the play page transfers at most 50 KB.

The page and every stylesheet, script and icon it links, as a browser that
accepts ``br, gzip`` gets them from the production set-up: static files
collected with the production storage (WhiteNoise's manifest and its brotli and
gzip files) and served by WhiteNoise, pages compressed by ``GZipMiddleware``.
Counts the bodies (what the compression changes), not the headers.
"""

import gzip
import re

import brotli
from django.core.management import call_command
from django.test import Client

BUDGET_BYTES = 50 * 1024
LINKED = re.compile(r'(?:href|src)="(/[^"]+\.(?:css|js|svg|png|ico|woff2?)(?:\?[^"]*)?)"')
PRODUCTION_STATIC = "whitenoise.storage.CompressedManifestStaticFilesStorage"


def _body(response) -> bytes:
    return b"".join(response.streaming_content) if response.streaming else response.content


def _decoded(response) -> str:
    decode = {"br": brotli.decompress, "gzip": gzip.decompress}.get(response.get("Content-Encoding"), bytes)
    return decode(_body(response)).decode()


def test_a_first_visit_to_the_play_page_transfers_at_most_50_kb(db, settings, tmp_path, bundles):
    settings.STATIC_ROOT = tmp_path
    settings.STORAGES = {**settings.STORAGES, "staticfiles": {"BACKEND": PRODUCTION_STATIC}}
    call_command("collectstatic", interactive=False, verbosity=0)
    browser = Client(HTTP_ACCEPT_ENCODING="br, gzip")

    page = browser.get("/")
    assert (page.status_code, page["Content-Encoding"]) == (200, "gzip")
    sizes = {"/": len(_body(page))}
    for url in sorted(set(LINKED.findall(_decoded(page)))):
        response = browser.get(url)
        assert response.status_code == 200, url
        assert response.get("Content-Encoding") in {"br", "gzip"} or url.endswith(".png"), url
        sizes[url] = len(_body(response))

    assert any(url.startswith("/themes/looks.css?v=") for url in sizes), sizes
    bundle = re.compile(r"/static/build/js/pages/play\.[0-9a-f]{12}\.js")  # fingerprinted
    assert any(bundle.fullmatch(url) for url in sizes), sizes
    assert sum(sizes.values()) <= BUDGET_BYTES, sizes
