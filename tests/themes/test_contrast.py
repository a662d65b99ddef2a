"""Every look is readable: text contrast at least WCAG AA (4.5:1) on its own colours.

Relative luminance and contrast are computed here from the WCAG 2.x definitions
(independently of ``themes.colours``), on the colours each look's stylesheet sets.
Translucent layers are painted over the page the way the browser stacks them.
"""

import re

import pytest

from themes import css

from .conftest import SHIPPED

AA = 4.5
AA_LARGE = 3.0  # large or bold text (the points over the board), and the faint hints


def rgba(text: str) -> tuple[float, float, float, float]:
    text = text.strip()
    if text.startswith("#"):
        digits = text[1:]
        if len(digits) == 3:
            digits = "".join(ch * 2 for ch in digits)
        alpha = int(digits[6:8], 16) / 255 if len(digits) == 8 else 1.0
        return (int(digits[0:2], 16), int(digits[2:4], 16), int(digits[4:6], 16), alpha)
    r, g, b, *a = (float(part) for part in re.findall(r"[\d.]+", text))
    return (r, g, b, a[0] if a else 1.0)


def paint(top, below):
    """``top`` over opaque ``below``."""
    a = top[3]
    return (*tuple(top[i] * a + below[i] * (1 - a) for i in range(3)), 1.0)


def relative_luminance(colour) -> float:
    def linear(channel):
        c = channel / 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(channel) for channel in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ratio(fg, bg) -> float:
    lighter, darker = sorted((relative_luminance(fg), relative_luminance(bg)), reverse=True)
    return (lighter + 0.05) / (darker + 0.05)


def test_the_formula_matches_known_ratios():
    assert round(ratio(rgba("#000"), rgba("#fff")), 2) == 21.0
    assert round(ratio(rgba("#777777"), rgba("#ffffff")), 2) == 4.48  # the classic just-fails grey
    assert round(ratio(rgba("#767676"), rgba("#ffffff")), 2) == 4.54


def backgrounds(v):
    """Where text sits in a look, each as the opaque colours it can show (both page stops)."""
    page = [rgba(v["--bg-1"]), rgba(v["--bg-2"])]
    board = [paint(rgba(v["--board-bg"]), p) for p in page]
    return {
        "page": page,
        "page under its glow": [paint(rgba(v["--glow-1"]), p) for p in page],
        "panel": [paint(rgba(v["--panel"]), p) for p in page],
        "strong panel": [paint(rgba(v["--panel-strong"]), p) for p in page],
        "board": board,
        "empty cell": [paint(rgba(v["--cell-empty"]), b) for b in board],
        "overlay card": [paint(rgba(v[name]), p) for name in ("--card-bg-1", "--card-bg-2") for p in page],
        "toast": [paint(rgba(v["--toast-bg"]), p) for p in page],
    }


def pairs(v):
    grounds = backgrounds(v)
    text = rgba(v["--text"])
    for where, colours in grounds.items():
        for bg in colours:
            yield f"text on {where}", text, bg, AA
    for where in ("page", "page under its glow", "panel", "strong panel", "overlay card"):
        for bg in grounds[where]:
            yield f"secondary text on {where}", rgba(v["--text-dim"]), bg, AA
    for where in ("page", "panel"):
        for bg in grounds[where]:
            yield f"links on {where}", rgba(v["--accent"]), bg, AA
            yield f"stars on {where}", rgba(v["--gold"]), bg, AA
            yield f"hints on {where}", rgba(v["--text-faint"]), bg, AA_LARGE
    for bg in grounds["panel"]:
        yield "page text on panel", rgba(v["--prose-text"]), bg, AA
    for name in ("--accent", "--accent-strong", "--accent-hover"):
        yield f"button text on {name}", rgba(v["--accent-text"]), rgba(v[name]), AA
    for name in ("--combo-on-1", "--combo-on-2"):
        yield f"combo text on {name}", rgba(v["--combo-on-text"]), rgba(v[name]), AA
    for bg in grounds["board"]:
        yield "points over the board", rgba(v["--points-text"]), bg, AA_LARGE


@pytest.mark.parametrize("look", SHIPPED, ids=[look["slug"] for look in SHIPPED])
def test_every_look_reaches_aa_contrast(look):
    colours = css.LookColours(**{name: look.get(name, "") for name in css.LookColours.__dataclass_fields__})
    v = css.look_variables(colours)
    too_low = [(label, round(ratio(fg, bg), 2)) for label, fg, bg, minimum in pairs(v) if ratio(fg, bg) < minimum]
    assert too_low == []
    assert css.readability_problems(v) == []  # the admin's own check agrees


@pytest.mark.parametrize("look", SHIPPED, ids=[look["slug"] for look in SHIPPED])
def test_blocks_stand_out_from_the_empty_cells(look):
    colours = css.LookColours(**{name: look.get(name, "") for name in css.LookColours.__dataclass_fields__})
    v = css.look_variables(colours)
    for page in (rgba(v["--bg-1"]), rgba(v["--bg-2"])):
        cell = paint(rgba(v["--cell-empty"]), paint(rgba(v["--board-bg"]), page))
        assert ratio(rgba(v["--block"]), cell) >= AA_LARGE  # WCAG 1.4.11: non-text contrast
