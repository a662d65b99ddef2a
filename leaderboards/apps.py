from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class LeaderboardsConfig(AppConfig):
    """Leaderboards: Classic this week and all time, Challenge, Daily (RULES.md § Leaderboards)."""

    name = "leaderboards"
    verbose_name = _("Leaderboards")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from . import signals  # noqa: F401  (connects the Game receivers)
