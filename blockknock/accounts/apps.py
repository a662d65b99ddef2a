from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    """Players: the custom user model, guests and sign-up."""

    name = "blockknock.accounts"
    label = "accounts"
    verbose_name = _("Players")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from django.db.models.signals import post_delete, post_save
        from rest_framework.authtoken.models import Token

        from . import auth, services
        from .models import Player

        # The API token cache (auth.py) forgets a player or token that changed.
        for signal in (post_save, post_delete):
            signal.connect(auth.on_player_change, sender=Player, dispatch_uid=f"auth-player-{signal is post_save}")
            signal.connect(auth.on_token_change, sender=Token, dispatch_uid=f"auth-token-{signal is post_save}")
        # A new password rotates the API token (Django ends the other sessions).
        post_save.connect(services.on_password_set, sender=Player, dispatch_uid="password-token")
