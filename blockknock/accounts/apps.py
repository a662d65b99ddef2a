from django.apps import AppConfig
from django.contrib.admin import apps as admin_apps
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    """Players: the custom user model, guests and sign-up."""

    name = "blockknock.accounts"
    label = "accounts"
    verbose_name = _("Players")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from allauth.mfa.signals import authenticator_added
        from django.db.models.signals import post_delete, post_save
        from rest_framework.authtoken.models import Token

        from . import adapter, auth, services
        from .models import Player, StarEntry
        from .player_cache import forget_on, player_keys_add

        # Everything cached about a player goes when the player, its token or its star ledger changes.
        player_keys_add(auth.player_keys)
        for signal in (post_save, post_delete):
            signal.connect(
                forget_on("pk"), sender=Player, weak=False, dispatch_uid=f"player-cache-player-{signal is post_save}"
            )
            signal.connect(auth.on_token_change, sender=Token, dispatch_uid=f"auth-token-{signal is post_save}")
        post_save.connect(forget_on("player_id"), sender=StarEntry, weak=False, dispatch_uid="player-cache-stars")
        # A new password rotates the API token (Django ends the other sessions).
        post_save.connect(services.on_password_set, sender=Player, dispatch_uid="password-token")
        # A guest who adds a passkey is an account from then on (the adapter is where guests meet sign-up).
        authenticator_added.connect(adapter.on_authenticator_added, dispatch_uid="guest-secured-by-authenticator")


class SecuredAdminConfig(admin_apps.AdminConfig):
    """``django.contrib.admin`` with its site behind allauth's sign-in and a second factor (``admin_site``)."""

    default = False  # AccountsConfig is this module's app
    default_site = "blockknock.accounts.admin_site.SecuredAdminSite"
