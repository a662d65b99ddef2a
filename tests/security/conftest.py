"""Fixtures for the abuse, cheating and hardening tests: throttle rates (players and API clients: tests/conftest.py)."""

import pytest


@pytest.fixture
def rates(throttle_window, settings):
    """``rates(guest="2/min", ...)``: override some throttle rates for the rest of the test, on a
    stopped clock (``throttle_window``).

    Through pytest-django's ``settings``, which undoes every change in reverse order at the end: a test
    that also changes a setting does it through the same fixture. (An ``@override_settings`` decorator
    on such a test ended before these overrides did, and undoing them then put the decorator's value back
    for every later test: TRUSTED_PROXIES stayed ["10.0.0.2"].)"""

    def set_rates(**scopes):
        rest = settings.REST_FRAMEWORK
        settings.REST_FRAMEWORK = {**rest, "DEFAULT_THROTTLE_RATES": {**rest["DEFAULT_THROTTLE_RATES"], **scopes}}

    return set_rates


def pytest_terminal_summary(terminalreporter):
    """Say how many requests the route fuzzing sent (in this process: one xdist worker's share under ``-n``)."""
    from tests.security.test_fuzz_routes import SENT

    if SENT["requests"]:
        terminalreporter.write_line(f"route fuzzing: {SENT['requests']} generated requests")
