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
  auth hash against the cached player, so a password change or a Sign out
  everywhere (``Player.signed_out_at``) ends the other sessions.

They are all the player's in the sense of :mod:`.player_cache`: any change of the
player, its token, its stars or its games drops them (:func:`~.player_cache.player_changed`,
through the signals connected in ``AccountsConfig.ready`` and ``GameConfig.ready``),
so a deleted token is refused on its next use and a renamed player shows the new
name. ``stars`` and ``level`` move by ``QuerySet.update``, so the cached player
leaves them deferred: reading them loads them fresh, and a ``save()`` of the cached
player cannot write back old counts. Entries also expire, after :data:`CACHE_SECONDS`
(the token, the session's player) and :data:`ME_SECONDS` (``/api/me/``, read only once
the token has been accepted). That bounds what no signal sees: a player deactivated
(or changed) by ``QuerySet.update`` or by SQL is refused within :data:`CACHE_SECONDS`.

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

from blockknock.throttles import CACHE_ERRORS

from .models import COUNTERS
from .player_cache import player_changed, through_cache
from .serializers import player_data

logger = logging.getLogger(__name__)

CACHE_SECONDS = 5
"""How long a cached identity (token → player, session → player) is believed: the longest a player
deactivated where no signal sees it (``QuerySet.update``) can still act. An active player costs one
query per this many seconds."""
ME_SECONDS = 60


def _token_key(key: str) -> str:
    return "auth:token:" + hashlib.sha256(key.encode()).hexdigest()[:32]


def _player_key(player_id) -> str:
    return f"auth:player:{player_id}"


def _me_key(player_id) -> str:
    return f"auth:me:{player_id}"


def _user_key(player_id) -> str:
    return f"auth:user:{player_id}"


class CachedTokenAuthentication(TokenAuthentication):
    """``Authorization: Token <key>`` as DRF's, answered from the cache after the first call."""

    def authenticate_credentials(self, key):
        token_key, lookup = _token_key(key), super().authenticate_credentials

        def entries(pair):
            player, token = pair
            return {token_key: (_without_counters(player), token), _player_key(player.pk): token_key}

        return through_cache(token_key, lambda: lookup(key), CACHE_SECONDS, entries)


class CachedModelBackend(ModelBackend):
    """Django's ``ModelBackend`` with ``get_user`` (every request of a signed-in session) answered from the cache."""

    def get_user(self, user_id):
        key, lookup = _user_key(user_id), super().get_user
        return through_cache(
            key, lambda: lookup(user_id), CACHE_SECONDS, lambda player: {key: _without_counters(player)}
        )


def _without_counters(player):
    """A copy of ``player`` with :data:`COUNTERS` deferred (loaded from the database when read)."""
    clone = copy.copy(player)
    for name in COUNTERS:
        clone.__dict__.pop(name, None)
    return clone


def player_keys(player_id) -> list[str]:
    """The entries above of player ``player_id`` (:func:`~.player_cache.player_keys_add`): the token's is
    found through the player's pointer to it."""
    try:
        token_key = cache.get(_player_key(player_id))
    except CACHE_ERRORS:
        token_key = None  # the cache is down: nothing to forget now
    return [key for key in (token_key, _player_key(player_id), _me_key(player_id), _user_key(player_id)) if key]


def me_data(player) -> dict:
    """The API's ``Player`` of ``player`` (:func:`~.serializers.player_data`), from the cache once built."""
    key = _me_key(player.pk)
    return through_cache(key, lambda: player_data(player), ME_SECONDS)


def on_token_change(sender, instance: Token, **kwargs) -> None:
    """``post_save`` / ``post_delete`` of a Token: its entry goes at once (a deleted token is refused),
    the player's with it (:func:`~.player_cache.player_changed`)."""
    player_changed(instance.user_id)
    key = _token_key(instance.key)
    _delete(key)
    transaction.on_commit(lambda: _delete(key))


def _delete(key: str) -> None:
    try:
        cache.delete(key)
    except CACHE_ERRORS as exc:
        logger.warning("token cache unreachable, %s left to expire: %s", key, exc)
