"""A closed Daily: the day's final standing, fixed once by the closing job (docs/rules.md § Stars, Daily win)."""

from django.db import models
from django.utils.translation import gettext_lazy as _


class DailyClose(models.Model):
    """Day ``day``'s Daily, closed: unfinished games expired, winners paid.

    One row per day (unique ``day``): the closing job inserts it first, so a second
    run, a second worker or a late run changes nothing.
    """

    day = models.DateField(_("day"), unique=True)
    closed_at = models.DateTimeField(_("closed at"))
    top_score = models.PositiveIntegerField(_("top score"), null=True, blank=True)
    finished = models.PositiveIntegerField(_("finished games"), default=0)
    expired = models.PositiveIntegerField(_("expired games"), default=0)
    winners = models.JSONField(
        _("winners"), default=list, help_text=_("Display names of the players paid the Daily win.")
    )

    class Meta:
        verbose_name = _("closed Daily")
        verbose_name_plural = _("closed Dailies")
        ordering = ["-day"]

    def __str__(self) -> str:
        return _("Daily of %(day)s") % {"day": self.day.isoformat()}
