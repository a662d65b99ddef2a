"""API: what every public read shares (the ladder, dealer cut-overs, Daily entries, replays, reviews, pieces).

A public read takes no authentication (a bad token is no reason to refuse it) and counts against the
``public`` throttle; a published list answers with an ``ETag`` of its content (:func:`cacheable`).
"""

import hashlib
import json

from django.http import HttpResponse
from django.utils.cache import get_conditional_response, patch_cache_control
from django.utils.http import quote_etag
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

LADDER_MAX_AGE = 300
"""Seconds a client or a shared cache may keep the ladder without asking again (an edit shows within this)."""


class PublicReadView(APIView):
    """A read anyone may make, signed in or not, throttled per address (scope ``public``)."""

    permission_classes = [AllowAny]
    authentication_classes = []  # a public read: a bad token is no reason to refuse it
    throttle_scope = "public"


def cacheable(request, data, max_age: int = LADDER_MAX_AGE) -> HttpResponse:
    """``data`` as a public read that shared caches keep for ``max_age`` seconds, with an ``ETag`` of its content;
    ``304 Not Modified`` to a request whose ``If-None-Match`` names that tag."""
    tag = quote_etag(hashlib.sha256(json.dumps(data, sort_keys=True).encode()).hexdigest()[:32])
    response = get_conditional_response(request, etag=tag) or Response(data)
    response["ETag"] = tag
    patch_cache_control(response, public=True, max_age=max_age)
    return response
