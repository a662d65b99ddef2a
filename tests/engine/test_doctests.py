"""Every engine module's ``>>>`` examples run and pass (the docstrings are the reference).

Also runnable as ``pytest --doctest-modules game/engine``; this test makes sure CI
runs them with the plain test command.
"""

import doctest
import importlib

import pytest

MODULES = [
    "game.engine",
    "game.engine.bitboard",
    "game.engine.board",
    "game.engine.colours",
    "game.engine.deal",
    "game.engine.errors",
    "game.engine.game",
    "game.engine.pieces",
    "game.engine.review",
    "game.engine.rules",
    "game.engine.scoring",
    "game.engine.solver",
    "game.engine.stream",
    "game.engine.tables",
    "game.engine.together",
    "tools.bots",
    "tools.deal_bench",
]


@pytest.mark.parametrize("name", MODULES)
def test_the_module_doctests_pass(name):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False)
    assert result.attempted > 0, f"{name} has no doctest examples"
    assert result.failed == 0, f"{result.failed} doctest example(s) failed in {name}"
