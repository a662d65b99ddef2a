"""The player: Django's user, extended with what the game shows and counts."""

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.db import models
from django.db.models import Q, Sum
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext_lazy as _

from .names import name_validate, shown_name

DEFAULT_THEME = "glass"


class Player(AbstractUser):
    """A person playing Block Knock!: a guest bound to a browser, or a signed-up account.

    A guest is a real row with an unusable password and a generated ``username``;
    signing up turns the same row into an account, so every game it played stays
    with it. ``name`` is the display name shown on the site and leaderboards.
    """

    name = models.CharField(_("display name"), max_length=40, validators=[name_validate])
    is_guest = models.BooleanField(
        _("guest"),
        default=False,
        help_text=_("A player who has not signed up; bound to one browser or API token."),
    )
    stars = models.PositiveIntegerField(_("stars"), default=0)
    level = models.PositiveIntegerField(_("level"), default=0)
    theme = models.SlugField(_("look"), default=DEFAULT_THEME)
    language = models.CharField(
        _("language"),
        max_length=12,
        blank=True,
        choices=settings.LANGUAGES,
        help_text=_("The language the site is shown in for this player; blank follows the browser."),
    )
    signed_out_at = models.DateTimeField(
        _("signed out everywhere"),
        null=True,
        blank=True,
        help_text=_("When the player last chose Sign out everywhere; every session begun before it is ended."),
    )
    closed_at = models.DateTimeField(
        _("account closed"),
        null=True,
        blank=True,
        help_text=_("When the player closed the account: name, email, passkeys, sessions and token were removed."),
    )

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")
        constraints = [models.CheckConstraint(condition=Q(stars__gte=0), name="player_stars_not_negative")]

    def __str__(self) -> str:
        return shown_name(name=self.name, username=self.username, closed=self.closed_at is not None)

    @property
    def is_secured(self) -> bool:
        """Whether the player can get back in on another device: a verified email or an authenticator
        (a passkey, an authenticator app). A password alone can be forgotten with no way back."""
        from allauth.account.models import EmailAddress
        from allauth.mfa.models import Authenticator

        if self.pk is None:
            return False
        return (
            EmailAddress.objects.filter(user_id=self.pk, verified=True).exists()
            or Authenticator.objects.filter(user_id=self.pk).exists()
        )

    def set_password(self, raw_password):
        """Django's, remembering whether it replaces a password (:attr:`password_replaced`): a guest's
        first one, at sign-up, replaces none, so its API token stays (``services.on_password_set``)."""
        self.password_replaced = self.has_usable_password()
        super().set_password(raw_password)

    def _get_session_auth_hash(self, secret=None):
        """Django's HMAC of the password (each session keeps it, ``django.contrib.auth.get_user`` compares), also of
        :attr:`signed_out_at` once set: a new password or a Sign out everywhere ends every other session.

        While :attr:`signed_out_at` is empty it is Django's own hash, so sessions made before the field
        existed stay signed in. Overrides the one method behind ``get_session_auth_hash`` and its fallbacks.
        """
        if self.signed_out_at is None:
            return super()._get_session_auth_hash(secret=secret)
        key_salt = "blockknock.accounts.models.Player.get_session_auth_hash"
        value = f"{self.password}|{self.signed_out_at.isoformat()}"
        return salted_hmac(key_salt, value, secret=secret, algorithm="sha256").hexdigest()

    def refresh_from_db(self, using=None, fields=None, from_queryset=None):
        """Reading one deferred counter (``stars``, ``level``) loads both, in one query.

        The API token cache (accounts/auth.py) serves players with both deferred.
        """
        deferred = self.get_deferred_fields()
        if fields is not None and set(fields) <= COUNTERS and deferred >= COUNTERS:
            fields = sorted(COUNTERS)
        super().refresh_from_db(using=using, fields=fields, from_queryset=from_queryset)


COUNTERS = frozenset({"stars", "level"})
"""Player fields moved with ``QuerySet.update`` (no ``save()``, no signal)."""


class StarReason(models.TextChoices):
    GAME = "game", _("Finished game")
    DAILY_WIN = "daily_win", _("Daily win")
    PURCHASE = "purchase", _("Look bought")


class StarEntry(models.Model):
    """One change of a player's star balance; rows are only ever added (the star ledger).

    ``amount`` is positive for stars earned and negative for stars spent. ``day`` is
    the game-calendar date it counts for (the 60-a-day cap, docs/rules.md § Stars).
    A game pays each reason at most once (unique ``game`` + ``reason``).
    ``Player.stars`` caches the sum and is updated in the same transaction.
    """

    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="star_entries", verbose_name=_("player"))
    amount = models.IntegerField(_("amount"))
    reason = models.CharField(_("reason"), max_length=12, choices=StarReason.choices)
    game = models.ForeignKey(
        "game.Game",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="star_entries",
        verbose_name=_("game"),
    )
    day = models.DateField(_("day"))
    created_at = models.DateTimeField(_("time"), auto_now_add=True)

    class Meta:
        verbose_name = _("star ledger entry")
        verbose_name_plural = _("star ledger")
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "reason"], condition=Q(game__isnull=False), name="star_entry_once_per_game"
            ),
        ]
        indexes = [models.Index(fields=["player", "day", "reason"], name="star_entry_player_day")]

    def __str__(self) -> str:
        return f"{self.player} {self.amount:+d} ({self.get_reason_display()})"


def ledger_balance(player: Player) -> int:
    """The sum of a player's ledger rows (what ``Player.stars`` must equal)."""
    return StarEntry.objects.filter(player=player).aggregate(total=Sum("amount"))["total"] or 0


__all__ = ["COUNTERS", "DEFAULT_THEME", "Player", "StarEntry", "StarReason", "ledger_balance"]
