"""Fixtures for the abuse, cheating and hardening tests: players, API clients, rates."""

import pytest
from django.conf import settings
from django.test import override_settings

from blockknock.accounts.services import guest_create
from game import services
from tests.game.conftest import api_client_for


@pytest.fixture
def player(db):
    return guest_create()


@pytest.fixture
def other_player(db):
    return guest_create()


@pytest.fixture
def api(player):
    return api_client_for(player)


@pytest.fixture
def other_api(other_player):
    return api_client_for(other_player)


@pytest.fixture
def classic(player):
    return services.game_start(player=player, mode="classic")


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
