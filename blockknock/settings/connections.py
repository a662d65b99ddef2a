"""The connections to PostgreSQL, Redis and the Celery broker, built from their URLs.

Every option a URL carries is kept, and each connection gets timeouts: a server
that stops answering costs the requests that were waiting on it, not every
thread of every host. Pure functions of their arguments (base.py passes the
environment in), so the tests call them directly.

PostgreSQL URLs are read by libpq itself (``psycopg.conninfo.conninfo_to_dict``),
so a URL means what it means to ``psql``: several ``host:port`` pairs
(``postgres://u@h1:5432,h2:5432/db?target_session_attrs=read-write``),
percent-encoding, and every libpq option; an option libpq does not know is
refused at start-up (dj-database-url refuses the multi-host form outright).
"""

from __future__ import annotations

from typing import Any

import dj_database_url
from django.core.exceptions import ImproperlyConfigured
from psycopg import ProgrammingError
from psycopg.conninfo import conninfo_to_dict

POSTGRES_SCHEMES = ("postgres://", "postgresql://")
REDIS_SCHEMES = ("redis://", "rediss://")
EMBEDDED_BROKERS = ("filesystem://", "memory://")

# libpq waits for ever by default: for a connection (no connect_timeout) and for a database
# machine that vanished without closing the connection (keep-alive probes only after 2 hours).
# These find a vanished machine within 10 + 3 × 5 = 25 s, under gunicorn's 30 s worker timeout.
# The URL's own values win.
# A request's statements take milliseconds; one that waits 5 s for anything is stuck, and a lock
# held for 2 s is a session that will hold it longer (tasks and migrate set their own: README).
STATEMENT_TIMEOUT = "5s"
LOCK_TIMEOUT = "2s"
POSTGRES_DEFAULTS = {
    "connect_timeout": "3",  # seconds for each host tried
    "keepalives": "1",
    "keepalives_idle": "10",
    "keepalives_interval": "5",
    "keepalives_count": "3",
}
# Redis answers in well under a millisecond; a second without an answer is a Redis that is
# down or stuck, and the callers carry on without the cache (blockknock/cache_errors.py).
REDIS_CACHE_TIMEOUTS = {"socket_connect_timeout": 1, "socket_timeout": 1}
# The worker waits on BRPOP with a 1 s server-side timeout (kombu's brpop_timeout), so a read
# timeout must be longer than that; a publish or an acknowledgement waits at most this long.
REDIS_BROKER_TIMEOUTS = {"socket_connect_timeout": 2, "socket_timeout": 5, "socket_keepalive": True}


def database(url: str, *, statement_timeout: str, lock_timeout: str) -> dict[str, Any]:
    """``DATABASES["default"]`` for ``url``: PostgreSQL with its timeouts, else SQLite (or what dj-database-url reads).

    ``statement_timeout`` and ``lock_timeout`` are PostgreSQL values (``"5s"``, ``"0"`` for
    none); a ``-c statement_timeout=…`` in the URL's ``options`` comes after them and wins.
    """
    if url.startswith(POSTGRES_SCHEMES):
        return _postgres(url, statement_timeout=statement_timeout, lock_timeout=lock_timeout)
    config: dict[str, Any] = dict(dj_database_url.parse(url, conn_max_age=0))
    if config["ENGINE"] == "django.db.backends.sqlite3":
        # web + Celery worker + beat share the file: WAL and IMMEDIATE transactions
        # avoid "database is locked" under that light concurrency.
        config["OPTIONS"] = {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
            **config.get("OPTIONS", {}),
        }
    return config


def _postgres(url: str, *, statement_timeout: str, lock_timeout: str) -> dict[str, Any]:
    try:
        params: dict[str, Any] = conninfo_to_dict(url)
    except ProgrammingError as exc:  # libpq's message names the part it refused, never the password
        raise ImproperlyConfigured(f"DATABASE_URL is not a valid PostgreSQL URL: {str(exc).strip()}") from None
    server_options = f"-c statement_timeout={statement_timeout} -c lock_timeout={lock_timeout}"
    if params.get("options"):
        server_options = f"{server_options} {params['options']}"
    return {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": params.pop("dbname", ""),
        "USER": params.pop("user", ""),
        "PASSWORD": params.pop("password", ""),
        "HOST": params.pop("host", ""),  # "h1,h2" for several hosts: libpq tries them in order
        "PORT": params.pop("port", ""),
        "CONN_MAX_AGE": 60,
        "CONN_HEALTH_CHECKS": True,
        "OPTIONS": {
            **POSTGRES_DEFAULTS,
            **params,
            "options": server_options,
            # Parameters travel apart from the SQL text (psycopg's server-side binding): no quoting of
            # every value into the text on our side (it was about 8 % of a move's CPU), and the
            # statements a move repeats are prepared once per connection by PostgreSQL. It needs a
            # session of its own: not behind PgBouncer in transaction mode.
            "server_side_binding": True,
        },
    }


def pooled(config: dict[str, Any], *, max_size: int, timeout: float) -> dict[str, Any]:
    """``config`` with Django's psycopg connection pool: at most ``max_size`` connections per process.

    A request waits at most ``timeout`` seconds for a free connection, then fails as an outage
    (503) does. The pool keeps the connections (Django refuses its own persistence beside it) and,
    with ``CONN_HEALTH_CHECKS``, checks each one it hands out.
    """
    if config["ENGINE"] != "django.db.backends.postgresql":
        return config
    pool = {"min_size": 1, "max_size": max_size, "timeout": timeout}
    return {**config, "CONN_MAX_AGE": 0, "OPTIONS": {**config["OPTIONS"], "pool": pool}}


def redis_cache(url: str) -> dict[str, Any]:
    """``CACHES["default"]`` on Redis at ``url``; a ``?socket_timeout=…`` in the URL wins over the defaults."""
    return {
        "BACKEND": "blockknock.cache.RedisCache",  # Django's, one client per pool (blockknock/cache.py)
        "LOCATION": url,
        "KEY_PREFIX": "blockknock",
        "OPTIONS": dict(REDIS_CACHE_TIMEOUTS),
    }


def broker_transport_options(url: str) -> dict[str, Any]:
    """``CELERY_BROKER_TRANSPORT_OPTIONS`` for a Redis broker at ``url`` (none for other brokers)."""
    return dict(REDIS_BROKER_TIMEOUTS) if url.startswith(REDIS_SCHEMES) else {}
