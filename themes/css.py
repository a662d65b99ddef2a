"""The looks stylesheet: one ``[data-theme="slug"] { --…: … }`` block per look.

Every colour the site uses is a CSS custom property, named in
static/css/base.css's ``:root, [data-theme="glass"]`` block with Glass's values.
A look row stores a handful of colours; :func:`look_variables` turns them into
the value of every property, deriving what the row leaves blank, and then lays
the row's ``extra`` lines on top. So staff make a new look in the admin, with no
code: the stylesheet served at ``/themes/looks.css`` is rebuilt from the rows.

Nothing here touches the database; :mod:`themes.selectors` feeds it rows.
"""

from __future__ import annotations

import colorsys
import re
from collections.abc import Iterable
from dataclasses import dataclass
from operator import attrgetter
from types import SimpleNamespace

from .colours import BLACK, RGBA, WHITE, contrast, css, is_light, mix, over, parse

GENERATOR_VERSION = "2"
"""Bumped when the derivation below changes, so cached stylesheets are rebuilt."""

SITE_VARIABLES = (
    "--bg-1",
    "--bg-2",
    "--bg-3",
    "--glow-1",
    "--glow-2",
    "--glow-3",
    "--panel",
    "--panel-strong",
    "--panel-border",
    "--panel-shadow",
    "--text",
    "--text-dim",
    "--text-faint",
    "--accent",
    "--accent-strong",
    "--accent-text",
    "--danger",
    "--gold",
    "--focus",
    "--cell-empty",
    "--cell-empty-edge",
    "--board-bg",
    "--block",
    "--line-glow",
    "--line-block",
    "--bad",
    "--overlay-bg",
    "--c-1",
    "--c-2",
    "--c-3",
    "--c-4",
    "--c-5",
    "--c-6",
    "--c-7",
    "--c-8",
)
"""The site-wide colour properties of base.css's ``:root, [data-theme="glass"]`` block."""

THEME_VARIABLES = (
    "--header-bg-1",
    "--header-bg-2",
    "--card-bg-1",
    "--card-bg-2",
    "--prose-text",
    "--input-bg",
    "--toast-bg",
    "--btn-hover",
    "--accent-hover",
    "--accent-glow",
    "--score-glow",
    "--dot",
    "--used-edge",
    "--switch-off",
    "--example-bg",
    "--example-border",
    "--backdrop",
    "--block-edge",
    "--block-shine",
    "--block-gloss",
    "--block-shadow",
    "--points-text",
    "--points-shadow",
    "--points-glow",
    "--drag-shadow",
    "--drag-shadow-over",
    "--combo-on-1",
    "--combo-on-2",
    "--combo-on-text",
)
"""The colours of single parts in that block (header, cards, blocks' shading, …)."""

VARIABLES = SITE_VARIABLES + THEME_VARIABLES
NOT_COLOURS = frozenset({"--panel-shadow"})
"""Properties whose value is not a single colour (a box shadow)."""

_SAFE_VALUE = re.compile(r"^[#(),.%\w\s-]{1,120}$")
_PROPERTY_LINE = re.compile(r"^\s*(--[a-z0-9-]+)\s*:\s*(.+?)\s*;?\s*$")


def parse_palette(text: str) -> list[RGBA]:
    """The 8 piece colours of a ``pieces`` field: colours separated by spaces or commas.

    :raises ValueError: not exactly 8 colours, or one of them is not a colour.
    """
    items = re.findall(r"rgba?\([^)]*\)|#[0-9a-fA-F]+", text)
    rest = re.sub(r"rgba?\([^)]*\)|#[0-9a-fA-F]+|[\s,]", "", text)
    if rest:
        raise ValueError(f"not a list of colours: {text!r}")
    if len(items) != 8:
        raise ValueError(f"8 piece colours are needed, not {len(items)}")
    return [parse(item) for item in items]


def parse_extra(text: str) -> dict[str, str]:
    """The ``extra`` field: lines of ``--name: value`` for properties in :data:`VARIABLES`.

    Colour properties must hold a colour (returned in canonical form); the others a
    plain value of letters, digits, ``#(),.%-`` and spaces — never ``;``, ``{`` or ``}``.

    :raises ValueError: with the offending line.
    """
    result = {}
    for raw in text.splitlines():
        if not raw.strip():
            continue
        m = _PROPERTY_LINE.match(raw)
        if not m or m.group(1) not in VARIABLES:
            raise ValueError(f"not a known property line: {raw.strip()!r}")
        name, value = m.groups()
        if name in NOT_COLOURS:
            if not _SAFE_VALUE.match(value):
                raise ValueError(f"unsafe value for {name}: {value!r}")
            result[name] = " ".join(value.split())
        else:
            result[name] = css(parse(value))
    return result


@dataclass(frozen=True)
class LookColours:
    """The colours a look row stores (CSS text), optional ones blank."""

    background: str
    background_2: str
    board: str
    cell: str
    block: str
    block_edge: str
    accent: str
    text: str
    text_dim: str = ""
    accent_text: str = ""
    gold: str = ""
    pieces: str = ""
    extra: str = ""

    @classmethod
    def of(cls, row) -> LookColours:
        """The colours of a look row (any object with these attributes)."""
        return cls(**{name: getattr(row, name) or "" for name in cls.__dataclass_fields__})


def _readable(fg: RGBA, backgrounds: Iterable[RGBA], toward: RGBA, ratio: float) -> RGBA:
    """``fg`` moved toward ``toward`` just enough to reach ``ratio`` on every background.

    Callers ask a little more than the minimum they need, so rounding in the browser's
    compositing can never take a colour below it.
    """
    backgrounds = list(backgrounds)
    for step in range(41):
        candidate = mix(fg, toward, step / 40)
        if all(contrast(candidate, bg) >= ratio for bg in backgrounds):
            return candidate
    return toward


def _hue_turns(base: RGBA, count: int = 8) -> list[RGBA]:
    """``count`` colours at the lightness and saturation of ``base``, hues evenly around the wheel."""
    h, lightness, s = colorsys.rgb_to_hls(base.r / 255, base.g / 255, base.b / 255)
    colours = []
    for i in range(count):
        r, g, b = colorsys.hls_to_rgb((h + i / count) % 1, lightness, max(s, 0.45))
        colours.append(RGBA(round(r * 255), round(g * 255), round(b * 255)))
    return colours


def look_variables(colours: LookColours) -> dict[str, str]:
    """Every custom property of a look, in :data:`VARIABLES` order, plus ``color-scheme``.

    Blank optional colours are derived: dim and faint text are the text colour
    faded toward the background only as far as stays readable (4.5:1 and 3:1),
    text on accent buttons is whichever of dark or light reads better, and so on.
    """
    bg, bg2 = parse(colours.background), parse(colours.background_2)
    board, cell, block = parse(colours.board), parse(colours.cell), parse(colours.block)
    edge, accent, text = parse(colours.block_edge), parse(colours.accent), parse(colours.text)
    light = is_light(bg)
    pieces = parse_palette(colours.pieces) if colours.pieces.strip() else _hue_turns(block)

    panel = WHITE.with_alpha(0.55) if light else text.with_alpha(0.07)
    panel_strong = WHITE.with_alpha(0.8) if light else text.with_alpha(0.12)
    glow_1 = accent.with_alpha(0.14 if light else 0.3)
    # what text is read on: the page's two colours, the glow at its strongest, a panel
    grounds = [bg, bg2, over(glow_1, bg2), over(panel, bg2)]

    text_dim = parse(colours.text_dim) if colours.text_dim else _readable(mix(text, bg2, 0.4), grounds, text, 4.6)
    text_faint = _readable(mix(text, bg2, 0.6), grounds, text_dim, 3.1)
    if colours.accent_text:
        accent_text = parse(colours.accent_text)
    else:
        accent_text = mix(accent, BLACK, 0.85) if is_light(accent) else mix(accent, WHITE, 0.94)
    accent_strong = mix(accent, BLACK, 0.2 if light else 0.14)
    if contrast(accent_text, accent_strong) < contrast(accent_text, accent):
        accent_strong = mix(accent, WHITE, 0.12)  # keep button text readable at both ends
    gold = parse(colours.gold) if colours.gold else parse("#8a5a00" if light else "#ffd36e")
    danger = _readable(parse("#c42b45" if light else "#ff6f86"), grounds, text, 4.6)
    shade = mix(bg, BLACK, 0.5)
    card_1 = WHITE.with_alpha(0.94) if light else mix(bg2, text, 0.12).with_alpha(0.92)
    k = SimpleNamespace(**locals())  # every colour named above, for the two tables below
    v: dict[str, RGBA | str] = {**_page_variables(k), **_part_variables(k)}
    v.update(parse_extra(colours.extra))
    values = {name: value if isinstance(value, str) else css(value) for name, value in v.items()}
    return {"color-scheme": "light" if light else "dark", **{name: values[name] for name in VARIABLES}}


def _page_variables(k: SimpleNamespace) -> dict[str, RGBA | str]:
    """The look's shared colours: page, panels, text, accent, board and pieces."""
    bg, bg2, board, cell, block, accent, text, light, pieces = attrgetter(
        "bg", "bg2", "board", "cell", "block", "accent", "text", "light", "pieces"
    )(k)
    gold, danger, shade = k.gold, k.danger, k.shade
    return {
        "--bg-1": bg,
        "--bg-2": bg2,
        "--bg-3": mix(bg2, accent, 0.2),
        "--glow-1": k.glow_1,
        "--glow-2": pieces[1].with_alpha(0.1 if light else 0.14),
        "--glow-3": pieces[2].with_alpha(0.1 if light else 0.16),
        "--panel": k.panel,
        "--panel-strong": k.panel_strong,
        "--panel-border": text.with_alpha(0.14 if light else 0.16),
        "--panel-shadow": f"0 14px 36px {css(text.with_alpha(0.12))}"
        if light
        else f"0 18px 50px {css(shade.with_alpha(0.45))}",
        "--text": text,
        "--text-dim": k.text_dim,
        "--text-faint": k.text_faint,
        "--accent": accent,
        "--accent-strong": k.accent_strong,
        "--accent-text": k.accent_text,
        "--danger": danger,
        "--gold": gold,
        "--focus": accent if light else gold,
        "--cell-empty": cell,
        "--cell-empty-edge": text.with_alpha(0.09 if light else 0.07),
        "--board-bg": board,
        "--block": block,
        "--line-glow": (gold if light else mix(gold, WHITE, 0.4)).with_alpha(0.85),
        "--line-block": mix(gold, WHITE, 0.35) if light else mix(gold, WHITE, 0.05),
        "--bad": danger.with_alpha(0.42),
        "--overlay-bg": bg.with_alpha(0.72) if light else mix(bg, BLACK, 0.2).with_alpha(0.62),
        **{f"--c-{i + 1}": colour for i, colour in enumerate(pieces)},
    }


def _part_variables(k: SimpleNamespace) -> dict[str, RGBA | str]:
    """The look's colours of single parts: header, cards, buttons, blocks, points, combo pill."""
    bg, bg2, edge, accent, text, light = k.bg, k.bg2, k.edge, k.accent, k.text, k.light
    text_dim, accent_strong, gold, shade, card_1 = k.text_dim, k.accent_strong, k.gold, k.shade, k.card_1
    return {
        "--header-bg-1": bg2.with_alpha(0.8 if light else 0.75),
        "--header-bg-2": bg2.with_alpha(0.5 if light else 0.35),
        "--card-bg-1": card_1,
        "--card-bg-2": mix(bg, WHITE, 0.5).with_alpha(0.96) if light else mix(bg, bg2, 0.6).with_alpha(0.94),
        "--prose-text": mix(text, text_dim, 0.25),
        "--input-bg": WHITE.with_alpha(0.85) if light else bg.with_alpha(0.55),
        "--toast-bg": card_1.with_alpha(0.97 if light else 0.95),
        "--btn-hover": text.with_alpha(0.08 if light else 0.18),
        "--accent-hover": mix(accent, BLACK, 0.1) if light else mix(accent, WHITE, 0.25),
        "--accent-glow": accent_strong.with_alpha(0.25 if light else 0.35),
        "--score-glow": accent.with_alpha(0.18 if light else 0.35),
        "--dot": text.with_alpha(0.18),
        "--used-edge": text.with_alpha(0.1),
        "--switch-off": text.with_alpha(0.2),
        "--example-bg": accent.with_alpha(0.08),
        "--example-border": accent.with_alpha(0.22),
        "--backdrop": text.with_alpha(0.35) if light else mix(bg, BLACK, 0.4).with_alpha(0.6),
        "--block-edge": edge,
        "--block-shine": WHITE.with_alpha(0.55),
        "--block-gloss": WHITE.with_alpha(0.5),
        "--block-shadow": text.with_alpha(0.2) if light else shade.with_alpha(0.35),
        "--points-text": text if light else WHITE,
        "--points-shadow": WHITE.with_alpha(0.6) if light else shade.with_alpha(0.35),
        "--points-glow": accent.with_alpha(0.35 if light else 0.8),
        "--drag-shadow": text.with_alpha(0.3) if light else shade.with_alpha(0.55),
        "--drag-shadow-over": text.with_alpha(0.22) if light else shade.with_alpha(0.45),
        # the combo pill stays a bright gold with dark text, on dark and light pages alike
        "--combo-on-1": parse("#ffe08f") if light else mix(gold, WHITE, 0.3),
        "--combo-on-2": parse("#f7c04a") if light else gold,
        "--combo-on-text": parse("#2b1800"),
    }


def look_block(slug: str, variables: dict[str, str]) -> str:
    """One look's rule: ``[data-theme="slug"] { … }``."""
    if not re.fullmatch(r"[-a-zA-Z0-9_]+", slug):
        raise ValueError(f"not a slug: {slug!r}")
    body = "".join(f"  {name}: {value};\n" for name, value in variables.items())
    return f'[data-theme="{slug}"] {{\n{body}}}\n'


def stylesheet(looks: Iterable[tuple[str, LookColours]]) -> str:
    """The whole looks stylesheet for ``(slug, colours)`` pairs, in the given order."""
    blocks = [look_block(slug, look_variables(colours)) for slug, colours in looks]
    header = "/* Block Knock! looks: generated from the looks in the admin (themes app). */\n"
    return header + "\n".join(blocks)


# ------------------------------------------------------------------ contrast


@dataclass(frozen=True)
class Pairing:
    """A text colour read on a background, and the least contrast it needs."""

    label: str
    text: RGBA
    background: RGBA
    minimum: float


def readability_pairs(variables: dict[str, str]) -> list[Pairing]:
    """Where each look puts text, as opaque (foreground, background) pairs.

    Translucent layers are composited the way the page stacks them: board, panel,
    cards and glow over the page background (its lighter or darker stop, whichever
    is worse), an empty cell over the board.
    """

    def colour(name):
        return parse(variables[name])

    page = [colour("--bg-1"), colour("--bg-2")]
    grounds = {
        "page": page,
        "page glow": [over(colour("--glow-1"), p) for p in page],
        "panel": [over(colour("--panel"), p) for p in page],
        "strong panel": [over(colour("--panel-strong"), p) for p in page],
        "board": [over(colour("--board-bg"), p) for p in page],
        "empty cell": [over(colour("--cell-empty"), over(colour("--board-bg"), p)) for p in page],
        "card": [over(colour(name), p) for name in ("--card-bg-1", "--card-bg-2") for p in page],
        "toast": [over(colour("--toast-bg"), p) for p in page],
        "input": [over(colour("--input-bg"), over(colour("--panel"), p)) for p in page],
    }
    uses = [
        ("text", "--text", list(grounds), 4.5),
        ("dim text", "--text-dim", ["page", "page glow", "panel", "strong panel", "card"], 4.5),
        ("prose text", "--prose-text", ["panel"], 4.5),
        ("links", "--accent", ["page", "panel"], 4.5),
        ("stars", "--gold", ["page", "panel", "card"], 4.5),
        ("faint text", "--text-faint", ["page", "panel"], 3.0),
        ("errors", "--danger", ["page", "panel"], 4.5),
    ]
    pairs = []
    for label, name, where, minimum in uses:
        for ground in where:
            for background in grounds[ground]:
                pairs.append(Pairing(f"{label} on {ground}", colour(name), background, minimum))
    accent_text = colour("--accent-text")
    for name in ("--accent", "--accent-strong", "--accent-hover"):
        pairs.append(Pairing(f"button text on {name[2:]}", accent_text, colour(name), 4.5))
    combo_text = colour("--combo-on-text")
    for name in ("--combo-on-1", "--combo-on-2"):
        pairs.append(Pairing(f"combo text on {name[2:]}", combo_text, colour(name), 4.5))
    points = colour("--points-text")
    pairs.extend(Pairing("points on board", points, bg, 3.0) for bg in grounds["board"])
    return pairs


def readability_problems(variables: dict[str, str]) -> list[tuple[str, float, float]]:
    """``(label, ratio, minimum)`` for every pairing of :func:`readability_pairs` below its minimum."""
    problems = []
    for pair in readability_pairs(variables):
        ratio = contrast(pair.text, pair.background)
        if ratio < pair.minimum:
            problems.append((pair.label, round(ratio, 2), pair.minimum))
    return problems
