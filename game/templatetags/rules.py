"""Template tags of the rules: the engine's numbers for pages that explain them (How to play's short version)."""

from django import template

from ..engine import HAND_SIZE
from ..engine.scoring import COMBO_MOVES, EMPTY_BOARD_BONUS, LINE_POINTS

register = template.Library()


@register.simple_tag
def rule_numbers() -> dict:
    """The pieces in a hand, the points of one line, the moves a combo waits and the empty-board bonus."""
    return {"hand": HAND_SIZE, "line": LINE_POINTS, "combo_moves": COMBO_MOVES, "bonus": EMPTY_BOARD_BONUS}
