"""Root pytest configuration: the coverage floor holds for whole-suite runs only.

pyproject.toml's addopts turn on branch coverage (``--cov``) for every run, and
``[tool.coverage.report] fail_under`` is the floor. A run of a few files or a
``-k``/``-m`` selection covers less by design: there the floor and the report are off
(ask for one with ``--cov-report=term``). Suite-wide fixtures live in tests/conftest.py.
"""

from __future__ import annotations

import pytest


def _selects_part_of_the_suite(config: pytest.Config) -> bool:
    """True when the run is not the whole suite: paths given, or a filter on the tests."""
    option = config.option
    return config.args_source is not pytest.Config.ArgsSource.TESTPATHS or bool(
        option.keyword or option.markexpr or option.deselect or option.lf
    )


def pytest_configure(config: pytest.Config) -> None:
    coverage = config.pluginmanager.get_plugin("_cov")
    if coverage is None or not _selects_part_of_the_suite(config):
        return
    coverage.options.cov_fail_under = None
    if coverage.options.cov_report == ["term"]:  # pytest-cov's default: no report was asked for
        coverage.options.cov_report = {}
