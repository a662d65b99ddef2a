"""The API's error bodies, site-wide: ``{"error": code, "detail": text}`` (docs/api.md § Games).

DRF's ``EXCEPTION_HANDLER`` (settings ``REST_FRAMEWORK``) for every app's API.
"""

import math

from django.http import Http404
from django.utils.translation import gettext, ngettext
from rest_framework import exceptions, serializers, status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from blockknock.errors import THROTTLED, Refusal

DRF_CODES = {
    exceptions.ValidationError: "invalid",
    exceptions.ParseError: "invalid",
    exceptions.NotAuthenticated: "not_authenticated",
    exceptions.AuthenticationFailed: "not_authenticated",
    exceptions.PermissionDenied: "forbidden",
    exceptions.NotFound: "not_found",
    exceptions.MethodNotAllowed: "method_not_allowed",
    exceptions.UnsupportedMediaType: "invalid",
    exceptions.Throttled: THROTTLED,
}


class ErrorSerializer(serializers.Serializer):
    """The error body, for the API schema."""

    error = serializers.CharField()
    detail = serializers.CharField()


def error_response(exc: Refusal) -> Response:
    """The response for a refused action."""
    return Response({"error": exc.code, "detail": str(exc.detail), **exc.extra}, status=exc.status_code)


def exception_handler(exc, context):
    """DRF's handler, with every error in the contract's shape.

    Validation errors become ``400 invalid`` with the first message as ``detail``.
    """
    if isinstance(exc, Refusal):
        return error_response(exc)
    if isinstance(exc, Http404):
        exc = exceptions.NotFound()
    response = drf_exception_handler(exc, context)
    if response is None:
        return None
    code = next((c for cls, c in DRF_CODES.items() if isinstance(exc, cls)), "error")
    detail = _throttled_message(exc.wait) if isinstance(exc, exceptions.Throttled) else _first_message(exc.detail)
    response.data = {"error": code, "detail": detail}
    if isinstance(exc, (exceptions.ValidationError, exceptions.UnsupportedMediaType)):
        # docs/api.md: a malformed body (also one in a media type the API does not read) is 400 invalid
        response.status_code = status.HTTP_400_BAD_REQUEST
    return response


def _throttled_message(wait) -> str:
    """A 429's detail, translated whole (DRF formats the seconds in before translating its text)."""
    if wait is None:
        return gettext("Too many requests. Wait a moment and try again.")
    seconds = math.ceil(wait)
    return ngettext(
        "Too many requests: try again in %(seconds)s second.",
        "Too many requests: try again in %(seconds)s seconds.",
        seconds,
    ) % {"seconds": seconds}


def _first_message(detail) -> str:
    if isinstance(detail, dict):
        field, value = next(iter(detail.items()))
        message = _first_message(value)
        return message if field == "non_field_errors" else f"{field}: {message}"
    if isinstance(detail, list):
        return _first_message(detail[0]) if detail else ""
    return str(detail)
