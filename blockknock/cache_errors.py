"""What a cache that is down raises, for the code that carries on without it.

An outage of Redis must not stop play: the rate limits (``blockknock.throttles``)
let the request through, and the sessions, the log-in, the game's cached reads and
a first visit's claim (``blockknock.sessions``, ``blockknock.accounts.auth``,
``game.selectors``, ``game.pending``) go to the database; each catches :data:`CACHE_ERRORS`.
"""

from redis.exceptions import RedisError

CACHE_ERRORS = (RedisError, OSError)
"""What a cache that is down raises (Redis: ``ConnectionError``/``TimeoutError``; sockets: ``OSError``)."""
