"""Buying looks with stars and putting them on (docs/rules.md § Looks, § Stars)."""

import pytest

from blockknock.accounts.models import StarEntry, StarReason, ledger_balance
from themes import selectors, services
from themes.errors import LookNotFound, NotEnoughStars, NotOwned
from themes.models import Purchase

from .conftest import give_stars

pytestmark = pytest.mark.usefixtures("looks")


def purchases(player):
    return list(Purchase.objects.filter(player=player).values_list("theme__slug", "price"))


def spent(player):
    return list(StarEntry.objects.filter(player=player, reason=StarReason.PURCHASE).values_list("amount", flat=True))


def test_buying_aurora_for_50_of_120_stars_leaves_70(player):
    give_stars(player, 120)
    player = services.theme_buy(player=player, slug="aurora")
    assert player.stars == 70
    assert purchases(player) == [("aurora", 50)]
    assert spent(player) == [-50]
    entry = StarEntry.objects.get(player=player, reason=StarReason.PURCHASE)
    assert entry.purchase.theme.slug == "aurora"  # the ledger row and the ownership row belong together
    assert ledger_balance(player) == 70
    assert player.theme == "glass"  # buying alone does not put it on


def test_buying_with_exactly_the_price_leaves_zero(player):
    give_stars(player, 1180)
    player = services.theme_buy(player=player, slug="paper-ink")
    assert (player.stars, ledger_balance(player)) == (0, 0)


def test_not_enough_stars_is_refused_and_changes_nothing(player):
    give_stars(player, 49)
    with pytest.raises(NotEnoughStars) as refused:
        services.theme_buy(player=player, slug="aurora")
    assert refused.value.code == "not_enough_stars"
    assert refused.value.status_code == 409
    assert str(refused.value.detail) == "Aurora costs 50 stars and you have 49: 1 more to go."
    player.refresh_from_db()
    assert (player.stars, purchases(player), spent(player)) == (49, [], [])


def test_buying_twice_charges_once(player):
    give_stars(player, 200)
    services.theme_buy(player=player, slug="ember")
    player = services.theme_buy(player=player, slug="ember")
    assert player.stars == 115
    assert purchases(player) == [("ember", 85)]
    assert spent(player) == [-85]


def test_buying_an_owned_look_is_a_no_op_even_without_the_stars_any_more(player):
    give_stars(player, 85)
    services.theme_buy(player=player, slug="ember")
    player = services.theme_buy(player=player, slug="ember")
    assert (player.stars, spent(player)) == (0, [-85])


def test_free_looks_are_owned_by_everyone_without_a_purchase(player):
    player = services.theme_buy(player=player, slug="velvet-dusk")
    assert (player.stars, purchases(player), spent(player)) == (0, [], [])
    player = services.theme_use(player=player, slug="midnight-arcade")
    assert player.theme == "midnight-arcade"


def test_buy_and_use_puts_the_look_on(player):
    give_stars(player, 50)
    player = services.theme_buy(player=player, slug="aurora", use=True)
    assert (player.theme, player.stars) == ("aurora", 0)
    player.refresh_from_db()
    assert player.theme == "aurora"


def test_a_look_not_bought_cannot_be_used(player):
    give_stars(player, 1000)
    with pytest.raises(NotOwned) as refused:
        services.theme_use(player=player, slug="aurora")
    assert (refused.value.code, refused.value.status_code) == ("not_owned", 403)
    player.refresh_from_db()
    assert (player.theme, player.stars) == ("glass", 1000)


def test_a_bought_look_can_be_switched_to_any_time(player):
    give_stars(player, 200)
    services.theme_buy(player=player, slug="deep-sea")
    assert services.theme_use(player=player, slug="deep-sea").theme == "deep-sea"
    assert services.theme_use(player=player, slug="glass").theme == "glass"
    assert services.theme_use(player=player, slug="deep-sea").theme == "deep-sea"
    assert spent(player) == [-130]


def test_a_bought_look_stays_owned_when_its_price_changes(player, looks):
    give_stars(player, 50)
    services.theme_buy(player=player, slug="aurora")
    looks["aurora"].price = 5000
    looks["aurora"].save()
    assert services.theme_use(player=player, slug="aurora").theme == "aurora"
    assert purchases(player) == [("aurora", 50)]  # the price paid is kept


@pytest.mark.parametrize("action", [services.theme_buy, services.theme_use])
def test_unknown_and_inactive_looks_are_not_found(player, looks, action):
    with pytest.raises(LookNotFound):
        action(player=player, slug="no-such-look")
    looks["glass"].active = False
    looks["glass"].save()
    with pytest.raises(LookNotFound) as refused:
        action(player=player, slug="glass")
    assert (refused.value.code, refused.value.status_code) == ("not_found", 404)


def test_the_shop_list_says_what_is_owned_and_in_use(player):
    give_stars(player, 100)
    services.theme_buy(player=player, slug="aurora", use=True)
    player.refresh_from_db()
    looks = {look.slug: look for look in selectors.theme_list(player=player)}
    assert len(looks) == 17
    assert [slug for slug, look in looks.items() if look.owned] == ["glass", "velvet-dusk", "midnight-arcade", "aurora"]
    assert [slug for slug, look in looks.items() if look.in_use] == ["aurora"]
    assert (looks["ember"].missing, looks["deep-sea"].missing, looks["aurora"].missing) == (35, 80, 0)


def test_a_player_with_no_stars_misses_each_look_s_whole_price(player):
    looks = {look.slug: look for look in selectors.theme_list(player=player)}
    assert (looks["aurora"].missing, looks["paper-ink"].missing, looks["glass"].missing) == (50, 1180, 0)


def test_a_player_wearing_a_withdrawn_look_sees_glass_in_use(player, looks):
    give_stars(player, 50)
    services.theme_buy(player=player, slug="aurora", use=True)
    looks["aurora"].active = False
    looks["aurora"].save()
    player.refresh_from_db()
    assert [look.slug for look in selectors.theme_list(player=player) if look.in_use] == ["glass"]
    assert selectors.theme_current(player=player) is None


def test_a_player_who_bought_looks_can_still_be_deleted(player):
    give_stars(player, 100)
    services.theme_buy(player=player, slug="aurora")
    player.delete()
    assert Purchase.objects.count() == 0


def test_a_look_someone_bought_cannot_be_deleted_only_withdrawn(player, looks):
    from django.db.models import ProtectedError

    give_stars(player, 100)
    services.theme_buy(player=player, slug="aurora")
    with pytest.raises(ProtectedError):
        looks["aurora"].delete()
