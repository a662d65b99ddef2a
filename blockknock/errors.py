"""Site-wide error pages: JSON under ``/api/`` (API.md's ``{"error", "detail"}``), HTML elsewhere.

A path under ``/api/`` that no route matches (``/api/leaderboards/daily/not-a-date/``)
is answered by Django's URL resolver, not by DRF: without these handlers an API
client would get the HTML 404 page.
"""

from django.http import JsonResponse
from django.views import defaults

API_PREFIX = "/api/"


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
