"""The browser's rules (static/js/rules/rules.js: place, clears, scoring) agree with the engine, number for number.

The play page's board predicts every move with that module before the server answers;
the "Was it fair?" page checks replays with it. Here games are played
through the engine (game.engine.play) by every mode's rules -- Classic, Practice, the
Daily and a challenge with the added pieces -- by a random and a greedy bot (the greedy
one clears lines, so combos and board clears happen), plus docs/rules.md's worked examples.
Each move's board, combo and piece go through the module in node, scored by the numbers of the
rules JSON the pages carry (``Ruleset.as_json``) for the game's mode; the points, line
points, lines, cleared rows and columns, combo, moves left, clear bonus and the board
after must equal the engine's.
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from pathlib import Path

import pytest

from game import engine
from game.engine.bitboard import COL_MASKS, ROW_MASKS, bit, from_rows, to_rows
from game.engine.scoring import Combo
from tools.bots import greedy_bot, random_bot

NODE = shutil.which("node")
MODULE = Path(__file__).resolve().parents[2] / "static" / "js" / "rules" / "rules.js"
RULES = {
    "classic": engine.CLASSIC,
    "practice": engine.PRACTICE,
    "daily": engine.DAILY,
    "challenge-15": engine.challenge_rules(15, 10**9, engine.piece_set(15)),
}
SCRIPT = """
import { readFileSync } from "node:fs";
import { boardFromText, boardText, Piece, playMove, rulesetOf } from "./rules.mjs";
const { rules, cases } = JSON.parse(readFileSync(0, "utf8"));
const ruleset = rulesetOf(rules);
const out = cases.map((m) => {
  const combo = { combo: m.combo, movesLeft: m.moves_left };
  const piece = new Piece("played", m.cells);
  const r = playMove(boardFromText(m.board), combo, piece, m.row, m.col, ruleset.scoring[m.mode]);
  return { points: r.points, line_points: r.linePoints, clear_bonus: r.clearBonus, lines: r.lines, rows: r.rows,
    cols: r.cols, combo: r.combo.combo, moves_left: r.combo.movesLeft, board_after: boardText(r.board) };
});
process.stdout.write(JSON.stringify(out));
"""


def _move(state: engine.GameState, slot: int, row: int, col: int) -> tuple[dict, dict, engine.GameState]:
    after, result = engine.play(state, slot, row, col)
    given = {
        "board": "".join(to_rows(state.board)),
        "combo": state.combo.combo,
        "moves_left": state.combo.moves_left,
        "cells": [list(cell) for cell in state.hand[slot].cells],
        "row": row,
        "col": col,
        "mode": state.rules.name,
    }
    expected = {
        "points": result.points,
        "line_points": result.line_points,
        "clear_bonus": result.clear_bonus,
        "lines": result.lines,
        "rows": list(result.rows),
        "cols": list(result.cols),
        "combo": after.combo.combo,
        "moves_left": after.combo.moves_left,
        "board_after": "".join(to_rows(after.board)),
    }
    assert after.score == state.score + result.points
    return given, expected, after


def _played_games() -> list[tuple[dict, dict]]:
    moves = []
    rng = random.Random(24)
    for name, rules in RULES.items():
        for bot in (random_bot, greedy_bot):
            for game in range(4):
                state = engine.new_game(rules, f"{name}-{bot.__name__}-{game}".encode(), dealer=1)
                while True:
                    if state.status == engine.Status.NO_MOVES:
                        state = engine.continue_game(state)
                    if state.status != engine.Status.PLAYING:
                        break
                    given, expected, state = _move(state, *bot(state, rng))
                    moves.append((given, expected))
    return moves


def _worked_examples() -> list[tuple[dict, dict]]:
    """docs/rules.md § Scoring's boards: examples 1, 3 and 5 (by both rules), through play()."""

    def at(board, piece, combo, rules, row, col):
        state = engine.GameState(
            rules=rules,
            seed=b"examples",
            board=board,
            hand=(engine.PIECES[piece], engine.PIECES["mono"], engine.PIECES["mono"]),
            used=(False, False, False),
            deals=1,
            score=0,
            combo=combo,
            moves=0,
            continues_left=rules.continues,
            status=engine.Status.PLAYING,
            dealer=1,
        )
        given, expected, _ = _move(state, 0, row, col)
        return given, expected

    example_1 = from_rows(["..######", "..######"] + ["........"] * 5 + ["#......."])
    example_3 = from_rows(["...#####"] * 3 + ["##......"] * 4 + ["##.....#"])
    example_5 = (ROW_MASKS[3] | COL_MASKS[3]) ^ bit(3, 3)
    return [
        at(example_1, "O4", Combo(2, 1), engine.CLASSIC, 0, 0),
        at(example_3, "O9", Combo(), engine.CLASSIC, 0, 0),
        at(example_5, "mono", Combo(), engine.CLASSIC, 3, 3),
        at(example_5, "mono", Combo(), engine.PRACTICE, 3, 3),
    ]


def _run_module(cases: list[dict], tmp_path: Path) -> list[dict]:
    shutil.copy(MODULE, tmp_path / "rules.mjs")  # an ES module by its name (static/ has no package.json)
    (tmp_path / "run.mjs").write_text(SCRIPT)
    given = {"rules": engine.ruleset(1).as_json(), "cases": cases}
    done = subprocess.run(
        [NODE, str(tmp_path / "run.mjs")], input=json.dumps(given), capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout)


@pytest.mark.needs("node")
def test_the_browser_rules_reproduce_every_move_of_every_modes_games_and_the_worked_examples(tmp_path):
    examples = _worked_examples()
    assert [expected["points"] for _, expected in examples] == [640, 2090, 3210, 21]
    moves = _played_games() + examples
    assert {given["mode"] for given, _ in moves} == {"classic", "practice", "daily", "challenge"}
    assert sum(expected["lines"] > 1 for _, expected in moves) > 10  # combos and multi-line clears were played
    assert sum(expected["combo"] > 1 for _, expected in moves) > 10
    computed = _run_module([given for given, _ in moves], tmp_path)
    assert len(computed) == len(moves) > 500
    for (given, expected), got in zip(moves, computed, strict=True):
        assert got == expected, given
