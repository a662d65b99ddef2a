"""Fixtures of the game app's tests."""

from types import SimpleNamespace

import pytest

import game.models.seeds
from game import modes

SERVER_SEED = bytes(range(32))
"""The server seed every new game gets under :func:`fixed_seeds`."""
CLIENT_SEED = "ab" * 16
"""The client seed the server draws for every start that sent none under :func:`fixed_seeds`."""


@pytest.fixture
def fixed_seeds(monkeypatch):
    """Every server seed drawn is :data:`SERVER_SEED` and every client seed the server draws is
    :data:`CLIENT_SEED` (both are drawn from :mod:`secrets`): the same game every run."""
    monkeypatch.setattr(game.models.seeds, "secrets", SimpleNamespace(token_bytes=lambda n: SERVER_SEED[:n]))
    monkeypatch.setattr(modes, "secrets", SimpleNamespace(token_hex=lambda n: CLIENT_SEED[: 2 * n]))
