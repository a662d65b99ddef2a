"""Colours for looks: parse the CSS colours staff type, mix them, measure contrast.

A colour is an :class:`RGBA` value: 0–255 channels and an alpha of 0–1. Only the
forms a look's fields accept are parsed — ``#rgb``, ``#rrggbb``, ``#rrggbbaa``,
``rgb(r, g, b)`` and ``rgba(r, g, b, a)`` — so a stored value is always valid CSS
and never anything else.

>>> parse("#6fc8ff")
RGBA(r=111, g=200, b=255, a=1.0)
>>> css(mix(parse("#000"), parse("#fff"), 0.5))
'#808080'
>>> round(contrast(parse("#000"), parse("#fff")), 1)
21.0
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_HEX = re.compile(r"^#([0-9a-fA-F]{3}|[0-9a-fA-F]{6}|[0-9a-fA-F]{8})$")
_FUNC = re.compile(r"^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*(0|1|0?\.\d+|1\.0+)\s*)?\)$")


@dataclass(frozen=True)
class RGBA:
    """An sRGB colour: channels 0–255, alpha 0–1."""

    r: int
    g: int
    b: int
    a: float = 1.0

    def with_alpha(self, a: float) -> RGBA:
        """The same colour at opacity ``a``."""
        return RGBA(self.r, self.g, self.b, a)


WHITE = RGBA(255, 255, 255)
BLACK = RGBA(0, 0, 0)


def parse(value: str) -> RGBA:
    """A colour from its CSS text.

    :raises ValueError: ``value`` is not one of the accepted forms, e.g. ``parse("red")``.
    """
    text = value.strip()
    if m := _HEX.match(text):
        digits = m.group(1)
        if len(digits) == 3:
            digits = "".join(ch * 2 for ch in digits)
        r, g, b = (int(digits[i : i + 2], 16) for i in (0, 2, 4))
        a = int(digits[6:8], 16) / 255 if len(digits) == 8 else 1.0
        return RGBA(r, g, b, round(a, 3))
    if m := _FUNC.match(text):
        r, g, b = (int(m.group(i)) for i in (1, 2, 3))
        if max(r, g, b) > 255:
            raise ValueError(f"colour channel above 255 in {value!r}")
        return RGBA(r, g, b, float(m.group(4)) if m.group(4) else 1.0)
    raise ValueError(f"not a colour: {value!r} (use #rrggbb or rgba(r, g, b, a))")


def css(colour: RGBA) -> str:
    """The colour as CSS text: ``#rrggbb`` when opaque, else ``rgba(...)``."""
    if colour.a >= 1:
        return f"#{colour.r:02x}{colour.g:02x}{colour.b:02x}"
    alpha = f"{colour.a:.3f}".rstrip("0").rstrip(".") or "0"
    return f"rgba({colour.r}, {colour.g}, {colour.b}, {alpha})"


def mix(a: RGBA, b: RGBA, amount: float) -> RGBA:
    """``a`` moved ``amount`` (0–1) of the way to ``b``, channels and alpha alike."""

    def chan(x, y):
        return round(x + (y - x) * amount)

    return RGBA(chan(a.r, b.r), chan(a.g, b.g), chan(a.b, b.b), round(a.a + (b.a - a.a) * amount, 3))


def over(top: RGBA, below: RGBA) -> RGBA:
    """``top`` painted over the opaque colour ``below`` (what the eye sees)."""
    a = top.a
    return RGBA(
        round(top.r * a + below.r * (1 - a)),
        round(top.g * a + below.g * (1 - a)),
        round(top.b * a + below.b * (1 - a)),
    )


def luminance(colour: RGBA) -> float:
    """Relative luminance of an opaque colour (WCAG 2.x), 0 for black to 1 for white."""

    def channel(value: int) -> float:
        c = value / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    return 0.2126 * channel(colour.r) + 0.7152 * channel(colour.g) + 0.0722 * channel(colour.b)


def contrast(fg: RGBA, bg: RGBA) -> float:
    """WCAG contrast ratio of two opaque colours, 1 to 21."""
    high, low = sorted((luminance(fg), luminance(bg)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def is_light(colour: RGBA) -> bool:
    """Whether dark text reads better on ``colour`` than light text does."""
    return contrast(BLACK, colour) > contrast(WHITE, colour)
