"""The accounts' middleware: the player's language, and a signed-in device's "last seen".

The player's saved language wins over the browser's (RULES: URLs carry no language prefix).

Order of choice, for every page: the language saved on the signed-in player (a
guest is a real player too) → the ``django_language`` cookie that
``/i18n/setlang/`` sets → the browser's ``Accept-Language``. The last two are
Django's ``LocaleMiddleware``; this middleware runs after it and after
``AuthenticationMiddleware`` and only steps in when the player has saved a
language, so logging in on another browser brings the player's language along.
The cookie is brought in line with the saved language, so it stays the same
after logging out.

The JSON API is left to ``LocaleMiddleware``: an API client says what it wants
with ``Accept-Language`` (token requests are authenticated by DRF, after
middleware, anyway).
"""

from allauth.usersessions.internal import usersessionkit
from allauth.usersessions.middleware import UserSessionsMiddleware
from django.conf import settings
from django.core.cache import cache
from django.utils import translation

from blockknock.middleware import OUTAGE_ERRORS

API_PREFIX = "/api/"


def saved_language(request) -> str:
    """The language saved on the request's player, or ``""`` (none, or not a supported one)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return ""
    language = getattr(user, "language", "") or ""
    return language if language in dict(settings.LANGUAGES) else ""


class PlayerLanguageMiddleware:
    """Activate the language saved on the player (``Player.language``) for each page request."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        api = request.path_info.startswith(API_PREFIX)
        language = "" if api else saved_language(request)
        if language:
            translation.activate(language)
            request.LANGUAGE_CODE = language
        response = self.get_response(request)
        # After the view: the player may have just switched, logged in or out.
        language = "" if api else saved_language(request)
        cookie = settings.LANGUAGE_COOKIE_NAME
        if language and request.COOKIES.get(cookie) != language and cookie not in response.cookies:
            response.set_cookie(
                cookie,
                language,
                max_age=settings.LANGUAGE_COOKIE_AGE,
                path=settings.LANGUAGE_COOKIE_PATH,
                domain=settings.LANGUAGE_COOKIE_DOMAIN,
                secure=settings.LANGUAGE_COOKIE_SECURE,
                httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
                samesite=settings.LANGUAGE_COOKIE_SAMESITE,
            )
        return response


LAST_SEEN_EVERY = 5 * 60
"""Seconds between two "last seen" writes for one session: a device list needs minutes, not every request."""


class DeviceSeenMiddleware(UserSessionsMiddleware):
    """allauth's activity tracking (``USERSESSIONS_TRACK_ACTIVITY``: a device's last-seen time and address),
    written at most once per :data:`LAST_SEEN_EVERY` seconds per session and never for a guest.

    A guest has no device list (it signs in nowhere else), and a page view should not cost a write; the
    per-session mark is a cache ``add``, which only one request in the interval wins. A missed mark during an
    outage is harmless: the request goes on and the view answers for the outage.
    """

    def __call__(self, request):
        user = getattr(request, "user", None)
        session = getattr(request, "session", None)
        try:
            if self._due(user, session):
                usersessionkit.track_activity(request, user=user, session=session)
        except OUTAGE_ERRORS:
            pass
        return self.get_response(request)

    @staticmethod
    def _due(user, session) -> bool:
        if user is None or not user.is_authenticated or user.is_guest or session is None or not session.session_key:
            return False
        return cache.add(f"accounts:seen:{session.session_key}", True, timeout=LAST_SEEN_EVERY)
