"""Which engine rules a game plays by (RULES.md § Modes).

One entry per mode; the services never branch on the mode name themselves.
"""

from . import engine
from .errors import Invalid

RULES_BY_MODE: dict[str, engine.Rules] = {
    "classic": engine.CLASSIC,
    "practice": engine.PRACTICE,
}


def rules_for_mode(mode: str, challenge: int | None = None) -> engine.Rules:
    """The rules for a new game of ``mode``.

    :raises Invalid: for an unknown mode, or a mode not open yet.
    """
    try:
        return RULES_BY_MODE[mode]
    except KeyError:
        raise Invalid(f"Unknown mode {mode!r}.") from None


def rules_for(game) -> engine.Rules:
    """The rules a stored game plays by."""
    return rules_for_mode(game.mode, game.challenge)
