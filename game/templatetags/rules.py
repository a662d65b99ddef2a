"""Template tags of the rules: the current rules version's numbers for pages that explain them (How to play)."""

from django import template

from .. import engine

register = template.Library()


@register.simple_tag
def rule_numbers() -> dict:
    """The pieces in a hand, the points of one line, the moves a combo waits and the empty-board bonus, as new
    games play them (:data:`engine.CURRENT_RULES`)."""
    classic = engine.ruleset(engine.CURRENT_RULES).scorings["classic"]
    assert isinstance(classic, engine.ClassicScoring), "the Classic is scored by ClassicScoring"
    return {
        "hand": engine.HAND_SIZE,
        "line": classic.line_points_unit,
        "combo_moves": classic.combo_moves,
        "bonus": classic.empty_board_bonus,
    }
