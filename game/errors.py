"""Errors of the game services, each with the API code and HTTP status of docs/api.md § Games.

They subclass the site's :class:`~blockknock.errors.Refusal`. The game's views
catch :class:`GameError`; the engine's own errors are translated into these by
``game.services``. Each class's ``code`` is the one declaration of that code on the
server; :data:`PAGE_ERRORS` hands them, with the site's CSRF and rate-limit codes, to
the play page's script (the ``bk-constants`` JSON, ``game/templatetags/page_constants.py``).
"""

from django.utils.translation import gettext_lazy as _

from blockknock.errors import CSRF_FAILED, THROTTLED, Refusal


class GameError(Refusal):
    """A game action that was refused (:class:`~blockknock.errors.Refusal`); nothing was changed."""


class Invalid(GameError):
    code, status_code = "invalid", 400
    default_detail = _("That request is not valid.")


class NotPlaying(GameError):
    code, status_code = "not_playing", 409
    default_detail = _("This game is not being played.")


class StaleMove(GameError):
    code, status_code = "stale_move", 409
    default_detail = _("The board has changed since that move was sent.")


class SlotUsed(GameError):
    code, status_code = "slot_used", 400
    default_detail = _("That piece has already been placed.")


class IllegalPlacement(GameError):
    code, status_code = "illegal_placement", 400
    default_detail = _("That piece does not fit there.")


class NoContinue(GameError):
    code, status_code = "no_continue", 409
    default_detail = _("A continue is not possible now.")


class Locked(GameError):
    code, status_code = "locked", 403
    default_detail = _("Win the previous challenge first.")


class DailyPlayed(GameError):
    code, status_code = "daily_played", 409
    default_detail = _("Today's Daily has already been started.")


class GameNotFound(GameError):
    code, status_code = "not_found", 404
    default_detail = _("No such game.")


class SignedOut(GameError):
    """A board action from a page whose player is no longer signed in here (logged out or expired in another tab)."""

    code, status_code = "signed_out", 403
    default_detail = _("You are signed out (in another tab, or your session ended), so nothing was played here.")


class PageStale(GameError):
    """A first action posted from a first visit's page whose game can no longer be claimed (``game.pending``):
    its token is forged, expired or claimed already, or the session has a player since."""

    code, status_code = "stale_page", 409
    default_detail = _("This page is out of date, so nothing was played here. Reload it to go on.")


def _script_name(code: str) -> str:
    """``"stale_page"`` → ``"stalePage"``: a code as the name a script uses for it."""
    first, *rest = code.split("_")
    return first + "".join(word.capitalize() for word in rest)


PAGE_ERRORS = {
    _script_name(code): code for code in (*(error.code for error in GameError.__subclasses__()), CSRF_FAILED, THROTTLED)
}
"""Every error code a board action can be answered with, by the name a script uses for it
(``{"notPlaying": "not_playing", …, "csrfFailed": "csrf_failed", "throttled": "throttled"}``)."""
