"""Reads from a PostgreSQL replica where a stale answer is harmless, everything else from the primary.

``DATABASE_REPLICA_URL`` adds the ``replica`` database alias (blockknock/settings/base.py);
``REPLICA_READS`` switches its use on and off without a restart of the replica. Without
the alias, or with the switch off, every query goes to ``default`` (the primary).

Reads go to the replica only where a view asks for it (:func:`replica_reads`: the
public reads, e.g. leaderboards, ended games' documents, Stats, the pieces and the
Daily seeds), and even there not:

- for a client that wrote in the last :data:`PIN_SECONDS` (read-your-writes): after
  any unsafe request :class:`PrimaryPinMiddleware` sets the :data:`PIN_COOKIE` cookie (a
  browser) and a cache mark under the request's credential (a token client keeps no
  cookies), and a pinned client's reads all go to the primary. A replica usually runs
  milliseconds behind, seconds under load: a player must see the move just made;
- for authentication (:data:`PRIMARY_MODELS`: the player, its API token, the session): a
  token made a moment ago is not on a lagging replica yet, and a 401 is no stale read;
- for a value about to be written into the shared cache (:func:`primary`): a replica's
  stale answer cached would be served by every host, from the primary too, until it expires;
- once the request has written (the router's :meth:`~ReplicaRouter.db_for_write`): what
  follows in it reads what it wrote.

The alias in use is kept in a :class:`~contextvars.ContextVar`, so each thread (and each
task of an event loop) has its own. Migrations run on the primary only.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from contextvars import ContextVar
from functools import wraps

from django.conf import settings
from django.core.cache import cache
from django.db import DEFAULT_DB_ALIAS
from django.http import HttpRequest, HttpResponse

from .cache_errors import CACHE_ERRORS

__all__ = [
    "PIN_COOKIE",
    "PIN_SECONDS",
    "PRIMARY",
    "PRIMARY_MODELS",
    "REPLICA",
    "PrimaryPinMiddleware",
    "ReplicaRouter",
    "enabled",
    "primary",
    "reading_from",
    "replica_reads",
]

PRIMARY = DEFAULT_DB_ALIAS
REPLICA = "replica"

PIN_SECONDS = 10
"""How long after a write a client reads from the primary: far above a replica's lag (1–2 ms measured,
a few seconds under a burst of load), so a client sees its own writes."""
PIN_COOKIE = "bk_primary"
"""The cookie that pins a browser to the primary for :data:`PIN_SECONDS` after it wrote."""

PRIMARY_MODELS = frozenset({settings.AUTH_USER_MODEL.lower(), "authtoken.token", "sessions.session"})
"""Models always read from the primary: the lookups of authentication (``app_label.model_name``)."""

SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})

_reads: ContextVar[str] = ContextVar("blockknock_reads", default=PRIMARY)
"""Where the current context's reads go; the primary unless :func:`replica_reads` said otherwise."""


def enabled() -> bool:
    """True when the ``replica`` alias is configured and ``REPLICA_READS`` is on (read at use)."""
    return bool(getattr(settings, "REPLICA_READS", False)) and REPLICA in settings.DATABASES


def reading_from() -> str:
    """The alias the current context's reads go to."""
    return _reads.get()


@contextmanager
def _reading(alias: str) -> Iterator[None]:
    token = _reads.set(alias)
    try:
        yield
    finally:
        _reads.reset(token)


@contextmanager
def primary() -> Iterator[None]:
    """Reads inside go to the primary: a value about to be cached, a lookup that must see the latest write."""
    with _reading(PRIMARY):
        yield


class ReplicaRouter:
    """Django's database router: reads where the context says (:func:`replica_reads`), writes and migrations on
    the primary; :data:`PRIMARY_MODELS` always read from the primary; a write pins the rest of the context."""

    def db_for_read(self, model, **hints) -> str:
        if model._meta.label_lower in PRIMARY_MODELS:
            return PRIMARY
        return _reads.get()

    def db_for_write(self, model, **hints) -> str:
        if _reads.get() != PRIMARY:
            # what follows reads what this wrote; the decorator's reset ends it with the view
            _reads.set(PRIMARY)
        return PRIMARY

    def allow_relation(self, obj1, obj2, **hints) -> bool:
        return True  # one database and its copy: every row is on both

    def allow_migrate(self, db: str, app_label: str, model_name: str | None = None, **hints) -> bool:
        return db == PRIMARY


def _credential(request: HttpRequest) -> str | None:
    """What identifies the client without a database lookup: its ``Authorization`` header, else its session cookie."""
    credential = request.META.get("HTTP_AUTHORIZATION") or request.COOKIES.get(settings.SESSION_COOKIE_NAME)
    return credential or None


def _mark_key(credential: str) -> str:
    return "replica:pin:" + hashlib.sha256(credential.encode()).hexdigest()[:32]


def pinned(request: HttpRequest) -> bool:
    """True when the client wrote in the last :data:`PIN_SECONDS`: its pin cookie, or its credential's cache mark.

    With the cache down nothing says who wrote: the client reads from the primary.
    """
    if request.COOKIES.get(PIN_COOKIE):
        return True
    credential = _credential(request)
    if credential is None:
        return False  # no cookie, no credential: an anonymous reader, who wrote nothing it could read back
    try:
        return cache.get(_mark_key(credential)) is not None
    except CACHE_ERRORS:
        return True


def replica_reads(view: Callable) -> Callable:
    """Decorate a view ``view(request, ...)``: its reads go to the replica, unless the client is :func:`pinned`
    or replica reads are off. A DRF handler takes it through ``method_decorator`` (``request`` is DRF's then)."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        if not enabled() or pinned(request):
            with primary():
                return view(request, *args, **kwargs)
        with _reading(REPLICA):
            return view(request, *args, **kwargs)

    return wrapped


def _pin(request: HttpRequest, response: HttpResponse) -> None:
    response.set_cookie(
        PIN_COOKIE,
        "1",
        max_age=PIN_SECONDS,
        secure=settings.SESSION_COOKIE_SECURE,
        httponly=True,
        samesite="Lax",
    )
    credential = _credential(request)
    if credential is None:
        return
    with suppress(*CACHE_ERRORS):  # without the cache every read is pinned anyway (pinned())
        cache.set(_mark_key(credential), 1, PIN_SECONDS)


class PrimaryPinMiddleware:
    """After an unsafe request (a write, or an attempt at one): the client reads from the primary for
    :data:`PIN_SECONDS`. Does nothing while replica reads are off."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]):
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if request.method not in SAFE_METHODS and enabled():
            _pin(request, response)
        return response
