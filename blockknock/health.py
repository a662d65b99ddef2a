"""Health checks for load balancers and uptime checks: ``/healthz`` (the process) and ``/readyz`` (its servers).

``GET /healthz`` touches neither the database nor the cache and authenticates no
one, so it answers while PostgreSQL or Redis is down (the site's pages answer 503
then) and costs only the framework's own request handling: the load benchmark
(``tests/load/bench_moves.py``) uses it as the floor a move is compared with.

``GET /readyz`` asks what a request needs: the database (``SELECT 1``) and the
cache (a key set and read back). Each answers within its connection's timeouts
(blockknock/settings/connections.py: 3 s to connect to PostgreSQL, 1 s for Redis),
so a balancer probing it takes a host whose servers are out of reach out of rotation.

Both are never cached, and exempt from the HTTPS redirect in production
(``SECURE_REDIRECT_EXEMPT``), so a balancer may probe them over plain HTTP; their
``Host`` must still be in ``ALLOWED_HOSTS``.
"""

import logging
import uuid

from django.core.cache import cache
from django.db import Error as DatabaseError
from django.db import connection
from django.http import HttpRequest, JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from .cache_errors import CACHE_ERRORS

logger = logging.getLogger(__name__)


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """``{"status": "ok"}``."""
    return JsonResponse({"status": "ok"})


def _database_answers() -> bool:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            return cursor.fetchone() == (1,)
    except DatabaseError as exc:
        logger.warning("readyz: the database failed: %r", exc)
        return False


def _cache_answers() -> bool:
    key, value = f"readyz:{uuid.uuid4().hex}", uuid.uuid4().hex  # a key of its own: hosts probe at once
    try:
        cache.set(key, value, timeout=5)
        return cache.get(key) == value
    except CACHE_ERRORS as exc:
        logger.warning("readyz: the cache failed: %r", exc)
        return False


@never_cache
@require_GET
def readyz(request: HttpRequest) -> JsonResponse:
    """``{"status": "ok", "database": "ok", "cache": "ok"}``, or 503 with ``"failed"`` for each that failed."""
    results = {"database": _database_answers(), "cache": _cache_answers()}
    ready = all(results.values())
    body = {"status": "ok" if ready else "unavailable"} | {
        name: "ok" if ok else "failed" for name, ok in results.items()
    }
    return JsonResponse(body, status=200 if ready else 503)
