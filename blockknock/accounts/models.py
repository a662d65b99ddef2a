"""The player: Django's user, extended with what the game shows and counts."""

from django.contrib.auth.models import AbstractUser
from django.db import models
from django.utils.translation import gettext_lazy as _

DEFAULT_THEME = "glass"


class Player(AbstractUser):
    """A person playing Block Knock!: a guest bound to a browser, or a signed-up account.

    A guest is a real row with an unusable password and a generated ``username``;
    signing up turns the same row into an account, so every game it played stays
    with it. ``name`` is the display name shown on the site and leaderboards.
    """

    name = models.CharField(_("display name"), max_length=40)
    is_guest = models.BooleanField(
        _("guest"), default=False,
        help_text=_("A player who has not signed up; bound to one browser or API token."),
    )
    stars = models.PositiveIntegerField(_("stars"), default=0)
    level = models.PositiveIntegerField(_("level"), default=0)
    theme = models.SlugField(_("look"), default=DEFAULT_THEME)

    class Meta:
        verbose_name = _("player")
        verbose_name_plural = _("players")

    def __str__(self) -> str:
        return self.name or self.username
