"""Errors of the whole site: the refusal every app raises, and the 404 / 500 pages.

A :class:`Refusal` is an action a service turned down with nothing changed; the
game's errors (``game.errors``) and the shop's (``themes.errors``) subclass it.
Views catch it, and the API's exception handler (``blockknock.api.errors``)
answers it as API.md's ``{"error": code, "detail": text}`` with its status.

The 404 / 500 handlers answer JSON under ``/api/``, HTML elsewhere. A path under
``/api/`` that no route matches (``/api/leaderboards/daily/not-a-date/``) is
answered by Django's URL resolver, not by DRF: without them an API client would
get the HTML 404 page.
"""

from django.http import JsonResponse
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
    """A request Django refuses before any view (e.g. a body over ``DATA_UPLOAD_MAX_MEMORY_SIZE``): ``400 invalid`` under /api/."""
    if request.path.startswith(API_PREFIX):
        return JsonResponse({"error": "invalid", "detail": "Bad request."}, status=400)
    return defaults.bad_request(request, exception)


def page_not_found(request, exception):
    if request.path.startswith(API_PREFIX):
        return JsonResponse({"error": "not_found", "detail": "Not found."}, status=404)
    return defaults.page_not_found(request, exception)


def server_error(request):
    if request.path.startswith(API_PREFIX):
        return JsonResponse({"error": "server_error", "detail": "Server error."}, status=500)
    return defaults.server_error(request)
