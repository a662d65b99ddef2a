"""The leaderboards' docstring examples run as tests."""

import doctest

from leaderboards import boards


def test_boards_doctests():
    failures, tried = doctest.testmod(boards)
    assert (failures, tried > 0) == (0, True)
