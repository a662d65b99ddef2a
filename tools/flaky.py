"""Find flaky tests: ``scripts/flaky [--runs N] [--no-hog] [PYTEST ARGS]`` (default: ``tests/e2e``).

Runs the chosen tests ``N`` times, each in a new random order (pytest-randomly, a fresh
``--randomly-seed`` per run), while a CPU hog keeps one core busy the whole time (a
second suite or a phone's slow CPU is what makes a race show). After each run it prints
one line: the run, its seed, pytest's closing counts and the time; after all runs, every
failed test with the seeds of the runs it failed in, so ``scripts/test --randomly-seed=S
TEST`` repeats the order. Each run's whole output is kept in ``var/flaky/run-K.log``.
Exit status 1 when any run failed.

>>> _failed_tests("FAILED tests/e2e/test_a.py::test_x[360-en] - AssertionError: no\\nERROR tests/b.py::t")
['tests/e2e/test_a.py::test_x[360-en]', 'tests/b.py::t']
>>> _counts("== 1 failed, 190 passed, 3 skipped in 412.05s (0:06:52) ==")
'1 failed, 190 passed, 3 skipped'
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import re
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
LOGS = REPO_ROOT / "var" / "flaky"

_FAILED = re.compile(r"^(?:FAILED|ERROR) (\S+)", re.MULTILINE)
_COUNTS = re.compile(r"^[= ]*(\d+ \w+(?:, \d+ \w+)*) in [\d.]+s", re.MULTILINE)


def _failed_tests(output: str) -> list[str]:
    return _FAILED.findall(output)


def _counts(output: str) -> str:
    found = _COUNTS.findall(output)
    return found[-1] if found else "no summary (pytest did not finish)"


def _hog() -> None:  # pragma: no cover - runs in the hog's own process
    """Spin on one core until killed."""
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {0})
    while True:
        pass


def _run(number: int, seed: int, pytest_args: list[str]) -> tuple[list[str], str, float]:
    command = [sys.executable, "-m", "pytest", "-p", "randomly", f"--randomly-seed={seed}", "-q", "-rfE"]
    command += ["--no-cov", "-p", "no:cacheprovider", *pytest_args]
    started = time.monotonic()
    done = subprocess.run(command, cwd=REPO_ROOT, capture_output=True, text=True, check=False)
    output = done.stdout + done.stderr
    (LOGS / f"run-{number}.log").write_text(output)
    failed = _failed_tests(output)
    if done.returncode not in (0, 1) and not failed:  # an internal error or no test collected
        failed = [f"(pytest exit {done.returncode}, see var/flaky/run-{number}.log)"]
    return failed, _counts(output), time.monotonic() - started


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=20, help="how many runs (default 20)")
    parser.add_argument("--no-hog", action="store_true", help="no CPU hog beside the runs")
    options, pytest_args = parser.parse_known_args(argv)
    pytest_args = pytest_args or ["tests/e2e"]
    LOGS.mkdir(parents=True, exist_ok=True)
    hog = None if options.no_hog else multiprocessing.get_context("spawn").Process(target=_hog, daemon=True)
    if hog:
        hog.start()
    failures: dict[str, list[int]] = defaultdict(list)
    failed_runs = 0
    try:
        for number in range(1, options.runs + 1):
            seed = random.randrange(2**32)
            failed, counts, seconds = _run(number, seed, pytest_args)
            failed_runs += bool(failed)
            print(f"run {number}/{options.runs} seed {seed}: {counts} ({seconds:.0f} s)", flush=True)
            for test in failed:
                failures[test].append(seed)
                print(f"    {test}", flush=True)
    finally:
        if hog:
            hog.kill()
    print(f"flaky: {options.runs} runs{' beside a one-core CPU hog' if hog else ''}, {failed_runs} with failures")
    for test, seeds in sorted(failures.items()):
        print(f"  {test}: failed in {len(seeds)} run(s), seeds {', '.join(map(str, seeds))}")
    return 1 if failed_runs else 0


if __name__ == "__main__":
    sys.exit(main())
