"""``GET /readyz``: 200 while the database and the cache answer, 503 naming the one that does not.

``/healthz`` stays the process alone (it answers with both down, tests/perf/test_keepalive.py
serves it with no database at all)."""

from __future__ import annotations

from unittest import mock

import pytest
import redis
from django.core.cache import cache
from django.db import OperationalError

NEVER_CACHED = "max-age=0, no-cache, no-store, must-revalidate, private"


@pytest.fixture
def cache_down(monkeypatch):
    def down(*args, **kwargs):
        raise redis.exceptions.TimeoutError("Timeout reading from socket")

    monkeypatch.setattr(cache, "set", down)


@pytest.fixture
def database_down():
    with mock.patch("blockknock.health.connection") as connection:
        connection.cursor.side_effect = OperationalError("connection timeout expired")
        yield


def answer(client) -> tuple[int, dict, str]:
    response = client.get("/readyz")
    return response.status_code, response.json(), response["Cache-Control"]


@pytest.mark.django_db
def test_ready_when_the_database_and_the_cache_answer(client):
    assert answer(client) == (200, {"status": "ok", "database": "ok", "cache": "ok"}, NEVER_CACHED)


@pytest.mark.django_db
def test_a_cache_that_does_not_answer_is_named(client, cache_down):
    assert answer(client) == (503, {"status": "unavailable", "database": "ok", "cache": "failed"}, NEVER_CACHED)


def test_a_database_that_does_not_answer_is_named(client, database_down):
    assert answer(client) == (503, {"status": "unavailable", "database": "failed", "cache": "ok"}, NEVER_CACHED)


def test_both_down(client, database_down, cache_down):
    assert answer(client) == (503, {"status": "unavailable", "database": "failed", "cache": "failed"}, NEVER_CACHED)


@pytest.mark.django_db
def test_a_cache_that_loses_what_it_was_given_is_not_ready(client, monkeypatch):
    monkeypatch.setattr(cache, "set", lambda *args, **kwargs: None)
    assert answer(client)[:2] == (503, {"status": "unavailable", "database": "ok", "cache": "failed"})
