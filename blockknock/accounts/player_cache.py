"""What the cache keeps about a player, and the one hook that makes it forget: :func:`player_changed`.

Apps cache things about a player (the API token and the session's player in
:mod:`.auth`, ``GET /api/me/``, the game's best scores) and declare the keys
they use with :func:`player_keys_add` (in ``AppConfig.ready``, so this module
imports none of them). Every write that changes something they show calls
:func:`player_changed`, which drops every one of those keys; most never call it
by hand, a signal does (``AccountsConfig.ready`` and ``GameConfig.ready``
connect them with :func:`forget_on`):

- a ``save()`` or ``delete()`` of the ``Player`` (name, language, look, sign-up,
  password, ``is_active``: the admin and every service that saves the row) or
  of its API ``Token`` (a new or deleted token);
- a star ledger row (``StarEntry``: every change of the balance is one);
- the player's next seed taken (``NextSeed``: ``next_commitment``);
- a game finished (``game.signals.game_finished``) or deleted (the best scores).

A write that bypasses ``save()`` (``QuerySet.update``, as ``level_raise`` does)
calls :func:`player_changed` itself. tests/accounts/test_player_cache.py walks
every write path and checks the cache forgets.

Entries also expire (each reader's own timeout), which bounds the one race left:
a read of the old row just before a change commits, cached just after. So
:func:`player_changed` forgets at once and again once the transaction commits.
While the cache is unreachable the readers ask the database (:func:`through_cache`).
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable

from django.core.cache import cache
from django.db import transaction

from blockknock.cache_errors import CACHE_ERRORS
from blockknock.replica import primary

logger = logging.getLogger(__name__)

PLAYER_KEYS: list[Callable[[object], Iterable[str]]] = []
"""Functions giving the cache keys an app keeps for a player id (:func:`player_keys_add`)."""


def player_keys_add(keys: Callable[[object], Iterable[str]]) -> None:
    """Declare the cache keys ``keys(player_id)`` an app keeps about a player: :func:`player_changed` drops them."""
    if keys not in PLAYER_KEYS:
        PLAYER_KEYS.append(keys)


def player_keys(player_id) -> list[str]:
    """Every cache key kept about player ``player_id`` (:data:`PLAYER_KEYS`)."""
    return [key for keys in PLAYER_KEYS for key in keys(player_id) if key]


def player_changed(player_id) -> None:
    """Drop everything cached about player ``player_id``, now and once the current transaction commits.

    Now: this request and the tests see the change. After the commit: a request
    that read the old row meanwhile may have cached it again.
    """

    def forget():
        try:
            cache.delete_many(player_keys(player_id))
        except CACHE_ERRORS as exc:
            logger.warning("cache unreachable, entries of player %s left to expire: %s", player_id, exc)

    forget()
    transaction.on_commit(forget)


def forget_on(attname: str, *, created: bool = True) -> Callable[..., None]:
    """A ``post_save`` / ``post_delete`` receiver calling :func:`player_changed` with the instance's ``attname``.

    :param created: a new row counts too (``False``: a row nothing cached can have seen before, as the
        next seed a player's first ``/api/me/`` draws while it is being cached).
    """

    def receiver(sender, instance, **kwargs) -> None:
        if created or not kwargs.get("created"):
            player_changed(getattr(instance, attname))

    return receiver


def through_cache(key: str, read: Callable[[], object], seconds: int, entries: Callable[[object], dict] | None = None):
    """The value cached under ``key``; else ``read()``, cached for ``seconds`` (unless ``None``) as
    ``entries(value)`` (a dict of cache entries; by default ``{key: value}``). Only ``read()`` while
    the cache is unreachable.

    ``read()`` reads from the primary (:func:`blockknock.replica.primary`), even in a view whose reads
    go to the replica: every host serves what is cached, and a lagging replica's answer would be served
    as the truth until it expires.
    """
    try:
        cached = cache.get(key)
    except CACHE_ERRORS as exc:
        logger.warning("cache unreachable, asking the database: %s", exc)
        return read()
    if cached is not None:
        return cached
    with primary():
        value = read()
    if value is not None:
        try:
            if entries is None:
                cache.set(key, value, seconds)
            else:
                cache.set_many(entries(value), seconds)
        except CACHE_ERRORS as exc:
            logger.warning("cache unreachable, not cached: %s", exc)
    return value
