from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    """Players: the custom user model, guests and sign-up."""

    name = "blockknock.accounts"
    label = "accounts"
    verbose_name = _("Players")
    default_auto_field = "django.db.models.BigAutoField"
