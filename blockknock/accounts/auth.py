"""Who is calling, without a query per request: the API token and the session's player, cached.

DRF's ``TokenAuthentication`` reads the token and its player from the database on
every request. :class:`CachedTokenAuthentication` keeps the pair in Django's
cache (Redis in production) after the first lookup:

- ``auth:token:<digest of the key>`` → ``(player, token)``, pickled;
- ``auth:player:<player id>`` → that key's digest, so a change of the player
  can find the entry without asking the database;
- ``auth:me:<player id>`` → the API's ``Player`` of that player (``GET /api/me/``,
  :func:`me_data`), counters and the games' figures included;
- ``auth:user:<player id>`` → the player of a browser session
  (:class:`CachedModelBackend`, the site's authentication backend; with
  ``SESSION_ENGINE`` ``cached_db`` a page or board request reads neither the
  session nor the player from the database). Django still checks the session's
  password hash against the cached player, so a password change logs out other
  sessions as before.

The entries are dropped (:func:`player_forget`) when the player or its token is
saved or deleted, and again once that transaction commits (signals below,
connected in ``AccountsConfig.ready``): a deleted token is refused on its next
use, a renamed player shows the new name. ``stars`` and ``level`` move by
``QuerySet.update`` (no signal), so the cached player leaves them deferred:
reading them loads them fresh, and a ``save()`` of the cached player cannot write
back old counts. The services that move them (``stars_add``, ``level_raise``) and
the end of a game (its scores are ``/api/me/``'s figures) call
:func:`player_forget`. Entries also expire, after :data:`CACHE_SECONDS` (the
token) and :data:`ME_SECONDS` (``/api/me/``), which bounds the one race left (a
lookup that read the old row just before a change commits and caches it just
after).

When the cache is unreachable the lookup goes to the database, as DRF's does.
"""

from __future__ import annotations

import copy
import hashlib
import logging

from django.contrib.auth.backends import ModelBackend
from django.core.cache import cache
from django.db import transaction
from rest_framework.authentication import TokenAuthentication
from rest_framework.authtoken.models import Token

from blockknock.cache_errors import CACHE_ERRORS

from .models import COUNTERS
from .serializers import player_data

logger = logging.getLogger(__name__)

CACHE_SECONDS = 10 * 60
ME_SECONDS = 60


def _token_key(key: str) -> str:
    return "auth:token:" + hashlib.sha256(key.encode()).hexdigest()[:32]


def _player_key(player_id) -> str:
    return f"auth:player:{player_id}"


def _me_key(player_id) -> str:
    return f"auth:me:{player_id}"


def _user_key(player_id) -> str:
    return f"auth:user:{player_id}"


def _through_cache(key: str, read, entries, seconds: int):
    """The value cached under ``key``; else ``read()``, cached as ``entries(value)`` (a dict of
    cache entries) unless ``None``. Only ``read()`` while the cache is unreachable."""
    try:
        cached = cache.get(key)
    except CACHE_ERRORS as exc:
        logger.warning("auth cache unreachable, asking the database: %s", exc)
        return read()
    if cached is not None:
        return cached
    value = read()
    if value is not None:
        try:
            cache.set_many(entries(value), seconds)
        except CACHE_ERRORS as exc:
            logger.warning("auth cache unreachable, not cached: %s", exc)
    return value


class CachedTokenAuthentication(TokenAuthentication):
    """``Authorization: Token <key>`` as DRF's, answered from the cache after the first call."""

    def authenticate_credentials(self, key):
        token_key, lookup = _token_key(key), super().authenticate_credentials

        def entries(pair):
            player, token = pair
            return {token_key: (_without_counters(player), token), _player_key(player.pk): token_key}

        return _through_cache(token_key, lambda: lookup(key), entries, CACHE_SECONDS)


class CachedModelBackend(ModelBackend):
    """Django's ``ModelBackend`` with ``get_user`` (every request of a signed-in session) answered from the cache."""

    def get_user(self, user_id):
        key, lookup = _user_key(user_id), super().get_user
        return _through_cache(
            key, lambda: lookup(user_id), lambda player: {key: _without_counters(player)}, CACHE_SECONDS
        )


def _without_counters(player):
    """A copy of ``player`` with :data:`COUNTERS` deferred (loaded from the database when read)."""
    clone = copy.copy(player)
    for name in COUNTERS:
        clone.__dict__.pop(name, None)
    return clone


def player_forget(player_id) -> None:
    """Drop the cached token entry of player ``player_id``, now and once the current transaction commits.

    Now: this request and the tests see the change. After the commit: a request
    that read the old row meanwhile may have cached it again.
    """

    def forget():
        try:
            token_key = cache.get(_player_key(player_id))
            cache.delete_many(
                [key for key in (token_key, _player_key(player_id), _me_key(player_id), _user_key(player_id)) if key]
            )
        except CACHE_ERRORS as exc:
            logger.warning("token cache unreachable, entry of player %s left to expire: %s", player_id, exc)

    forget()
    transaction.on_commit(forget)


def me_data(player) -> dict:
    """The API's ``Player`` of ``player`` (:func:`~.serializers.player_data`), from the cache once built."""
    key = _me_key(player.pk)
    return _through_cache(key, lambda: player_data(player), lambda data: {key: data}, ME_SECONDS)


def on_player_change(sender, instance, **kwargs) -> None:
    """``post_save`` / ``post_delete`` of a Player."""
    player_forget(instance.pk)


def on_token_change(sender, instance: Token, **kwargs) -> None:
    """``post_save`` / ``post_delete`` of a Token: its entry goes at once (a deleted token is refused)."""
    player_forget(instance.user_id)
    key = _token_key(instance.key)
    _delete(key)
    transaction.on_commit(lambda: _delete(key))


def _delete(key: str) -> None:
    try:
        cache.delete(key)
    except CACHE_ERRORS as exc:
        logger.warning("token cache unreachable, %s left to expire: %s", key, exc)
