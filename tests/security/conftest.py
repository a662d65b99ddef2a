"""Fixtures for the abuse, cheating and hardening tests: throttle rates (players and API clients: tests/conftest.py)."""

import pytest
from django.conf import settings
from django.test import override_settings


@pytest.fixture
def rates():
    """``rates(guest="2/min", ...)``: override some throttle rates for the rest of the test."""
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
