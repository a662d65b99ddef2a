"""Sessions read from the cache and written through to the database, working on while the cache is down.

Django's ``cached_db`` store already falls back to the database when a cache read
or a save fails, but ``load`` (storing what it read back in the cache), ``exists``
(a new session key) and ``delete`` (every log-in cycles the key) still raise when
Redis is unreachable. This store asks the
database alone then, so a guest can still be made and a player log in during a
Redis outage, as before the sessions were cached.
"""

from __future__ import annotations

import logging

from django.contrib.sessions.backends import cached_db, db

from .cache_errors import CACHE_ERRORS

logger = logging.getLogger(__name__)


class SessionStore(cached_db.SessionStore):
    def load(self):
        try:
            return super().load()
        except CACHE_ERRORS as exc:
            logger.warning("session cache unreachable, asking the database: %s", exc)
            return db.SessionStore.load(self)

    def exists(self, session_key):
        try:
            return super().exists(session_key)
        except CACHE_ERRORS as exc:
            logger.warning("session cache unreachable, asking the database: %s", exc)
            return db.SessionStore.exists(self, session_key)

    def delete(self, session_key=None):
        try:
            super().delete(session_key)
        except CACHE_ERRORS as exc:  # the row is gone; the cached copy expires with the session
            logger.warning("session cache unreachable, cached session left to expire: %s", exc)
