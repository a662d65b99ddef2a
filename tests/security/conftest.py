"""Fixtures for the abuse, cheating and hardening tests: throttle rates (players and API clients: tests/conftest.py)."""

import pytest
from django.conf import settings
from django.test import override_settings


@pytest.fixture
def rates(throttle_window):
    """``rates(guest="2/min", ...)``: override some throttle rates for the rest of the test, on a
    stopped clock (``throttle_window``)."""
    overrides = []

    def set_rates(**scopes):
        rest = settings.REST_FRAMEWORK
        override = override_settings(
            REST_FRAMEWORK={**rest, "DEFAULT_THROTTLE_RATES": {**rest["DEFAULT_THROTTLE_RATES"], **scopes}}
        )
        override.enable()
        overrides.append(override)

    yield set_rates
    for override in reversed(overrides):
        override.disable()


def pytest_terminal_summary(terminalreporter):
    """Say how many requests the route fuzzing sent (in this process: one xdist worker's share under ``-n``)."""
    from tests.security.test_fuzz_routes import SENT

    if SENT["requests"]:
        terminalreporter.write_line(f"route fuzzing: {SENT['requests']} generated requests")
