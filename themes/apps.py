from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ThemesConfig(AppConfig):
    """Looks (themes), the star shop and the looks stylesheet (docs/rules.md § Looks)."""

    name = "themes"
    verbose_name = _("Looks")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from django.db.models.signals import post_delete, post_save

        from . import selectors
        from .models import Theme

        post_save.connect(selectors.stylesheet_version_forget, sender=Theme, dispatch_uid="looks-version-save")
        post_delete.connect(selectors.stylesheet_version_forget, sender=Theme, dispatch_uid="looks-version-delete")
