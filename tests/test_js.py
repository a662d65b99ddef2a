"""The JavaScript unit tests (tests/js/*.test.js, node's built-in ``node:test`` runner), run from pytest so that
``scripts/test`` and CI run them with everything else: the board's move controller (static/js/board/moves.js)
has no DOM, so node runs it as the page does.

Marked ``needs("node")``: skipped on a machine without node, failed in CI (tests/services.py).
"""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted((ROOT / "tests" / "js").glob("*.test.js"))


@pytest.mark.needs("node")
def test_the_javascript_unit_tests_pass():
    assert FILES, "no tests/js/*.test.js"
    node = shutil.which("node")
    assert node is not None
    # each file named: node 20 searches a directory for tests, later versions take only files and globs
    done = subprocess.run(
        [node, "--test", *(str(path.relative_to(ROOT)) for path in FILES)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    output = done.stdout + done.stderr
    counts = {name: int(n) for name, n in re.findall(r"^# (tests|pass|fail) (\d+)$", output, re.MULTILINE)}
    assert done.returncode == 0, output
    assert counts["fail"] == 0, output
    assert counts["pass"] == counts["tests"] > 0, output
