"""Django's Redis cache with one Redis client per connection pool, and a one-round-trip counter.

Django's ``RedisCache`` builds a new ``redis.Redis`` object for every operation
(``RedisCacheClient.get_client``), and building one fills its table of ~170
response callbacks: about as much CPU as the call itself (0.1–0.25 ms; a move
makes two to four cache calls). A ``redis.Redis`` is thread-safe (each command
borrows a connection from the pool), so :class:`RedisCacheClient` keeps the one
it builds for each pool.

Django offers no option for this, so the subclasses lean on four of its
private names: ``RedisCacheClient._get_connection_pool`` and ``._client`` (the
two halves of its ``get_client``), ``RedisCache._class`` (the client class it
builds) and ``RedisCache._cache`` (the client it built).
tests/perf/test_redis_cache.py fences them against a real Redis: Django's
``get_client`` is still the two lines whose result is kept here, a kept client is
the one it would build (same class, same pool), and every cache operation answers
as in Django's own ``RedisCache``.

:func:`count` is the rate limits' counter (blockknock/throttles.py): add one to
a key that lives for a window, created at the window's first request. On Redis
it is one ``MULTI``/``EXEC`` round trip (``SET key 0 EX … NX`` then ``INCR``);
Django's ``add`` + ``incr`` take three (``incr`` checks ``EXISTS`` first).
"""

from __future__ import annotations

from django.core.cache.backends import redis


class RedisCacheClient(redis.RedisCacheClient):
    """Django's client; :meth:`get_client` builds a ``redis.Redis`` once per connection pool."""

    def __init__(self, servers, **options):
        super().__init__(servers, **options)
        self._clients = {}

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)
        client = self._clients.get(id(pool))  # Django keeps every pool it makes, so its id stays its own
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client

    def count(self, key: str, timeout: int) -> int:
        pipeline = self.get_client(key, write=True).pipeline(transaction=True)
        pipeline.set(key, 0, ex=timeout, nx=True)
        pipeline.incr(key)
        return pipeline.execute()[1]


class RedisCache(redis.RedisCache):
    """``django.core.cache.backends.redis.RedisCache`` with the client above."""

    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = RedisCacheClient

    def count(self, key: str, timeout: int) -> int:
        # _cache is an instance of _class, the client above (the stubs know only Django's)
        return self._cache.count(  # type: ignore[attr-defined]
            self.make_and_validate_key(key), self.get_backend_timeout(timeout)
        )


def count(cache, key: str, timeout: int) -> int:
    """Add one to the counter ``key`` (created at 0 to live ``timeout`` seconds) and return it; atomic.

    ``cache`` may be ``django.core.cache.cache`` (what DRF's throttles hold): a proxy
    that forwards attributes to the backend, so the backend's own ``count`` is found
    through it where an ``isinstance`` test would not see a :class:`RedisCache`.
    """
    own_count = getattr(cache, "count", None)
    if own_count is not None:
        return own_count(key, timeout)
    cache.add(key, 0, timeout=timeout)
    try:
        return cache.incr(key)
    except ValueError:  # the counter expired between add and incr: a new window
        cache.add(key, 1, timeout=timeout)
        return 1
