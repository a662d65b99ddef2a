from django.apps import AppConfig
from django.db.models.signals import post_delete
from django.utils.translation import gettext_lazy as _


class LeaderboardsConfig(AppConfig):
    """Leaderboards: Classic this week and all time, Challenge, Daily (docs/rules.md § Leaderboards)."""

    name = "leaderboards"
    verbose_name = _("Leaderboards")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from game.models import Game
        from game.signals import game_finished

        from .signals import game_deleted, game_finished_record

        game_finished.connect(game_finished_record, sender=Game, dispatch_uid="leaderboards.game_finished")
        post_delete.connect(game_deleted, sender=Game, dispatch_uid="leaderboards.game_deleted")
