"""Writes: buying a look with stars, and putting one on."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.utils.formats import number_format
from django.utils.translation import gettext as _

from blockknock.accounts.models import Player, StarReason
from blockknock.accounts.services import stars_add
from blockknock.calendar import game_day

from . import selectors
from .errors import NotEnoughStars, NotOwned
from .models import Purchase, Theme


def theme_buy(*, player: Player, slug: str, use: bool = False) -> Player:
    """Buy look ``slug`` for ``player``: one ledger row, one ownership row, the balance — or nothing.

    Runs in one transaction with the player's row locked (``SELECT … FOR UPDATE``),
    so two buys at once are applied one after the other and the second finds the
    look owned. Buying a look already owned (or free) changes nothing and charges
    nothing. With ``use``, the look is also put on.

    :returns: the player, reloaded (stars, theme).
    :raises LookNotFound: no such active look.
    :raises NotEnoughStars: the balance is below the price; nothing changes.
    """
    try:
        return _buy(player=player, slug=slug, use=use)
    except IntegrityError:
        # Only the unique (player, theme) constraint can fire here once the row lock
        # is held; if the look is owned now, the other purchase won: no charge.
        theme = selectors.theme_get(slug=slug)
        if not Purchase.objects.filter(player=player, theme=theme).exists():
            raise
        return _reload(player)


@transaction.atomic
def _buy(*, player: Player, slug: str, use: bool) -> Player:
    theme = selectors.theme_get(slug=slug)
    locked = Player.objects.select_for_update().get(pk=player.pk)
    if not selectors.theme_owned(player=locked, theme=theme):
        if locked.stars < theme.price:
            raise NotEnoughStars(detail=_not_enough(theme, locked.stars), price=theme.price, stars=locked.stars)
        entry = stars_add(player=locked, amount=-theme.price, reason=StarReason.PURCHASE, day=game_day())
        Purchase.objects.create(player=locked, theme=theme, price=theme.price, entry=entry)
    if use and locked.theme != theme.slug:
        _put_on(locked, theme)
    return locked


@transaction.atomic
def theme_use(*, player: Player, slug: str) -> Player:
    """Put on look ``slug``: every page shows it from the next one on.

    :returns: the player, reloaded.
    :raises LookNotFound: no such active look.
    :raises NotOwned: the look costs stars and the player has not bought it.
    """
    theme = selectors.theme_get(slug=slug)
    if not selectors.theme_owned(player=player, theme=theme):
        raise NotOwned(detail=_not_owned(theme))
    locked = Player.objects.select_for_update().get(pk=player.pk)
    if locked.theme != theme.slug:
        _put_on(locked, theme)
    return locked


def _put_on(player: Player, theme: Theme) -> None:
    player.theme = theme.slug
    player.save(update_fields=["theme"])


def _reload(player: Player) -> Player:
    return Player.objects.get(pk=player.pk)


def _not_enough(theme: Theme, stars: int) -> str:
    return _("%(look)s costs %(price)s stars and you have %(stars)s: %(missing)s more to go.") % {
        "look": theme.display_name,
        "price": _n(theme.price),
        "stars": _n(stars),
        "missing": _n(theme.price - stars),
    }


def _not_owned(theme: Theme) -> str:
    return _("%(look)s is not yours yet: buy it for %(price)s stars first.") % {
        "look": theme.display_name,
        "price": _n(theme.price),
    }


def _n(number: int) -> str:
    """A count of stars as the current language writes it (1,180)."""
    return number_format(number, force_grouping=True)
