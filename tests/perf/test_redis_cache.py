"""blockknock/cache.py against a real Redis: the broker's server (CI runs one), on a database of its own."""

import threading
from urllib.parse import urlsplit

import pytest
import redis as redis_lib

from blockknock.cache import RedisCache, count
from tests.services import redis_url, require

REDIS_URL = "redis://127.0.0.1:6379/5"  # only built, never connected to


@pytest.fixture
def redis_location():
    """The broker's Redis server, its database 5 (skipped where there is none; failed under CI's switch)."""
    require(["redis"])
    return urlsplit(redis_url())._replace(path="/5").geturl()


@pytest.fixture
def redis_cache(redis_location):
    cache = RedisCache(redis_location, {"KEY_PREFIX": "test-cache"})
    cache.clear()
    yield cache
    cache.clear()


def test_one_redis_client_serves_every_call(redis_cache):
    redis_cache.set("a", 1)
    client = redis_cache._cache.get_client("a", write=True)
    assert redis_cache.get("a") == 1
    assert redis_cache._cache.get_client("b") is client


def test_the_counter_starts_at_one_with_the_window_as_its_lifetime(redis_cache):
    assert [count(redis_cache, "hits", 61) for _ in range(3)] == [1, 2, 3]
    client = redis_cache._cache.get_client()
    assert 0 < client.ttl(redis_cache.make_key("hits")) <= 61
    assert redis_cache.get("hits") == 3


def test_parallel_counts_are_each_counted_once(redis_cache):
    seen = []
    threads = [threading.Thread(target=lambda: seen.append(count(redis_cache, "burst", 60))) for _ in range(20)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(seen) == list(range(1, 21))


def test_the_throttles_proxy_counts_in_one_round_trip(redis_cache, redis_location, settings):
    """DRF's throttles hold ``django.core.cache.cache``, a proxy: it once hid the Redis
    backend from an ``isinstance`` test, and every count took ``add`` + ``incr`` (3 round trips)."""
    from unittest import mock

    from django.core.cache import cache as proxy

    settings.CACHES = {
        "default": {"BACKEND": "blockknock.cache.RedisCache", "LOCATION": redis_location, "KEY_PREFIX": "test-cache"}
    }
    with mock.patch.object(
        redis_lib.Redis, "execute_command", autospec=True, side_effect=redis_lib.Redis.execute_command
    ) as single:
        assert [count(proxy, "hits", 60) for _ in range(2)] == [1, 2]
    assert single.call_count == 0  # both counts went through one MULTI/EXEC pipeline each, no single command


def test_other_caches_count_with_add_and_incr():
    from django.core.cache.backends.locmem import LocMemCache

    cache = LocMemCache("count-test", {})
    assert [count(cache, "hits", 60) for _ in range(3)] == [1, 2, 3]


def test_djangos_get_client_is_still_the_two_lines_ours_keeps_the_result_of():
    """A Django upgrade that changes how its client is built fails here, not in production."""
    import inspect

    from django.core.cache.backends import redis as django_redis

    source = inspect.getsource(django_redis.RedisCacheClient.get_client)
    code = [line.strip() for line in source.splitlines()[1:] if line.strip() and not line.strip().startswith("#")]
    assert code == ["pool = self._get_connection_pool(write)", "return self._client(connection_pool=pool)"]
    assert django_redis.RedisCache(REDIS_URL, {})._class is django_redis.RedisCacheClient


def test_a_kept_client_is_the_one_django_would_build(redis_cache):
    from django.core.cache.backends import redis as django_redis

    from blockknock.cache import RedisCacheClient

    assert type(redis_cache._cache) is RedisCacheClient
    for write in (True, False):
        ours = redis_cache._cache.get_client("k", write=write)
        theirs = django_redis.RedisCacheClient.get_client(redis_cache._cache, "k", write=write)
        assert ours is not theirs and type(ours) is type(theirs) is redis_lib.Redis
        assert ours.connection_pool is theirs.connection_pool
        assert ours.get_connection_kwargs() == theirs.get_connection_kwargs()


def cache_calls(cache) -> list:
    """Every operation of Django's cache API on ``cache``, and what each answered."""
    return [
        cache.set("a", {"x": [1, 2]}, 30),
        cache.get("a"),
        cache.add("a", "other"),
        cache.add("b", 5, 30),
        cache.incr("b", 2),
        cache.decr("b"),
        cache.get_or_set("c", "made", 30),
        cache.get_or_set("c", "not made", 30),
        cache.set_many({"d": True, "e": None, "f": 1.5}, 30),
        cache.get_many(["a", "b", "d", "e", "f", "missing"]),
        cache.has_key("d"),
        cache.touch("d", 5),
        cache.touch("missing", 5),
        cache.delete("a"),
        cache.delete("a"),
        cache.delete_many(["b", "c"]),
        cache.get("b", "gone"),
        cache.get("f"),
    ]


def test_every_cache_call_answers_as_in_djangos_redis_cache(redis_cache, redis_location):
    from django.core.cache.backends import redis as django_redis

    theirs = django_redis.RedisCache(redis_location, {"KEY_PREFIX": "test-cache-django"})
    assert cache_calls(redis_cache) == cache_calls(theirs)
    client = redis_cache._cache.get_client()
    assert client.ttl(redis_cache.make_key("d")) == client.ttl(theirs.make_key("d")) == 5
