"""Settings that cannot lie: every option of a URL reaches its connection, and production
refuses to start on an embedded default (SQLite, the in-process cache, the broker folder).

The settings modules run here afresh under an environment of the test's own (``load``),
as a process would read them at start-up; nothing connects to a server.
"""

from __future__ import annotations

import importlib
import os
import runpy
import sys
from pathlib import Path

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.test import RequestFactory, override_settings

import blockknock.settings
from blockknock.accounts.adapter import AccountAdapter
from blockknock.cache import RedisCache
from blockknock.throttles import ScopedRateThrottle

ROOT = Path(__file__).resolve().parents[2]
TIMEOUTS = "-c statement_timeout=5s -c lock_timeout=2s"
POSTGRES_URL = "postgres://blockknock:s%40cret@db.example:6432/blockknock"
REDIS_URL = "redis://cache.example:6379/0"


@pytest.fixture
def load(tmp_path, monkeypatch):
    """``load(module, **environ)``: the settings module's names, read afresh with only ``environ`` set.

    Only the settings modules read here are swapped out of ``sys.modules`` (and put back after),
    so a thread of another test's live server sees every other module as it was.
    """

    def run(module: str, **environ: str) -> dict:
        names = ("blockknock.settings.environment", "blockknock.settings.base", module)
        absent = [name for name in names if name not in sys.modules]
        with monkeypatch.context() as patch:
            for name in list(os.environ):
                patch.delenv(name)
            for name, value in {"BLOCKKNOCK_VAR_DIR": str(tmp_path), **environ}.items():
                patch.setenv(name, value)
            for name in names:
                patch.delitem(sys.modules, name, raising=False)
                patch.delattr(blockknock.settings, name.rpartition(".")[2], raising=False)
            try:
                return dict(vars(importlib.import_module(module)))
            finally:
                for name in absent:
                    sys.modules.pop(name, None)
                    vars(blockknock.settings).pop(name.rpartition(".")[2], None)

    return run


def production_environ(**changes: str) -> dict[str, str]:
    environ = {
        "SECRET_KEY": "a-long-random-production-secret-key-0123456789-abcdefghijklmnop",
        "DATABASE_URL": POSTGRES_URL,
        "REDIS_URL": REDIS_URL,
        "CELERY_BROKER_URL": "redis://cache.example:6379/1",
    }
    return {name: value for name, value in {**environ, **changes}.items() if value}


def test_every_option_of_a_postgres_url_reaches_the_connection(load):
    url = f"{POSTGRES_URL}?sslmode=require&connect_timeout=7&keepalives_idle=30&target_session_attrs=read-write"
    database = load("blockknock.settings.base", DATABASE_URL=url)["DATABASES"]["default"]
    assert database == {
        "ENGINE": "django.db.backends.postgresql",
        "NAME": "blockknock",
        "USER": "blockknock",
        "PASSWORD": "s@cret",
        "HOST": "db.example",
        "PORT": "6432",
        "CONN_MAX_AGE": 60,
        "CONN_HEALTH_CHECKS": True,
        "OPTIONS": {
            "connect_timeout": "7",
            "keepalives": "1",
            "keepalives_idle": "30",
            "keepalives_interval": "5",
            "keepalives_count": "3",
            "sslmode": "require",
            "target_session_attrs": "read-write",
            "options": TIMEOUTS,
            "server_side_binding": True,
        },
    }


def test_a_url_without_options_gets_the_timeouts_and_keepalives(load):
    options = load("blockknock.settings.base", DATABASE_URL=POSTGRES_URL)["DATABASES"]["default"]["OPTIONS"]
    assert options == {
        "connect_timeout": "3",
        "keepalives": "1",
        "keepalives_idle": "10",
        "keepalives_interval": "5",
        "keepalives_count": "3",
        "options": TIMEOUTS,
        "server_side_binding": True,
    }


def test_a_multi_host_url_lists_its_hosts_for_libpq(load):
    url = "postgres://u@h1:5432,h2:5433/db?target_session_attrs=read-write"
    database = load("blockknock.settings.base", DATABASE_URL=url)["DATABASES"]["default"]
    assert (database["HOST"], database["PORT"], database["NAME"], database["USER"]) == ("h1,h2", "5432,5433", "db", "u")
    assert database["OPTIONS"]["target_session_attrs"] == "read-write"


def test_the_url_s_server_options_come_after_the_timeouts_so_they_win(load):
    url = f"{POSTGRES_URL}?options=-c%20statement_timeout%3D10min%20-c%20search_path%3Dgame"
    options = load("blockknock.settings.base", DATABASE_URL=url)["DATABASES"]["default"]["OPTIONS"]
    assert options["options"] == f"{TIMEOUTS} -c statement_timeout=10min -c search_path=game"


def test_the_timeouts_are_set_per_process_by_the_environment(load):
    database = load(
        "blockknock.settings.base",
        DATABASE_URL=POSTGRES_URL,
        DATABASE_STATEMENT_TIMEOUT="2min",
        DATABASE_LOCK_TIMEOUT="0",
    )["DATABASES"]["default"]
    assert database["OPTIONS"]["options"] == "-c statement_timeout=2min -c lock_timeout=0"


def test_an_option_libpq_does_not_know_is_refused_at_start_up(load):
    with pytest.raises(ImproperlyConfigured) as refused:
        load("blockknock.settings.base", DATABASE_URL=f"{POSTGRES_URL}?sslmod=require")
    assert str(refused.value) == 'DATABASE_URL is not a valid PostgreSQL URL: invalid URI query parameter: "sslmod"'


def test_without_a_url_the_database_is_the_sqlite_file(load, tmp_path):
    assert load("blockknock.settings.base")["DATABASES"]["default"] == {
        "ENGINE": "django.db.backends.sqlite3",
        "NAME": str(tmp_path / "db.sqlite3"),
        "USER": "",
        "PASSWORD": "",
        "HOST": "",
        "PORT": "",
        "CONN_MAX_AGE": 0,
        "CONN_HEALTH_CHECKS": False,
        "DISABLE_SERVER_SIDE_CURSORS": False,
        "OPTIONS": {
            "transaction_mode": "IMMEDIATE",
            "timeout": 20,
            "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
        },
    }


def test_the_redis_cache_and_broker_have_timeouts(load):
    names = load("blockknock.settings.base", CELERY_BROKER_URL="redis://cache.example:6379/1")
    assert names["CACHES"] == {
        "default": {
            "BACKEND": "blockknock.cache.RedisCache",
            "LOCATION": "redis://cache.example:6379/1",
            "KEY_PREFIX": "blockknock",
            "OPTIONS": {"socket_connect_timeout": 1, "socket_timeout": 1},
        }
    }
    assert names["CELERY_BROKER_TRANSPORT_OPTIONS"] == {
        "socket_connect_timeout": 2,
        "socket_timeout": 5,
        "socket_keepalive": True,
    }


@pytest.mark.parametrize(
    ("location", "socket_timeout"), [(REDIS_URL, 1), (f"{REDIS_URL}?socket_timeout=3", 3)], ids=["default", "url"]
)
def test_the_cache_s_timeouts_reach_redis_py_and_the_url_wins(load, location, socket_timeout):
    cache_settings = load("blockknock.settings.base", REDIS_URL=location)["CACHES"]["default"]
    cache = RedisCache(cache_settings["LOCATION"], cache_settings)
    pool = cache._cache._get_connection_pool(True)  # builds the pool; connects to nothing
    assert (pool.connection_kwargs["socket_connect_timeout"], pool.connection_kwargs["socket_timeout"]) == (
        1,
        socket_timeout,
    )


def test_production_runs_on_the_servers_with_a_pool_as_large_as_a_worker_s_threads(load):
    names = load("blockknock.settings.production", **production_environ())
    database = names["DATABASES"]["default"]
    threads = runpy.run_path(str(ROOT / "gunicorn.conf.py"))["threads"]
    assert database["OPTIONS"]["pool"] == {"min_size": 1, "max_size": threads, "timeout": 2}
    assert (database["CONN_MAX_AGE"], database["CONN_HEALTH_CHECKS"]) == (0, True)


@pytest.mark.parametrize(
    ("changes", "message"),
    [
        ({"DATABASE_URL": ""}, "DATABASE_URL must be set to a PostgreSQL URL (postgres://…) for production."),
        (
            {"DATABASE_URL": "sqlite:////srv/blockknock/db.sqlite3"},
            "DATABASE_URL must be set to a PostgreSQL URL (postgres://…) for production.",
        ),
        (
            {"REDIS_URL": "", "CELERY_BROKER_URL": "amqp://rabbit.example//"},
            "REDIS_URL (or a redis:// CELERY_BROKER_URL) must be set for production: "
            "the sessions and rate limits are shared by every host through it.",
        ),
        (
            {"CELERY_BROKER_URL": ""},
            "CELERY_BROKER_URL must be set to a broker server (e.g. redis://…) for production, "
            "not a folder or memory of one machine.",
        ),
        (
            {"CELERY_BROKER_URL": "filesystem://localhost//"},
            "CELERY_BROKER_URL must be set to a broker server (e.g. redis://…) for production, "
            "not a folder or memory of one machine.",
        ),
        (
            {"NUM_PROXIES": "1"},
            "NUM_PROXIES is no longer read: set TRUSTED_PROXIES to the addresses of the proxies in front "
            "(nginx's, comma-separated; loopback by default) and remove NUM_PROXIES. "
            "A count of proxies let a request sent straight to a host forge its address.",
        ),
        (
            {"TRUSTED_PROXIES": "10.0.0.2,nginx.example"},
            "TRUSTED_PROXIES: 'nginx.example' is not an address or a network",
        ),
    ],
    ids=["no-database", "sqlite", "no-redis", "no-broker", "broker-folder", "stale-num-proxies", "bad-proxy"],
)
def test_production_refuses_to_start_on_an_embedded_default(load, changes, message):
    with pytest.raises(ImproperlyConfigured) as refused:
        load("blockknock.settings.production", **production_environ(**changes))
    assert str(refused.value) == message


def test_production_counts_a_request_sent_straight_to_a_host_as_its_peer_whatever_it_forwards(load):
    """Deployed as deploy/systemd/blockknock.env says (nginx at 10.0.0.2): a forged header sent straight to a
    host is not read, by the throttles nor by allauth; a request through nginx is the client nginx saw."""
    production = load("blockknock.settings.production", **production_environ(TRUSTED_PROXIES="10.0.0.2"))
    identity = {name: production[name] for name in ("REST_FRAMEWORK", "TRUSTED_PROXIES") if name in production}
    straight = RequestFactory().get("/", REMOTE_ADDR="198.51.100.7", HTTP_X_FORWARDED_FOR="203.0.113.7")
    through_nginx = RequestFactory().get("/", REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="198.51.100.8")
    with override_settings(**identity):
        counted = [
            (ScopedRateThrottle().get_ident(r), AccountAdapter().get_client_ip(r)) for r in (straight, through_nginx)
        ]
    assert counted == [("198.51.100.7", "198.51.100.7"), ("198.51.100.8", "198.51.100.8")]


@pytest.mark.django_db
def test_the_health_checks_answer_over_plain_http_in_production(load, client):
    exempt = load("blockknock.settings.production", **production_environ())["SECURE_REDIRECT_EXEMPT"]
    with override_settings(SECURE_SSL_REDIRECT=True, SECURE_REDIRECT_EXEMPT=exempt):
        answers = [client.get(path).status_code for path in ("/healthz", "/readyz", "/how-to-play/")]
    assert answers == [200, 200, 301]


REPLICA_URL = "postgres://reader@replica.example:5432/blockknock?sslmode=verify-full&application_name=bk-replica"


def test_without_a_replica_url_there_is_one_database_and_no_replica_reads(load):
    names = load("blockknock.settings.base", DATABASE_URL=POSTGRES_URL)
    assert (list(names["DATABASES"]), names["REPLICA_READS"]) == (["default"], False)
    assert names["DATABASE_ROUTERS"] == ["blockknock.replica.ReplicaRouter"]


def test_the_replica_url_is_read_as_the_primary_s_with_every_option_and_the_timeouts(load):
    names = load("blockknock.settings.base", DATABASE_URL=POSTGRES_URL, DATABASE_REPLICA_URL=REPLICA_URL)
    replica = names["DATABASES"]["replica"]
    assert (replica["HOST"], replica["PORT"], replica["USER"], replica["NAME"]) == (
        "replica.example",
        "5432",
        "reader",
        "blockknock",
    )
    assert replica["OPTIONS"]["sslmode"] == "verify-full"
    assert replica["OPTIONS"]["application_name"] == "bk-replica"
    assert replica["OPTIONS"]["options"] == TIMEOUTS
    assert names["REPLICA_READS"] is True
    off = load(
        "blockknock.settings.base", DATABASE_URL=POSTGRES_URL, DATABASE_REPLICA_URL=REPLICA_URL, REPLICA_READS="0"
    )
    assert ("replica" in off["DATABASES"], off["REPLICA_READS"]) == (True, False)


def test_production_gives_the_replica_a_pool_of_its_own_and_refuses_one_not_on_postgresql(load):
    names = load("blockknock.settings.production", **production_environ(DATABASE_REPLICA_URL=REPLICA_URL))
    pools = {alias: database["OPTIONS"]["pool"] for alias, database in names["DATABASES"].items()}
    assert pools == {alias: {"min_size": 1, "max_size": 4, "timeout": 2} for alias in ("default", "replica")}
    with pytest.raises(ImproperlyConfigured) as refused:
        load("blockknock.settings.production", **production_environ(DATABASE_REPLICA_URL="sqlite:////tmp/r.sqlite3"))
    assert str(refused.value) == "DATABASE_REPLICA_URL, when set, must be a PostgreSQL URL (postgres://…)."
