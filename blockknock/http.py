"""The request the views are given: Django's, with what the middleware adds to it (for the type checker)."""

from django.http import HttpRequest
from django_htmx.middleware import HtmxDetails


class HtmxHttpRequest(HttpRequest):
    """A request that passed ``django_htmx``'s middleware (the class django-htmx's documentation types views with)."""

    htmx: HtmxDetails
