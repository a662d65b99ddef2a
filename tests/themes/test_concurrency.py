"""Two buys at the same moment charge once (PostgreSQL row locks; CI runs it)."""

import pytest

from blockknock.accounts.models import Player, StarEntry, StarReason, ledger_balance
from tests.helpers import race
from themes import services
from themes.models import Purchase

from .conftest import ensure_looks, give_stars

pytestmark = [
    pytest.mark.needs("postgresql"),  # row locks
    pytest.mark.django_db(transaction=True),
]


@pytest.fixture
def rich_player():
    ensure_looks()
    from blockknock.accounts.services import guest_create

    return give_stars(guest_create(), 120)


def test_two_parallel_buys_of_the_same_look_charge_once(rich_player):
    outcomes = race(2, lambda i: services.theme_buy(player=rich_player, slug="aurora").stars)
    assert outcomes == [70, 70]  # both see the look bought, for 50 stars in all
    assert Player.objects.get(pk=rich_player.pk).stars == 70
    assert ledger_balance(rich_player) == 70
    assert StarEntry.objects.filter(player=rich_player, reason=StarReason.PURCHASE).count() == 1
    assert Purchase.objects.filter(player=rich_player).count() == 1


def test_many_parallel_buys_of_the_same_look_charge_once(rich_player):
    outcomes = race(6, lambda i: services.theme_buy(player=rich_player, slug="ember").stars)
    assert outcomes == [35] * 6
    assert StarEntry.objects.filter(player=rich_player, reason=StarReason.PURCHASE).count() == 1


def test_parallel_buys_of_two_looks_never_overdraw(rich_player):
    # 120 stars: Ember (85) and Aurora (50) cannot both be paid
    slugs = ["ember", "aurora"]
    outcomes = race(2, lambda i: services.theme_buy(player=rich_player, slug=slugs[i]).stars)
    assert sorted(map(str, outcomes)) in (["35", "not_enough_stars"], ["70", "not_enough_stars"])
    player = Player.objects.get(pk=rich_player.pk)
    assert player.stars == ledger_balance(player) >= 0
    assert Purchase.objects.filter(player=player).count() == 1
