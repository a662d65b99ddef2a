"""Refusals of the shop, in the API's error shape (docs/api.md § Leaderboards, looks).

Subclasses of :class:`blockknock.errors.Refusal`, so the API's exception handler
answers ``{"error": code, "detail": text}`` with their status.
"""

from django.utils.translation import gettext_lazy as _

from blockknock.errors import Refusal


class LookNotFound(Refusal):
    code, status_code = "not_found", 404
    default_detail = _("No such look.")


class NotEnoughStars(Refusal):
    code, status_code = "not_enough_stars", 409
    default_detail = _("You don't have enough stars for this look.")


class NotOwned(Refusal):
    code, status_code = "not_owned", 403
    default_detail = _("Buy this look before you use it.")
