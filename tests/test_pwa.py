"""Installable: the web app manifest and its icons, the service worker script, the offline pages."""

import json
import re
import struct

import pytest
from django.contrib.staticfiles import finders

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def png_size(path: str) -> tuple[int, int]:
    """Width and height from a PNG's IHDR chunk (the first one)."""
    with open(path, "rb") as file:
        head = file.read(24)
    assert head[:8] == PNG_SIGNATURE and head[12:16] == b"IHDR", path
    return struct.unpack(">II", head[16:24])


def test_the_manifest_makes_the_site_installable_standalone(client):
    response = client.get("/manifest.webmanifest")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/manifest+json"
    manifest = json.loads(response.content)
    assert manifest["name"] == "Block Knock! – Fair & Square"
    assert manifest["short_name"] == "Block Knock!"
    assert (manifest["start_url"], manifest["scope"], manifest["display"]) == ("/", "/", "standalone")
    assert (manifest["theme_color"], manifest["background_color"]) == ("#0b1630", "#0b1630")
    icons = {(icon["sizes"], icon["purpose"]): icon for icon in manifest["icons"]}
    assert set(icons) == {("192x192", "any"), ("512x512", "any"), ("192x192", "maskable"), ("512x512", "maskable")}
    for (sizes, _purpose), icon in icons.items():
        assert icon["type"] == "image/png"
        name = icon["src"].removeprefix("/static/")
        width, height = png_size(finders.find(name))
        assert f"{width}x{height}" == sizes


def test_the_manifest_speaks_the_player_s_language(client):
    manifest = json.loads(client.get("/manifest.webmanifest", HTTP_ACCEPT_LANGUAGE="zh-TW").content)
    assert manifest["lang"] == "zh-hant"
    assert manifest["description"] == "免費的方塊拼圖遊戲：把方塊放上 8×8 棋盤，消除橫排和直排。"


def test_every_page_links_the_manifest_and_registers_the_service_worker(client, db):
    html = client.get("/").content.decode()
    assert '<link rel="manifest" href="/manifest.webmanifest">' in html
    script = r'<script type="module" src="/static/build/js/pages/play\.js" data-service-worker="/sw\.js"></script>'
    assert re.search(script, html)  # the play page's bundle, pwa.js in it (static/js/pages/play.js)


def test_the_service_worker_is_served_from_the_root_and_caches_the_static_files(client, bundles):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    assert (response["Service-Worker-Allowed"], response["Cache-Control"]) == ("/", "no-cache")
    script = response.content.decode()
    precache = json.loads(re.search(r"^const PRECACHE = (.*);$", script, re.M).group(1))
    assert {
        "/static/build/css/pages/play.css",
        "/static/build/js/pages/play.js",
        "/static/css/board.css",
        "/static/js/board/feedback.js",
        "/static/js/offline.js",
        "/static/vendor/htmx/htmx.min.js",
    } <= set(precache)
    assert not [url for url in precache if url.endswith((".md", ".map", "board-desktop.png")) or "/admin/" in url]
    offline = json.loads(re.search(r"^const OFFLINE_PAGES = (.*);$", script, re.M).group(1))
    assert offline == {"en": "/offline/en/", "zh-hant": "/offline/zh-hant/"}
    assert re.search(r'^const VERSION = "[0-9a-f]{16}";$', script, re.M)
    assert "&quot;" not in script


def test_the_cache_version_follows_the_static_files(client, settings, tmp_path):
    before = re.search(r'VERSION = "(\w+)"', client.get("/sw.js").content.decode()).group(1)
    extra = tmp_path / "css"
    extra.mkdir()
    (extra / "zz-new.css").write_text("body { color: red; }")
    settings.STATICFILES_DIRS = [*settings.STATICFILES_DIRS, tmp_path]
    finders.get_finder.cache_clear()
    try:
        script = client.get("/sw.js").content.decode()
    finally:
        finders.get_finder.cache_clear()
    assert re.search(r'VERSION = "(\w+)"', script).group(1) != before
    assert '"/static/css/zz-new.css"' in script


@pytest.mark.parametrize(
    ("language", "lang", "title"),
    [("en", "en", "You’re offline"), ("zh-hant", "zh-Hant", "目前離線")],
)
def test_the_offline_page_comes_in_each_language(client, language, lang, title):
    response = client.get(f"/offline/{language}/", HTTP_ACCEPT_LANGUAGE="en" if language != "en" else "zh-TW")
    assert (response.status_code, response["Content-Language"]) == (200, language)
    html = response.content.decode()
    assert f'<html lang="{lang}"' in html and f"<h1>{title}</h1>" in html


def test_an_offline_page_of_an_unknown_language_is_not_found(client, db):
    assert client.get("/offline/fr/").status_code == 404
