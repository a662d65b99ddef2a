"""Reads about players that other apps ask for."""

from django.db.models import BooleanField, Exists, ExpressionWrapper, OuterRef, QuerySet

from .models import Player


def is_secured(player_ref: str = "pk") -> ExpressionWrapper:
    """:attr:`Player.is_secured <.models.Player.is_secured>` as an expression on the row whose player id is
    ``player_ref`` (``"pk"`` on players, ``"player_id"`` on a row that names one): a verified email or an
    authenticator, read in the same query as the rows (a board's page, the Daily's winners)."""
    from allauth.account.models import EmailAddress
    from allauth.mfa.models import Authenticator

    verified = EmailAddress.objects.filter(user_id=OuterRef(player_ref), verified=True)
    authenticator = Authenticator.objects.filter(user_id=OuterRef(player_ref))
    return ExpressionWrapper(Exists(verified) | Exists(authenticator), output_field=BooleanField())


def secured_players() -> QuerySet[Player]:
    """Players who can get back in on another device: one query, for rules such as a prize only secured
    players win."""
    return Player.objects.alias(secured=is_secured()).filter(secured=True)
