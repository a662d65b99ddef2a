"""One rules contract: the engine's RULESETS, the browser's rules module and tools/verify_deal.py agree, number
by number, for every rules version.

The browser's module (static/js/rules/rules.js, run in node) has no rule number of its own: it reads each
version's JSON (``Ruleset.as_json``, what the pages carry). The standalone verifier keeps its own copy of
every version. For each version, each mode's scoring is asked the same moves (squares, lines, a board left
empty or not, the combo before) and must give the same points, line points, clear bonus and combo after;
each mode's Continues and the stars' numbers must be the same. A version the engine has and the verifier
lacks (or the other way round) fails too.

Marked ``needs("node")``: skipped on a machine without node, failed in CI (tests/services.py).
"""

from __future__ import annotations

import dataclasses
import itertools
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from game import engine
from game.engine.scoring import Combo
from tools import verify_deal

MODULE = Path(__file__).resolve().parents[2] / "static" / "js" / "rules" / "rules.js"
MODES = ("classic", "challenge", "daily", "practice")
PROBES = [
    (squares, lines, empty, combo, moves_left)
    for squares, lines, empty in itertools.product((1, 4, 9), range(7), (False, True))
    for combo, moves_left in ((0, 0), (1, 1), (2, 3), (5, 2))
]
"""The moves each scoring is asked: ``(squares, lines, board left empty, combo before, moves left before)``."""

SCRIPT = """
import { readFileSync } from "node:fs";
import { rulesetOf } from "./rules.mjs";
const { rulesets, modes, probes } = JSON.parse(readFileSync(0, "utf8"));
const out = {};
for (const [version, json] of Object.entries(rulesets)) {
  const rules = rulesetOf(json);
  out[version] = rules && {
    continues: rules.continues,
    stars: rules.stars,
    scores: Object.fromEntries(modes.map((mode) => [mode, probes.map(([squares, lines, empty, combo, left]) => {
      const r = rules.scoring[mode](squares, lines, empty, { combo, movesLeft: left });
      return [r.points, r.linePoints, r.clearBonus, r.combo.combo, r.combo.movesLeft];
    })])),
  };
}
process.stdout.write(JSON.stringify(out));
"""


def engine_numbers(rules: engine.Ruleset) -> dict:
    def score(mode: str, squares: int, lines: int, empty: bool, combo: int, left: int) -> list[int]:
        result, after = rules.scorings[mode].score(squares, lines, empty, Combo(combo, left))
        return [result.points, result.line_points, result.clear_bonus, after.combo, after.moves_left]

    return {
        "continues": {mode: rules.continues[mode] for mode in MODES},
        "stars": dataclasses.asdict(rules.stars),
        "scores": {mode: [score(mode, *probe) for probe in PROBES] for mode in MODES},
    }


def verifier_numbers(rules: verify_deal.Ruleset) -> dict:
    def score(mode: str, squares: int, lines: int, empty: bool, combo: int, left: int) -> list[int]:
        move = rules.scorings[mode].move(squares, lines, empty, (combo, left))
        return [move["points"], move["line_points"], move["clear_bonus"], move["combo"], move["left"]]

    stars = {
        "base": rules.stars_base,
        "score_step": rules.stars_score_step,
        "score_max": rules.stars_score_max,
        "high_score": rules.stars_high_score,
        "challenge_max": rules.stars_challenge_max,
    }
    return {
        "continues": {mode: rules.continues[mode] for mode in MODES},
        "stars": stars,
        "scores": {mode: [score(mode, *probe) for probe in PROBES] for mode in MODES},
    }


def browser_numbers(tmp_path: Path) -> dict:
    """Every version's numbers as the browser's module gives them, from the JSON the pages carry."""
    shutil.copy(MODULE, tmp_path / "rules.mjs")  # an ES module by its name (static/ has no package.json)
    (tmp_path / "run.mjs").write_text(SCRIPT)
    given = {
        "rulesets": {str(version): rules.as_json() for version, rules in engine.RULESETS.items()},
        "modes": MODES,
        "probes": PROBES,
    }
    done = subprocess.run(
        [shutil.which("node") or "node", str(tmp_path / "run.mjs")],
        input=json.dumps(given),
        capture_output=True,
        text=True,
        check=True,
    )
    return json.loads(done.stdout)


def differences(tmp_path: Path) -> list[str]:
    """Each number on which the three disagree, named by version, part and mode: ``[]`` when they agree."""
    browser = browser_numbers(tmp_path)
    versions = sorted({str(version) for version in engine.RULESETS} | set(verify_deal.RULESETS))
    found = []
    for version in versions:
        rules, checked = engine.RULESETS.get(int(version)), verify_deal.RULESETS.get(version)
        if rules is None or checked is None or browser.get(version) is None:
            found.append(f"version {version}: engine {rules is not None}, verifier {checked is not None}, browser")
            continue
        sides = {"engine": engine_numbers(rules), "browser": browser[version], "verifier": verifier_numbers(checked)}
        for part in ("continues", "stars", "scores"):
            for side in ("browser", "verifier"):
                mine, theirs = sides["engine"][part], sides[side][part]
                found += [
                    f"version {version} {part} {key}: engine {mine[key]}, {side} {theirs.get(key)}"
                    for key in mine
                    if mine[key] != theirs.get(key)
                ]
    return found


@pytest.mark.needs("node")
def test_the_engine_the_browser_module_and_the_standalone_verifier_agree_on_every_version(tmp_path):
    assert differences(tmp_path) == []
    first = engine_numbers(engine.ruleset(1))
    assert first["continues"] == {"classic": 1, "challenge": 1, "daily": 0, "practice": 0}
    assert first["stars"] == {"base": 1, "score_step": 2500, "score_max": 5, "high_score": 2, "challenge_max": 20}
    probe = PROBES.index((4, 2, True, 2, 3))  # a double at combo 2 that empties the board
    assert first["scores"]["classic"][probe] == [40 + 600 + 3000, 600, 3000, 3, 3]
    assert first["scores"]["practice"][probe] == [4 + 20, 20, 0, 0, 0]


@pytest.mark.needs("node")
def test_a_version_one_side_lacks_or_numbers_otherwise_is_named(tmp_path, monkeypatch):
    first = engine.ruleset(1)
    classic = dataclasses.replace(first.scorings["classic"], empty_board_bonus=4_000, combo_moves=4)
    scorings = {**first.scorings, "classic": classic, "daily": classic, "challenge": classic}
    stars = dataclasses.replace(first.stars, score_step=2_000)
    monkeypatch.setitem(engine.RULESETS, 2, dataclasses.replace(first, version=2, scorings=scorings, stars=stars))
    assert differences(tmp_path) == ["version 2: engine True, verifier False, browser"]

    monkeypatch.setitem(verify_deal.RULESETS, "2", verify_deal.RULESETS["1"])  # the verifier's copy not updated
    found = differences(tmp_path)
    assert "version 2 stars score_step: engine 2000, verifier 2500" in found
    assert not any("browser" in line for line in found)  # the browser reads the engine's numbers
    assert {line.split(":")[0] for line in found} == {
        "version 2 stars score_step",
        *(f"version 2 scores {mode}" for mode in ("classic", "challenge", "daily")),
    }


def test_the_browser_module_writes_no_rule_number_in():
    """Its numbers are the board's (8 cells a side, the bit masks of a row and a column), counting's (0, 1) and
    nothing else: every rule number comes from the rules JSON."""
    code = re.sub(r"/\*.*?\*/|//[^\n]*", "", MODULE.read_text(), flags=re.S)
    code = re.sub(r'"[^"\n]*"|`[^`]*`', '""', code)
    literals = set(re.findall(r"(?<![\w.])(0x[0-9a-f_]+n?|\d[\d_]*n?)(?!\w)", code))
    assert literals == {"0", "0n", "1", "1n", "8", "0xffn", "0x0101_0101_0101_0101n"}
