"""scripts/flaky (tools/flaky.py): each run in its own order, its failures listed with the seed."""

from __future__ import annotations

import pytest

from tools import flaky


@pytest.fixture
def logs(tmp_path, monkeypatch):
    monkeypatch.setattr(flaky, "LOGS", tmp_path / "logs")
    return tmp_path / "logs"


def test_a_passing_test_runs_each_time_and_the_summary_says_none_failed(logs, capsys):
    assert flaky.main(["--runs", "2", "--no-hog", "tests/engine/test_init.py"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [line.split(" seed ")[0] for line in out[:2]] == ["run 1/2", "run 2/2"]
    assert all(" passed" in line for line in out[:2])
    assert out[2] == "flaky: 2 runs, 0 with failures"
    assert sorted(path.name for path in logs.iterdir()) == ["run-1.log", "run-2.log"]


def test_a_failing_test_is_listed_with_the_seed_of_its_run(logs, tmp_path, capsys):
    test = tmp_path / "test_always_fails.py"
    test.write_text("def test_no():\n    assert 1 == 2\n")
    assert flaky.main(["--runs", "1", str(test), "--rootdir", str(tmp_path), "-p", "no:django"]) == 1
    out = capsys.readouterr().out.splitlines()
    seed = out[0].split(" seed ")[1].split(":")[0]
    assert out[0].endswith(")") and "1 failed" in out[0]
    assert out[2] == "flaky: 1 runs beside a one-core CPU hog, 1 with failures"
    assert out[3].endswith(f"test_no: failed in 1 run(s), seeds {seed}")
