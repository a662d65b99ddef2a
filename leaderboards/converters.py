"""A game-calendar date in a URL: ``YYYY-MM-DD`` (registered as the path converter ``isodate``)."""

import datetime as dt

from django.urls import register_converter


class IsoDateConverter:
    regex = r"\d{4}-\d{2}-\d{2}"

    def to_python(self, value: str) -> dt.date:
        return dt.date.fromisoformat(value)  # ValueError (e.g. 2026-02-30): no match, so 404

    def to_url(self, value: dt.date) -> str:
        return value.isoformat()


register_converter(IsoDateConverter, "isodate")
