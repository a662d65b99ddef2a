"""Site-wide answers for two kinds of trouble a view cannot handle itself.

- :class:`RateLimitedMiddleware`: a :class:`~blockknock.throttles.RateLimited` raised
  inside a view (a guest created too often from one address) becomes a 429.
- :class:`ServiceUnavailableMiddleware`: the database or Redis being unreachable
  (a restart, a failover) becomes ``503 Service Unavailable`` with ``Retry-After``,
  JSON under ``/api/``, in the request's language, instead of a 500. A write interrupted this way is rolled
  back whole by its transaction; the client retries or resyncs.
"""

from __future__ import annotations

import logging

from django.db import InterfaceError, OperationalError
from django.http import HttpResponse, JsonResponse
from django.utils.translation import gettext
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

from .throttles import RateLimited, too_many_response

logger = logging.getLogger(__name__)

OUTAGE_ERRORS = (OperationalError, InterfaceError, RedisConnectionError, RedisTimeoutError)
RETRY_AFTER_SECONDS = 2


class RateLimitedMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if isinstance(exception, RateLimited):
            return too_many_response(request, exception)
        return None


class ServiceUnavailableMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not isinstance(exception, OUTAGE_ERRORS):
            return None
        logger.error("service unavailable: %s %s: %r", request.method, request.path, exception, exc_info=exception)
        detail = gettext("The game server is briefly unavailable. Try again in a moment.")
        if request.path.startswith("/api/"):
            response = JsonResponse({"error": "unavailable", "detail": detail}, status=503)
        else:
            response = HttpResponse(detail, status=503, content_type="text/plain; charset=utf-8")
        response["Retry-After"] = str(RETRY_AFTER_SECONDS)
        return response
