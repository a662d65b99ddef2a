"""game/engine/__init__.py: the engine's public API (the names the apps and tools import); no Django in the engine."""

import pathlib
import re
import subprocess
import sys

import game.engine as engine

ENGINE_DIR = pathlib.Path(engine.__file__).resolve().parent
REPO_ROOT = ENGINE_DIR.parents[1]

CONTRACT_NAMES = [
    # bitboard
    "SIZE",
    "FULL",
    "ROW_MASKS",
    "COL_MASKS",
    "bit",
    "from_rows",
    "to_rows",
    "full_lines",
    "popcount",
    # pieces
    "Piece",
    "PIECES",
    "BASE_SET",
    "piece_set",
    # board
    "anchors",
    "fits",
    "place",
    "Placement",
    # scoring
    "Combo",
    "ClassicScoring",
    "PracticeScoring",
    "MoveResult",
    # stream, deal, solver
    "DealStream",
    "deal_hand",
    "witness",
    "can_place_all",
    # game
    "Status",
    "Rules",
    "Ruleset",
    "RULESETS",
    "CURRENT_RULES",
    "ruleset",
    "CLASSIC",
    "PRACTICE",
    "DAILY",
    "challenge_rules",
    "GameState",
    "new_game",
    "play",
    "continue_game",
    "decline",
    "replay",
    "encode",
    "decode",
    "events_of",
    # errors
    "EngineError",
    "InvalidMoveError",
    "IllegalMoveError",
    "NotPlayingError",
    "SlotUsedError",
    "NoContinueError",
    "InvalidBoardError",
]

MODULE_NAMES = {
    "bitboard": [
        "SIZE",
        "FULL",
        "ROW_MASKS",
        "COL_MASKS",
        "bit",
        "from_rows",
        "to_rows",
        "full_lines",
        "popcount",
    ],
    "pieces": ["Piece", "PIECES", "BASE_SET", "piece_set"],
    "board": ["anchors", "fits", "place", "Placement"],
    "scoring": ["Combo", "ClassicScoring", "PracticeScoring", "MoveResult"],
    "stream": ["DealStream"],
    "deal": ["deal_hand"],
    "solver": ["witness", "can_place_all"],
    "rules": [
        "Rules",
        "Ruleset",
        "RULESETS",
        "CURRENT_RULES",
        "CLASSIC",
        "PRACTICE",
        "DAILY",
        "challenge_rules",
        "ruleset",
    ],
    "game": ["Status", "GameState", "new_game", "play", "continue_game", "decline", "replay"],
}


def test_every_contract_name_is_exported_from_the_package():
    for name in CONTRACT_NAMES:
        assert hasattr(engine, name), name
    assert set(engine.__all__) <= set(dir(engine))
    assert len(engine.__all__) == len(set(engine.__all__))


def test_every_contract_name_lives_in_its_contract_module():
    import importlib

    for module, names in MODULE_NAMES.items():
        mod = importlib.import_module(f"game.engine.{module}")
        for name in names:
            assert getattr(mod, name) is getattr(engine, name), (module, name)


def test_the_game_state_fields_are_the_contract_fields_in_order():
    import dataclasses

    fields = [f.name for f in dataclasses.fields(engine.GameState)]
    assert fields == [
        "rules",
        "seed",
        "board",
        "hand",
        "used",
        "deals",
        "score",
        "combo",
        "moves",
        "continues_left",
        "status",
        "dealer",
        "client_seed",
        "label",
    ]
    assert [f.name for f in dataclasses.fields(engine.MoveResult)] == [
        "squares",
        "lines",
        "rows",
        "cols",
        "combo",
        "line_points",
        "clear_bonus",
        "points",
    ]
    assert [f.name for f in dataclasses.fields(engine.Placement)] == ["board", "rows", "cols", "squares"]
    assert [f.name for f in dataclasses.fields(engine.Combo)] == ["combo", "moves_left"]
    assert [f.name for f in dataclasses.fields(engine.Piece) if f.init] == [
        "id",
        "family",
        "cells",
        "mask",
        "height",
        "width",
    ]
    assert [f.name for f in dataclasses.fields(engine.Rules)][:5] == [
        "name",
        "pieces",
        "scoring",
        "continues",
        "target",
    ]


def test_values_are_frozen():
    import dataclasses

    import pytest

    state = engine.new_game(engine.CLASSIC, b"frozen", dealer=1)
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.score = 10
    with pytest.raises(dataclasses.FrozenInstanceError):
        engine.PIECES["mono"].id = "x"


def test_no_module_of_the_engine_imports_django():
    pattern = re.compile(r"^\s*(import|from)\s+django\b|import_module\(.django", re.MULTILINE)
    for path in ENGINE_DIR.glob("*.py"):
        assert not pattern.search(path.read_text()), path


def test_importing_the_engine_loads_no_django():
    code = "import sys, game.engine; print(any(m.split('.')[0] == 'django' for m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", code], cwd=REPO_ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
