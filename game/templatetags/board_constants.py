"""The names the play page's script shares with the server, read from the page (``#bk-constants``).

The board script (static/js/board/) reads the HTMX event of a refused action and the
error codes it acts on from this JSON, never from literals of its own.
"""

from django import template

from blockknock.errors import CSRF_FAILED

from .. import errors
from ..views import ERROR_EVENT

register = template.Library()


def _game_errors(base: type[errors.GameError]) -> dict[str, str]:
    codes = {}
    for error in base.__subclasses__():
        codes[error.__name__] = error.code
        codes.update(_game_errors(error))
    return codes


@register.simple_tag
def board_constants() -> dict:
    """``{"events": {"ERROR_EVENT": ...}, "errors": {"SignedOut": "signed_out", ..., "CSRF_FAILED": ...}}``."""
    return {
        "events": {"ERROR_EVENT": ERROR_EVENT},
        "errors": {**_game_errors(errors.GameError), "CSRF_FAILED": CSRF_FAILED},
    }
