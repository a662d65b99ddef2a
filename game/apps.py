from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GameConfig(AppConfig):
    """Games and moves: the Django side of the rules engine in ``game.engine``."""

    name = "game"
    verbose_name = _("Games")
    default_auto_field = "django.db.models.BigAutoField"
