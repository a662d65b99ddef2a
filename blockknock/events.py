"""The names of the HTMX events the server sends in ``HX-Trigger``, one declaration each.

Views add them with django-htmx's :func:`~django_htmx.http.trigger_client_event`;
the play page hands :data:`PAGE_EVENTS` to its script in the ``bk-constants``
JSON (``game/templatetags/page_constants.py``), so the script listens for the
names the server writes.
"""

GAME_ERROR = "bk:game-error"
"""A refused board action (``game.views``) or a rate-limited one (``blockknock.throttles``): ``{"code", "detail"}``."""

LOOK = "bk:look"
"""A look bought or put on in the shop (``themes.views``): ``{"slug", "stars"}``."""

PAGE_EVENTS = {"gameError": GAME_ERROR, "look": LOOK}
"""Every event by the name a script uses for it."""
