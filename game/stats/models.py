"""What a finished game's events add up to, stored once: a game that has ended never changes."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class GameSummary(models.Model):
    """Lines cleared, best combo and boards emptied in one finished game.

    Derived data: the game's seed, start board and events are the record;
    :func:`game.stats.summaries.summary_record` computes a row with the engine as
    the game finishes, so Stats sum a small row per game instead of replaying every
    game's events.
    """

    game = models.OneToOneField(
        "game.Game", on_delete=models.CASCADE, primary_key=True, related_name="summary", verbose_name=_("game")
    )
    lines = models.PositiveIntegerField(_("lines cleared"))
    best_combo = models.PositiveIntegerField(_("best combo"))
    empties = models.PositiveIntegerField(_("boards emptied"))

    class Meta:
        app_label = "game"
        verbose_name = _("game summary")
        verbose_name_plural = _("game summaries")

    def __str__(self) -> str:
        return f"{self.game_id}: {self.lines} lines, combo {self.best_combo}, {self.empties} emptied"
