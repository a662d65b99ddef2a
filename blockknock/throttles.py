"""Rate limits: scoped throttling for the API (DRF), and the same throttle for the HTML views.

One throttle class, :class:`ScopedRateThrottle`, keyed by the player when signed in
and by the client's address otherwise (:func:`blockknock.proxies.client_ip`: the peer, or the
client a trusted proxy names), counts requests in Django's cache (Redis in production). The rates are settings:
``REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]`` (see blockknock/settings/base.py), one
per scope:

- ``guest``  new guest players, per address (``POST /api/auth/guest/``, a first visit's first move
  on the play page, and a first visit to a page that starts a game);
- ``login``  password checks, per address (``POST /api/auth/token/``; the sign-in page's and the token's
  failures are also counted per account by allauth, ``ACCOUNT_RATE_LIMITS``, at the same address);
- ``games``  game starts, per player (``POST /api/games/`` and the New game buttons);
- ``moves``  moves, per player (``POST /api/games/{id}/moves/`` and the board's move posts);
- ``public`` the public reads (leaderboards, ended games' replays, reviews and "Was it fair?" pages,
  the pieces, the Daily seeds), per address (per player when signed in).

API views name their scope with ``throttle_scope``; Django views use :func:`throttle`;
code that creates a guest calls :func:`check` and lets :class:`RateLimited` propagate
(``blockknock.middleware.RateLimitedMiddleware`` answers it). Every refusal is a
``429 Too Many Requests`` with a ``Retry-After`` header.

When the cache cannot be reached the request is let through (fail open) and a
warning is logged: an outage of Redis must not stop play.
"""

from __future__ import annotations

import logging
import math
from functools import wraps
from types import SimpleNamespace

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django_htmx.http import trigger_client_event
from rest_framework import throttling
from rest_framework.exceptions import AuthenticationFailed, PermissionDenied
from rest_framework.settings import api_settings

from . import events
from .cache import count
from .cache_errors import CACHE_ERRORS
from .errors import THROTTLED
from .proxies import client_ip

logger = logging.getLogger(__name__)


class ScopedRateThrottle(throttling.ScopedRateThrottle):
    """DRF's scoped throttle counting in fixed windows with one atomic cache ``incr``, failing open.

    DRF's own throttle reads a history list and writes it back, so requests arriving
    together all read the same history and all pass. Here each window of the rate's
    length (a minute for ``"20/min"``) has one counter, created and raised by
    :func:`blockknock.cache.count` (one atomic round trip on Redis; ``add`` + ``incr``
    elsewhere, atomic in local memory within a process): request N of the window is
    refused when N is over the rate, however many arrive at once.
    The rates are read at use (so ``override_settings`` applies).
    """

    def allow_request(self, request, view) -> bool:
        self.scope = getattr(view, self.scope_attr, None)
        # the stubs type the setting's values as numbers; DRF's rates are strings ("20/min")
        self.THROTTLE_RATES = api_settings.DEFAULT_THROTTLE_RATES  # type: ignore[assignment]
        self.rate = self.get_rate() if self.scope else None
        self.num_requests, self.duration = limit, seconds = self.parse_rate(self.rate)
        self.key = self.get_cache_key(request, view) if self.rate else None
        if self.key is None or limit is None or seconds is None:
            return True
        now = self.timer()
        window = int(now // seconds)
        self.window_end = (window + 1) * seconds
        try:
            return count(self.cache, f"{self.key}:{window}", seconds + 1) <= limit
        except CACHE_ERRORS as exc:
            logger.warning("throttle %s: cache unreachable, request allowed: %s", self.scope, exc)
            return True

    def get_cache_key(self, request, view):
        """DRF's key: the player's, else the address's. A view that reads credentials only when it needs them
        (a public read, ``perform_authentication`` left out) counts a bad token, or a session's post without
        its CSRF token, as no credentials: the view answers as it would have (never a 401 or 403 from here)."""
        try:
            return super().get_cache_key(request, view)
        except (AuthenticationFailed, PermissionDenied):
            return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}

    def get_ident(self, request) -> str:
        """The client's address as :mod:`blockknock.proxies` reads it, not DRF's count of proxies
        (which believes a forged ``X-Forwarded-For`` sent straight to a host)."""
        return client_ip(request)

    def wait(self) -> float:
        """Seconds until the current window ends (and the rate is free again)."""
        return max(0.0, self.window_end - self.timer())


class RateLimited(Exception):
    """Raised by :func:`check` when a scope's rate is exceeded; ``wait`` is seconds until the next try."""

    def __init__(self, scope: str, wait: float | None):
        super().__init__(f"rate of {scope!r} exceeded")
        self.scope = scope
        self.wait = wait


def check(request: HttpRequest, scope: str) -> None:
    """Count one request of ``scope`` for this client.

    :raises RateLimited: the scope's rate is used up.
    """
    limiter = ScopedRateThrottle()
    if not limiter.allow_request(request, SimpleNamespace(throttle_scope=scope)):
        raise RateLimited(scope, limiter.wait())


def too_many_response(request: HttpRequest, error: RateLimited) -> HttpResponse:
    """The 429 answer of an HTML view: the board's error event for HTMX, a short page otherwise."""
    detail = _("Too many requests. Wait a moment and try again.")
    if getattr(request, "htmx", False):
        response = HttpResponse(status=429)
        trigger_client_event(response, events.GAME_ERROR, {"code": THROTTLED, "detail": detail})
    else:
        response = render(request, "429.html", {"detail": detail}, status=429)
    if error.wait is not None:
        response["Retry-After"] = str(max(1, math.ceil(error.wait)))
    return response


def throttle(scope: str, *, methods: tuple[str, ...] = ("POST",)):
    """Decorate a Django view: requests of ``methods`` count against ``scope``; over the rate: 429."""

    def decorator(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            if request.method in methods:
                try:
                    check(request, scope)
                except RateLimited as error:
                    return too_many_response(request, error)
            return view(request, *args, **kwargs)

        return wrapped

    return decorator
