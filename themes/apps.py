from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ThemesConfig(AppConfig):
    """Looks (themes), the star shop and the looks stylesheet (RULES.md § Looks)."""

    name = "themes"
    verbose_name = _("Looks")
    default_auto_field = "django.db.models.BigAutoField"
