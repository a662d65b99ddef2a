"""Template tags of the rules: the engine's and the rewards' numbers for the pages that explain them, so a
change to a number is one change (How to play, How scoring works, the end cards, the header's badges).

:func:`rule_numbers` are those new games play by: the rules version :data:`engine.CURRENT_RULES`.
:func:`rules_json`, :func:`rulesets_json` and :func:`combo_dots` are a game's own version's (the play page,
"Was it fair?"): the JSON the browser's rules module reads (static/js/rules/rules.js)."""

from django import template

from .. import engine, rewards
from ..engine.scoring import ClassicScoring, Combo, PracticeScoring

register = template.Library()


def _scoring() -> dict:
    """docs/rules.md § Scoring (default rules): the Classic's and Practice's numbers and the worked examples,
    computed by the engine's own scoring."""
    scorings = engine.ruleset(engine.CURRENT_RULES).scorings
    classic, practice = scorings["classic"], scorings["practice"]
    assert isinstance(classic, ClassicScoring) and isinstance(practice, PracticeScoring)
    return {
        "square": classic.points_per_square,
        "square_2x2": classic.score(4, 0, False, Combo())[0].points,
        "square_3x3": classic.score(9, 0, False, Combo())[0].points,
        "line": classic.line_points_unit,
        "line_table": [(n, classic.line_points(n, 1)) for n in range(1, 7)],
        "bonus": classic.empty_board_bonus,
        "combo_moves": classic.combo_moves,
        "first_clear": classic.score(3, 1, False, Combo())[0].points,
        "double_at_2": classic.score(4, 2, False, Combo(2, 1))[0].points,
        "board_clear": classic.score(1, 2, True, Combo())[0].points,
        "practice_square": practice.points_per_square,
        "practice_line": practice.points_per_line,
        "practice_cross": practice.score(1, 2, True, Combo())[0].points,
    }


def _stars() -> dict:
    """docs/rules.md § Stars, levels, and the worked example (7,600 points, above a best of 5,000)."""
    current = engine.ruleset(engine.CURRENT_RULES)
    stars = current.stars
    example = rewards.star_award(numbers=stars, score=7600, best_before=5000, won_challenge=None, paid_today=0)
    return {
        "level_score": rewards.LEVEL_SCORE,
        "stars_base": stars.base,
        "stars_step": stars.score_step,
        "stars_max": stars.score_max,
        "stars_high_score": stars.high_score,
        "stars_challenge_max": stars.challenge_max,
        "stars_cap": rewards.STARS_DAILY_CAP,
        "daily_win": current.daily_win_stars,
        "example_steps": example.score_bonus,
        "example_stars": example.earned,
    }


@register.simple_tag
def rule_numbers() -> dict:
    """Every rule number a page states: the pieces in a hand, :func:`_scoring`'s and :func:`_stars`'."""
    return {"hand": engine.HAND_SIZE, **_scoring(), **_stars()}


@register.simple_tag
def rules_json(version: int) -> dict:
    """Every number of rules ``version`` for the play page's board (:meth:`engine.Ruleset.as_json`)."""
    return engine.ruleset(version).as_json()


@register.simple_tag
def rulesets_json() -> dict:
    """Every rules version's numbers, by version as a game's ``fair.rules`` names it ("Was it fair?")."""
    return {str(version): rules.as_json() for version, rules in engine.RULESETS.items()}


@register.filter
def combo_dots(game) -> list[bool]:
    """The COMBO pill's dots of ``game``: one per move of its rules version's combo window, lit for each left."""
    return [n < game.combo_moves_left for n in range(game.ruleset.combo_moves)]
