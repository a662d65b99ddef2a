"""Installable: the web app manifest, the service worker at the site's root, and the offline page.

- ``/manifest.webmanifest``: name, icons (static/img/icon-*.png, rendered by
  ``scripts/make_icons`` from the logo), colours, ``display: standalone``, start ``/``;
  in the request's language.
- ``/sw.js``: the service worker (templates/pwa/sw.js), scope ``/``. It caches the
  site's static files under a name versioned by the static files themselves (the
  manifest storage's hash of the hashed names in production, the files' contents
  otherwise), deletes older caches when it takes over, and answers a navigation the
  network fails with the offline page in the player's language. Nothing else is
  answered from a cache: moves and every other request go to the server, and nothing
  is played or queued offline (the server is the authority; the board script fetches
  the server's board again when the connection is back).
- ``/offline/<language>/``: the offline page of one language (the service worker
  caches each language's).
"""

from __future__ import annotations

import hashlib
import json
from functools import lru_cache

from django.conf import settings
from django.contrib.staticfiles import finders
from django.contrib.staticfiles.storage import staticfiles_storage
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

THEME_COLOUR = "#0b1630"
"""The browser's bar and the splash screen: Glass's page colour (base.html's ``theme-color``)."""

ICONS = (
    ("img/icon-192.png", 192, "any"),
    ("img/icon-512.png", 512, "any"),
    ("img/icon-maskable-192.png", 192, "maskable"),
    ("img/icon-maskable-512.png", 512, "maskable"),
)
"""The manifest's icons: static name, size in pixels, purpose."""

PRECACHED = ("build/", "css/", "js/", "img/", "game/", "vendor/htmx/htmx.min.js")
"""The static files the service worker keeps (by the start of their name): what the pages link."""


@require_GET
def manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest (``application/manifest+json``), in the request's language."""
    data = {
        "id": "/",
        "name": _("Block Knock! – Fair & Square"),
        "short_name": _("Block Knock!"),
        "description": _("A free block puzzle: drop pieces on an 8×8 board and clear rows and columns."),
        "lang": translation.get_language(),
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "orientation": "portrait",
        "background_color": THEME_COLOUR,
        "theme_color": THEME_COLOUR,
        "icons": [
            {"src": staticfiles_storage.url(name), "sizes": f"{size}x{size}", "type": "image/png", "purpose": purpose}
            for name, size, purpose in ICONS
        ],
    }
    return JsonResponse(data, content_type="application/manifest+json", json_dumps_params={"ensure_ascii": False})


def _precached_names() -> list[str]:
    """The static names the service worker caches, from every static files finder."""
    names = set()
    for finder in finders.get_finders():
        for name, _storage in finder.list(["*.md", "*.map", "LICENSE*"]):
            if name.startswith(PRECACHED):
                names.add(name.replace("\\", "/"))
    return sorted(names)


def _contents_version(names: list[str]) -> str:
    digest = hashlib.sha256()
    for name in names:
        digest.update(name.encode())
        path = finders.find(name)
        assert isinstance(path, str), f"{name} is not a static file"
        with open(path, "rb") as file:
            digest.update(file.read())
    return digest.hexdigest()[:16]


@lru_cache(maxsize=1)
def _release_precache(manifest_hash: str) -> tuple[str, list[str]]:
    """A release's precache, read once per process: its static files don't change while it runs."""
    return manifest_hash[:16], [staticfiles_storage.url(name) for name in _precached_names()]


def _precache() -> tuple[str, list[str]]:
    """``(version, urls)`` of the static files cache.

    The version is the production storage's manifest hash (it changes with any hashed
    name); without a manifest (development, tests) it is a hash of the files' contents.
    """
    manifest_hash = getattr(staticfiles_storage, "manifest_hash", "")
    if manifest_hash:
        return _release_precache(manifest_hash)
    names = _precached_names()
    return _contents_version(names), [staticfiles_storage.url(name) for name in names]


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker script, at the root so that its scope is the whole site."""
    version, urls = _precache()
    context = {
        "version": json.dumps(version),
        "precache": json.dumps(urls),
        "static_url": json.dumps(
            settings.STATIC_URL if settings.STATIC_URL.startswith("/") else "/" + settings.STATIC_URL
        ),
        "offline": json.dumps({code: reverse("offline", args=[code]) for code, _name in settings.LANGUAGES}),
        "default_language": json.dumps(settings.LANGUAGE_CODE),
    }
    response = render(request, "pwa/sw.js", context, content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    response["Cache-Control"] = "no-cache"
    return response


@require_GET
def offline(request: HttpRequest, language: str) -> HttpResponse:
    """The page the service worker shows when a page can't be reached, in ``language``."""
    if language not in dict(settings.LANGUAGES):
        raise Http404
    with translation.override(language):
        response = render(request, "pwa/offline.html")
    response["Content-Language"] = language
    return response
