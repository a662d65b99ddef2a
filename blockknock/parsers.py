"""Reading what clients send: decimals in paths and queries, JSON bodies, integers in them.

Python refuses to turn a decimal of more than 4,300 digits into an ``int``
(``ValueError``), its JSON decoder recurses once per nesting level
(``RecursionError`` past the interpreter's limit), and it accepts a lone surrogate
escape (``"\\ud800"``), which is no Unicode text (I-JSON, RFC 7493, forbids it).
Untrusted text goes through these instead, so such input is an unknown id or page,
or ``400 invalid``, not a 500 or a string that cannot be stored or encoded.
"""

import json
import re
from io import BytesIO
from itertools import accumulate

from django.utils.translation import gettext_lazy as _
from rest_framework import parsers, serializers
from rest_framework.exceptions import ParseError

JSON_MAX_DEPTH = 32
"""Deepest nesting of arrays and objects a JSON body may have (the API's bodies are flat)."""

JSON_STRING = re.compile(rb'"(?:\\.|[^"\\])*"', re.S)
JSON_BRACKET = re.compile(rb"[\[\]{}]")
JSON_SURROGATE_ESCAPE = re.compile(rb"\\u[dD][89a-fA-F]")


def decimal(text: str, *, high: int) -> int | None:
    """``text`` as a number from 1 to ``high``, or ``None`` if it is anything else.

    Only ASCII digits count (no sign, space or other script's digits), and the
    digits are counted before they are converted.

    >>> decimal("42", high=100), decimal("0", high=100), decimal("٣", high=100), decimal("9" * 5000, high=100)
    (42, None, None, None)
    """
    digits = text.lstrip("0")
    if not (text.isascii() and text.isdigit()) or len(digits) > len(str(high)):
        return None
    number = int(digits or "0")
    return number if number <= high and number else None


def json_depth(data: bytes) -> int:
    """How deep arrays and objects nest in JSON text (brackets inside strings do not count).

    >>> json_depth(b'{"a": [1, [2]], "b": "[[["}')
    3
    """
    brackets = JSON_BRACKET.findall(JSON_STRING.sub(b"", data))
    return max(accumulate(1 if bracket in b"[{" else -1 for bracket in brackets), default=0)


def lone_surrogate(value) -> bool:
    """Whether a parsed JSON value has a lone surrogate in any string, key or value, at any depth.

    A pair of escapes (``"\\ud83d\\ude00"``) is decoded to one character; a lone
    one stays a surrogate, which UTF-8 cannot encode.

    >>> lone_surrogate({"a": [1, {"b": "\N{GRINNING FACE}"}]}), lone_surrogate([{"\\udc00": 1}])
    (False, True)
    """
    try:
        json.dumps(value, ensure_ascii=False).encode()
    except UnicodeEncodeError:
        return True
    return False


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser, refusing bodies nested deeper than :data:`JSON_MAX_DEPTH` and lone surrogates.

    :raises ParseError: the body nests too deep, or a string escapes half a surrogate
        pair (the API answers ``400 invalid``).
    """

    def parse(self, stream, media_type=None, parser_context=None):
        data = stream.read() if stream is not None else b""
        if json_depth(data) > JSON_MAX_DEPTH:
            raise ParseError(_("The JSON body is nested too deeply."))
        parsed = super().parse(BytesIO(data), media_type, parser_context)
        if JSON_SURROGATE_ESCAPE.search(data) and lone_surrogate(parsed):
            raise ParseError(_("The JSON body has a lone surrogate escape; its text must be valid Unicode."))
        return parsed


class StrictIntegerField(serializers.IntegerField):
    """An integer of a JSON body: a JSON integer only (docs/api.md § Players and authentication).

    DRF's ``IntegerField`` also takes ``"1"``, ``" 1"``, ``"٣"``, ``1.0`` and ``True``;
    this one refuses every value that is not an ``int`` (``bool`` included).
    """

    default_error_messages = {"invalid": _("A JSON integer is required.")}

    def to_internal_value(self, data):
        if type(data) is not int:
            self.fail("invalid")
        return super().to_internal_value(data)
