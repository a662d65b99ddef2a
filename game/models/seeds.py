"""Server seeds drawn ahead of their games, so their commitment can be published first (docs/api.md § Verifiable deal).

- :class:`NextSeed`: the seed a player's next Classic, Challenge or Practice game takes;
- :class:`DailySeed`: the seed of one day's Daily, shared by everyone that day.

A seed is 32 bytes from :mod:`secrets` (stored as 64 lowercase hex digits); its
commitment is the lowercase hex SHA-256 of those 32 bytes. Hands depend on the
seed itself, never on its hash, so the commitment tells nothing about a hand.
"""

import hashlib
import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

SEED_BYTES = 32
"""Bytes of a server seed."""


def seed_draw() -> str:
    """A new server seed: 32 bytes from :func:`secrets.token_bytes`, as 64 lowercase hex digits."""
    return secrets.token_bytes(SEED_BYTES).hex()


def seed_commitment(seed: str) -> str:
    """The published commitment of a seed (hex): ``sha256(bytes.fromhex(seed)).hexdigest()``."""
    return hashlib.sha256(bytes.fromhex(seed)).hexdigest()


class NextSeed(models.Model):
    """The server seed of a player's next Classic, Challenge or Practice game, drawn in advance.

    A start takes it under a row lock and puts a fresh one in its place
    (:func:`game.seeds.next_seed_take`), so two starts never share a seed.
    """

    player = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="next_seed",
        verbose_name=_("player"),
    )
    seed = models.CharField(_("seed"), max_length=64, default=seed_draw, editable=False)

    class Meta:
        verbose_name = _("next server seed")
        verbose_name_plural = _("next server seeds")

    def __str__(self) -> str:
        return f"{self.player}: {self.commitment}"

    @property
    def commitment(self) -> str:
        return seed_commitment(self.seed)


class DailySeed(models.Model):
    """The seed of day ``day``'s Daily: random, stored ahead (its commitment is public a week before)."""

    day = models.DateField(_("day"), unique=True)
    seed = models.CharField(_("seed"), max_length=64, default=seed_draw, editable=False)
    created_at = models.DateTimeField(_("drawn"), auto_now_add=True)

    class Meta:
        verbose_name = _("Daily seed")
        verbose_name_plural = _("Daily seeds")
        ordering = ["day"]

    def __str__(self) -> str:
        return _("Daily of %(day)s") % {"day": self.day.isoformat()}

    @property
    def commitment(self) -> str:
        return seed_commitment(self.seed)
