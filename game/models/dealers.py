"""The published dealer cut-overs: from which game on each mode is dealt by which dealer (docs/api.md
``GET /api/dealers/``).

A game's ``dealer`` is in its own replay, so without this table the server could deal a game by an
older dealer and a checker would replay it by that one. Each row says that, from game ``from_game`` on,
every game of ``mode`` is dealt by ``dealer`` (or a dealer whose own row comes later): the first game
a dealer deals in a mode writes its row (:func:`game.dealers.dealer_cutover_note`), and the checkers
refuse a game of an older dealer at or after it. Rows are written once and never changed.
"""

from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .games import Mode


class DealerCutover(models.Model):
    """From game ``from_game`` on, the games of ``mode`` are dealt by ``dealer``."""

    mode = models.CharField(_("mode"), max_length=10, choices=Mode.choices)
    dealer = models.PositiveSmallIntegerField(_("dealer"), help_text=_("Version of the fair-deal rule."))
    from_game = models.PositiveBigIntegerField(
        _("from game"), help_text=_("The id of the first game of this mode dealt by this dealer.")
    )
    published_at = models.DateTimeField(_("published"), default=timezone.now)

    class Meta:
        verbose_name = _("dealer cut-over")
        verbose_name_plural = _("dealer cut-overs")
        ordering = ["mode", "from_game"]
        constraints = [models.UniqueConstraint(fields=["mode", "dealer"], name="dealer_cutover_once")]

    def __str__(self) -> str:
        return f"{self.mode}: dealer {self.dealer} from game {self.from_game}"
