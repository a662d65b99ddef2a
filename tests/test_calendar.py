"""The game calendar's docstring examples (the weeks the leaderboards count in) run as tests."""

import doctest

from blockknock import calendar


def test_calendar_doctests():
    failures, tried = doctest.testmod(calendar)
    assert (failures, tried > 0) == (0, True)
