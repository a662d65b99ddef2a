"""Fixtures for the looks: the 17 shipped looks and stars to buy them (players and API clients: tests/conftest.py)."""

import importlib

import pytest

SHIPPED = importlib.import_module("themes.migrations.0002_looks").LOOKS
"""The looks the data migration ships (the single source of their seed values)."""


def ensure_looks():
    """Put the shipped looks back if a transactional test flushed them (the migration added them once)."""
    from themes.models import Theme

    for look in SHIPPED:
        Theme.objects.get_or_create(slug=look["slug"], defaults={k: v for k, v in look.items() if k != "slug"})


@pytest.fixture
def looks(db):
    ensure_looks()
    from themes.models import Theme

    return {look.slug: look for look in Theme.objects.all()}


def give_stars(player, amount: int):
    """Pay ``player`` stars the way a finished game would: a ledger row and the cached balance."""
    from django.db import transaction

    from blockknock.accounts.models import StarReason
    from blockknock.accounts.services import stars_add
    from blockknock.calendar import game_day

    with transaction.atomic():
        stars_add(player=player, amount=amount, reason=StarReason.GAME, day=game_day())
    player.refresh_from_db()
    return player
