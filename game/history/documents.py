"""An ended game's history as immutable documents: an ``ETag`` from the stored row, ``Cache-Control``, and a
conditional GET answered ``304 Not Modified`` before anything is replayed.

An ended game never changes, so its API replay and review and its replay, review and
"Was it fair?" pages are documents. Their ``ETag`` is computed from the row alone
(:func:`game_stamp`: id, events, status, stars, finish and update times), never by
replaying. The API's documents are the same for everyone: ``public`` with a
``max-age`` of :data:`DOCUMENT_SECONDS`, so a shared cache may keep them too. The
pages carry the viewer's name, language and form tokens: ``private, no-cache`` and
``Vary: Cookie``, their ``ETag`` made also of the release, the language and the
request's cookies, so a browser revalidates each time and is told 304 only when it
holds exactly what would be drawn.

The API replay is kept in Django's cache, as the review is (:mod:`.review`), filled
from the primary database (:func:`primary_copy`): every host serves what is cached.
"""

from __future__ import annotations

import hashlib
import logging
from collections.abc import Callable

from django.core.cache import cache
from django.http import HttpRequest, HttpResponse
from django.utils.cache import get_conditional_response, patch_cache_control, patch_vary_headers
from django.utils.http import quote_etag
from django.utils.translation import get_language

from blockknock.cache_errors import CACHE_ERRORS
from blockknock.release import release
from blockknock.replica import primary

from ..models import Game

__all__ = [
    "DOCUMENT_CACHE_SECONDS",
    "DOCUMENT_SECONDS",
    "api_document",
    "cached_document",
    "game_stamp",
    "page_document",
    "primary_copy",
]

logger = logging.getLogger(__name__)

DOCUMENT_SECONDS = 600
"""``max-age`` of the API's documents: long enough to spare the server a burst of readers, short enough that a
deleted game leaves shared caches within minutes."""
DOCUMENT_CACHE_SECONDS = 30 * 24 * 3600
"""How long a document stays in Django's cache (an ended game never changes; this only frees memory)."""


def game_stamp(game: Game) -> str:
    """What the documents of ``game`` are made of, from its row: changes with every write that could change them
    (a Daily's late stars, a ``QuerySet.update`` that ends it), and with the release that draws them."""
    finished = game.finished_at.timestamp() if game.finished_at else 0
    return f"{game.pk}:{game.seq}:{game.status}:{game.stars}:{game.updated_at.timestamp():.6f}:{finished:.6f}"


def _tag(*parts: str) -> str:
    return hashlib.sha256("|".join(parts).encode()).hexdigest()[:24]


def _conditional(request: HttpRequest, etag: str, render: Callable[[], HttpResponse]) -> HttpResponse:
    """``render()``'s answer with ``etag``, or 304 when the request already holds it (``If-None-Match``)."""
    quoted = quote_etag(etag)
    response = get_conditional_response(request, etag=quoted) or render()
    if response.status_code in (200, 304):
        response["ETag"] = quoted
    return response


def api_document(request: HttpRequest, game: Game, render: Callable[[], HttpResponse]) -> HttpResponse:
    """An API document of ended ``game`` (the same for everyone): public, cacheable for :data:`DOCUMENT_SECONDS`."""
    response = _conditional(request, _tag(game_stamp(game), release()), render)
    if response.status_code in (200, 304):
        patch_cache_control(response, public=True, max_age=DOCUMENT_SECONDS)
    return response


def page_document(request: HttpRequest, game: Game, render: Callable[[], HttpResponse]) -> HttpResponse:
    """A page of ended ``game``: revalidated by the browser each time (``private, no-cache``, ``Vary: Cookie``)."""
    cookies = request.META.get("HTTP_COOKIE", "")
    response = _conditional(request, _tag(game_stamp(game), release(), get_language() or "", cookies), render)
    patch_cache_control(response, private=True, no_cache=True)
    patch_vary_headers(response, ("Cookie",))
    return response


def primary_copy(game: Game) -> Game:
    """``game`` read again from the primary database: what a value about to be cached is computed from."""
    with primary():
        return Game.objects.get(pk=game.pk)


def cached_document(game: Game, name: str, build: Callable[[Game], dict]) -> dict:
    """``build(game)`` kept in the cache under ``name`` and the game's stamp; built from :func:`primary_copy`.

    A replica's row that lags gives a stamp the primary's copy does not: that read misses and is
    built (and kept) from the primary's row under its own stamp. With the cache down it is built each time.
    """
    try:
        found = cache.get(f"game-doc:{name}:{release()}:{game_stamp(game)}")
    except CACHE_ERRORS as exc:
        logger.warning("cache unreachable, %s of game %s built afresh: %s", name, game.pk, exc)
        return build(game)
    if found is not None:
        return found
    fresh = primary_copy(game)
    found = build(fresh)
    try:
        cache.set(f"game-doc:{name}:{release()}:{game_stamp(fresh)}", found, DOCUMENT_CACHE_SECONDS)
    except CACHE_ERRORS as exc:
        logger.warning("cache unreachable, %s of game %s not kept: %s", name, game.pk, exc)
    return found
