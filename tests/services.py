"""The outside services some tests need, and what a test does where one is missing.

A test marked ``@pytest.mark.needs("postgresql", "redis", "node")`` (tests/conftest.py) runs
only where each is there: ``postgresql`` -- the test database is PostgreSQL (``DATABASE_URL``);
``redis`` -- a Redis server answers at the Celery broker's URL (``CELERY_BROKER_URL``);
``node`` -- ``node`` is on the PATH. Where one is missing the test is skipped, so that
README's ``scripts/test`` on SQLite passes on a new machine; but with
``BLOCKKNOCK_REQUIRE_SERVICES=1`` (``.ci/run`` sets it) the test fails instead: CI that lost
a service would otherwise go on green, its concurrency and parity tests quietly skipped.
Chromium needs no mark: the browser fixture fails wherever it is missing (tests/e2e/conftest.py).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterable

import pytest

STRICT_VARIABLE = "BLOCKKNOCK_REQUIRE_SERVICES"


def strict() -> bool:
    return os.environ.get(STRICT_VARIABLE, "").strip().lower() in {"1", "true", "yes", "on"}


def redis_url() -> str | None:
    """The Celery broker's URL where it is a Redis server's, else None."""
    from django.conf import settings

    url = settings.CELERY_BROKER_URL
    return url if url.startswith(("redis://", "rediss://")) else None


def _missing(service: str) -> str | None:
    """Why ``service`` is not there, or None where it is."""
    if service == "postgresql":
        from django.db import connection

        return None if connection.vendor == "postgresql" else f"the test database is {connection.vendor}"
    if service == "node":
        return None if shutil.which("node") else "node is not on the PATH"
    if service == "redis":
        import redis

        url = redis_url()
        if url is None:
            return "CELERY_BROKER_URL is not a Redis URL"
        try:
            redis.Redis.from_url(url, socket_connect_timeout=2).ping()
        except redis.RedisError as error:
            return f"no Redis answers at {url}: {error}"
        return None
    raise ValueError(f"unknown service {service!r}")


def require(services: Iterable[str]) -> None:
    """Skip the running test where one of ``services`` is missing; fail it under the strict switch."""
    missing = [f"{service} ({why})" for service in services if (why := _missing(service))]
    if not missing:
        return
    message = f"needs {', '.join(missing)}"
    if strict():
        pytest.fail(f"{message}, and {STRICT_VARIABLE} is set: every service must be there", pytrace=False)
    pytest.skip(f"{message} (CI runs it)")
