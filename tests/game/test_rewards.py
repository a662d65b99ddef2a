"""docs/rules.md § Stars, levels as exact values (the pure rule, no database), by rules version 1's numbers."""

import pytest

from game.engine import ruleset
from game.rewards import raises_level, star_award


def award(score, best_before=None, won=None, paid_today=0, high=True):
    return star_award(
        numbers=ruleset(1).stars,
        score=score,
        best_before=best_before,
        won_challenge=won,
        paid_today=paid_today,
        high_score_counts=high,
    )


@pytest.mark.parametrize(
    ("score", "paid"),
    [(0, 1), (2499, 1), (2500, 2), (7600, 4), (12499, 5), (12500, 6), (99000, 6)],
)
def test_a_finished_game_earns_one_plus_one_per_2500_up_to_five(score, paid):
    assert award(score).paid == paid


def test_beating_the_earlier_best_adds_two_only_when_strictly_greater():
    assert award(7601, best_before=7600).paid == 6
    assert award(7600, best_before=7600).paid == 4
    assert award(7601, best_before=None).paid == 4


def test_the_daily_never_gets_the_high_score_bonus():
    assert award(7601, best_before=100, high=False).paid == 4


def test_a_won_challenge_pays_its_number_up_to_twenty_unless_the_usual_is_more():
    assert award(3500, won=6).as_dict() == {
        "base": 1,
        "score_bonus": 1,
        "high_score": 0,
        "challenge": 4,
        "capped": 0,
        "earned": 6,
        "paid": 6,
    }
    assert award(13000, won=25).paid == 20
    assert award(13000, best_before=100, won=3).paid == 8
    assert award(1600, won=1).paid == 1


def test_stars_over_sixty_a_day_are_not_paid():
    assert award(12500, paid_today=56).as_dict()["capped"] == 2
    assert award(12500, paid_today=56).paid == 4
    assert award(12500, paid_today=60).paid == 0
    assert award(13000, won=25, paid_today=50).paid == 10


def test_level_rises_from_2500():
    assert (raises_level(2499), raises_level(2500)) == (False, True)


def test_the_stars_detail_worked_example_of_the_api_contract():
    """docs/api.md § Games, StarsDetail: challenge 12 won with 5,400 over an earlier 4,000, 55 stars paid that day."""
    award = star_award(score=5400, best_before=4000, won_challenge=12, paid_today=55, numbers=ruleset(1).stars)
    assert award.as_dict() == {
        "base": 1,
        "score_bonus": 2,
        "high_score": 2,
        "challenge": 7,
        "capped": 7,
        "earned": 12,
        "paid": 5,
    }
