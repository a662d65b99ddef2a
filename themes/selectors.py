"""Reads: the looks a player sees in the shop, and the looks stylesheet."""

from __future__ import annotations

import hashlib

from django.core.cache import cache
from django.db.models import Count, Max

from blockknock.replica import primary

from . import css
from .errors import LookNotFound
from .models import Purchase, Theme

STYLESHEET_CACHE_SECONDS = 24 * 60 * 60
VERSION_KEY = "themes:looks.css:version"


def theme_get(*, slug: str) -> Theme:
    """The active look ``slug``.

    :raises LookNotFound: no such look, or it is inactive.
    """
    try:
        return Theme.objects.active().get(slug=slug)
    except Theme.DoesNotExist:
        raise LookNotFound(detail=f"No look called {slug!r}.") from None


def theme_owned(*, player, theme: Theme) -> bool:
    """Whether ``player`` may use ``theme``: it is free, or they bought it."""
    return theme.is_free or Purchase.objects.filter(player=player, theme=theme).exists()


def theme_list(*, player) -> list[Theme]:
    """The active looks in shop order, each with ``owned``, ``in_use`` and ``missing`` for ``player``.

    ``missing``: how many stars the player is short of a look not owned (0 when they can buy it).

    ``player`` may be ``None`` (a visitor): then only free looks are owned, and Glass is in use.
    """
    looks = list(Theme.objects.active())
    bought = set()
    if player is not None:
        bought = set(Purchase.objects.filter(player=player).values_list("theme_id", flat=True))
    current = getattr(player, "theme", None)
    current_is_shown = any(look.slug == current for look in looks)
    for look in looks:
        look.owned = look.is_free or look.pk in bought
        look.in_use = look.slug == current if current_is_shown else look.slug == _default_slug()
        look.missing = 0 if look.owned else max(0, look.price - getattr(player, "stars", 0))
    return looks


def theme_current(*, player) -> Theme | None:
    """The look ``player`` wears (``None`` if it is gone or inactive: the page shows Glass)."""
    slug = getattr(player, "theme", None) or _default_slug()
    return Theme.objects.active().filter(slug=slug).first()


def _default_slug() -> str:
    from blockknock.accounts.models import DEFAULT_THEME

    return DEFAULT_THEME


def stylesheet_version() -> str:
    """A short fingerprint of the looks: changes whenever a look is added, edited or removed.

    Every page links the stylesheet with it, so it is kept in the cache and
    forgotten when a look is saved or deleted (:func:`stylesheet_version_forget`).
    """
    version = cache.get(VERSION_KEY)
    if version is None:
        with primary():  # cached for every host: never a lagging replica's (blockknock/replica.py)
            state = Theme.objects.aggregate(count=Count("pk"), latest=Max("updated_at"))
        latest = state["latest"].isoformat() if state["latest"] else "-"
        raw = f"{css.GENERATOR_VERSION}:{state['count']}:{latest}"
        version = hashlib.sha256(raw.encode()).hexdigest()[:16]
        cache.set(VERSION_KEY, version, STYLESHEET_CACHE_SECONDS)
    return version


def stylesheet_version_forget(**kwargs) -> None:
    """``post_save`` / ``post_delete`` of a Theme: the next page computes the version again."""
    cache.delete(VERSION_KEY)


def stylesheet(*, version: str | None = None) -> str:
    """The looks stylesheet (active looks, shop order), built once per :func:`stylesheet_version`."""
    version = version or stylesheet_version()
    key = f"themes:looks.css:{version}"
    text = cache.get(key)
    if text is None:
        with primary():  # cached for every host: never a lagging replica's
            looks = list(Theme.objects.active())
        text = css.stylesheet((look.slug, css.LookColours.of(look)) for look in looks)
        cache.set(key, text, STYLESHEET_CACHE_SECONDS)
    return text
