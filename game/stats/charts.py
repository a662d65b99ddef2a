"""Geometry of the Stats page's bar charts, drawn as inline SVG by the templates (no script).

Pure functions of plain numbers (no Django). A chart is drawn in a fixed
:data:`WIDTH` × :data:`HEIGHT` viewBox that the page scales to its column, so the
same geometry serves a phone and a desktop. The y axis runs from 0 to a round
ceiling (:func:`nice_ceiling`) with a tick at 0, at half when that is whole, and at the ceiling.

>>> chart = bar_chart([100, 2600, 400])
>>> chart.ceiling, [bar.height for bar in chart.bars], chart.ticks[-1].value
(3000, [4.4, 114.4, 17.6], 3000)
"""

from dataclasses import dataclass

WIDTH = 320
"""The viewBox's width in user units."""
HEIGHT = 160
"""The viewBox's height in user units."""
LEFT = 40
"""Room for the y axis' numbers."""
RIGHT = 4
TOP = 8
BOTTOM = 20
"""Room under the baseline for the first and last x labels."""
GAP = 0.2
"""The share of each bar's slot left empty between bars."""
STEPS = (1, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10)
"""Round multiples of a power of ten an axis may end at."""


@dataclass(frozen=True)
class Bar:
    """One bar: its rectangle in user units and the value it stands for."""

    x: float
    y: float
    width: float
    height: float
    value: int


@dataclass(frozen=True)
class Tick:
    """A value on the y axis and the height it is drawn at."""

    y: float
    value: int


@dataclass(frozen=True)
class BarChart:
    """Bars over a baseline at ``base`` (the plot spans ``LEFT`` to ``WIDTH - RIGHT``)."""

    bars: list[Bar]
    ticks: list[Tick]
    ceiling: int
    reference: Tick | None
    width: int = WIDTH
    height: int = HEIGHT
    left: int = LEFT
    right: int = WIDTH - RIGHT
    base: int = HEIGHT - BOTTOM
    label_y: int = HEIGHT - 6


def nice_ceiling(value: int) -> int:
    """The smallest round number (1, 1.5, 2, 2.5, 3, 4, 5, 6 or 8 × a power of ten) ≥ ``value``; at least 1.

    >>> [nice_ceiling(v) for v in (0, 7, 12, 60, 2600, 10001)]
    [1, 8, 15, 60, 3000, 15000]
    """
    scale = 1
    while True:
        for step in STEPS:
            if step * scale >= value:
                return max(1, int(step * scale))
        scale *= 10


def _height_of(value: int, ceiling: int) -> float:
    return round((HEIGHT - BOTTOM - TOP) * value / ceiling, 1)


def bar_chart(values: list[int], reference: int | None = None) -> BarChart:
    """Bars for ``values`` left to right; ``reference`` (e.g. the level score) draws a line if it is on the axis."""
    ceiling = nice_ceiling(max([*values, reference or 0]))
    base = HEIGHT - BOTTOM
    slot = (WIDTH - RIGHT - LEFT) / max(1, len(values))
    bars = []
    for i, value in enumerate(values):
        height = _height_of(value, ceiling)
        x = round(LEFT + i * slot + slot * GAP / 2, 1)
        bars.append(Bar(x, round(base - height, 1), round(slot * (1 - GAP), 1), height, value))
    ticks = [
        Tick(round(base - _height_of(v, ceiling), 1), v)
        for v in sorted({0, ceiling // 2 if ceiling % 2 == 0 else 0, ceiling})
    ]
    line = Tick(round(base - _height_of(reference, ceiling), 1), reference) if reference else None
    return BarChart(bars, ticks, ceiling, line)
