"""Reads about players that other apps ask for."""

from django.db.models import Exists, OuterRef, QuerySet

from .models import Player


def secured_players() -> QuerySet[Player]:
    """Players who can get back in on another device (:attr:`Player.is_secured <.models.Player.is_secured>`):
    a verified email or an authenticator. One query, for rules such as a prize only secured players win."""
    from allauth.account.models import EmailAddress
    from allauth.mfa.models import Authenticator

    verified = EmailAddress.objects.filter(user_id=OuterRef("pk"), verified=True)
    authenticator = Authenticator.objects.filter(user_id=OuterRef("pk"))
    return Player.objects.filter(Exists(verified) | Exists(authenticator))
