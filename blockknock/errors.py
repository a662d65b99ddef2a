"""Errors of the whole site: the refusal every app raises, and the 404 / 500 pages.

A :class:`Refusal` is an action a service turned down with nothing changed; the
game's errors (``game.errors``) and the shop's (``themes.errors``) subclass it.
Views catch it, and the API's exception handler (``blockknock.api.errors``)
answers it as docs/api.md's ``{"error": code, "detail": text}`` with its status.

The 404 / 500 handlers answer JSON under ``/api/``, HTML elsewhere; the CSRF
refusal (``CSRF_FAILURE_VIEW``) answers JSON to a script as well. A path under
``/api/`` that no route matches (``/api/leaderboards/daily/not-a-date/``) is
answered by Django's URL resolver, not by DRF: without them an API client would
get the HTML 404 page. Their ``detail`` is in the request's language, as DRF's are.
"""

from django.http import JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _
from django.views import defaults

API_PREFIX = "/api/"


class Refusal(Exception):
    """An action that was refused; nothing was changed.

    :ivar code: the API error code, e.g. ``"stale_move"``.
    :ivar status_code: the HTTP status the API answers with.
    :ivar detail: human text for the player.
    :ivar extra: more fields for the API body (e.g. ``{"game": "12"}``).
    """

    code = "invalid"
    status_code = 400
    default_detail = _("That request is not valid.")

    def __init__(self, detail=None, **extra):
        self.detail = detail if detail is not None else self.default_detail
        self.extra = extra
        super().__init__(str(self.detail))


def bad_request(request, exception):
    """A request Django refuses before any view: ``400 invalid`` under /api/.

    For example a body over ``DATA_UPLOAD_MAX_MEMORY_SIZE``.
    """
    if request.path.startswith(API_PREFIX):
        return JsonResponse({"error": "invalid", "detail": gettext("Bad request.")}, status=400)
    return defaults.bad_request(request, exception)


def page_not_found(request, exception):
    if request.path.startswith(API_PREFIX):
        return JsonResponse({"error": "not_found", "detail": gettext("Not found.")}, status=404)
    return defaults.page_not_found(request, exception)


def server_error(request):
    if request.path.startswith(API_PREFIX):
        return JsonResponse({"error": "server_error", "detail": gettext("Server error.")}, status=500)
    return defaults.server_error(request)


CSRF_FAILED = "csrf_failed"
"""The code of a request refused by Django's CSRF check (a stale token, e.g. after logging in in another tab)."""

THROTTLED = "throttled"
"""The code of a request over its rate limit (``blockknock.throttles``; DRF's ``Throttled`` in the API)."""


def _from_a_script(request) -> bool:
    """An HTMX or ``fetch`` request asking for JSON, or any request under /api/: not a page a person is reading."""
    if getattr(request, "htmx", False) or request.path.startswith(API_PREFIX):
        return True
    return request.get_preferred_type(["text/html", "application/json"]) == "application/json"


def csrf_failure(request, reason=""):
    """Django's CSRF refusal (``CSRF_FAILURE_VIEW``): ``403 csrf_failed`` as JSON to a script, the page otherwise.

    The board script (``static/js/board/session.js``) reads the code, fetches a
    fresh token and sends its request again once. Token clients of the API never
    get here: DRF's views are exempt from the middleware's check.
    """
    detail = _("This page is out of date. Reload it and try again.")
    if _from_a_script(request):
        return JsonResponse({"error": CSRF_FAILED, "detail": str(detail)}, status=403)
    return render(request, "403_csrf.html", {"detail": detail}, status=403)
