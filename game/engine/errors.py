"""Errors of the rules engine, split by meaning (docs/rules.md § Turn structure, docs/api.md § Games).

Every engine error is a :class:`ValueError` (the input was a value the rules
refuse) and carries a stable :attr:`EngineError.code`, the error code of
docs/api.md, so a caller can map it to an answer without parsing text:

=====================  =====================  ===========================================
class                  ``code``               meaning
=====================  =====================  ===========================================
``InvalidMoveError``   ``"invalid"``          malformed input: slot not 0–2, row/col not 0–7
``InvalidBoardError``  ``"invalid"``          not a board: bad text, out of range, full line
``InvalidRulesError``  ``"invalid"``          impossible rules: no pieces, bad target
``NotPlayingError``    ``"not_playing"``      the game is not in the status the action needs
``SlotUsedError``      ``"slot_used"``        that hand slot's piece is already placed
``IllegalMoveError``   ``"illegal_placement"`` overlaps a filled cell or leaves the board
``NoContinueError``    ``"no_continue"``      Continue is not allowed now
=====================  =====================  ===========================================

>>> from game.engine.errors import IllegalMoveError, EngineError
>>> err = IllegalMoveError("piece 'O9' does not fit at (7, 7): leaves the board")
>>> isinstance(err, ValueError), isinstance(err, EngineError), err.code
(True, True, 'illegal_placement')
"""

from __future__ import annotations

__all__ = [
    "EngineError",
    "IllegalMoveError",
    "InvalidBoardError",
    "InvalidMoveError",
    "InvalidRulesError",
    "NoContinueError",
    "NotPlayingError",
    "SlotUsedError",
]


class EngineError(ValueError):
    """Base class of every refusal by the engine; nothing was changed.

    :cvar code: the stable API error code (docs/api.md § Games), e.g. ``"slot_used"``.
    """

    code: str = "invalid"

    @property
    def detail(self) -> str:
        """The human-readable message (the bad input is shown with ``!r``)."""
        return str(self)


class InvalidMoveError(EngineError):
    """Malformed move input: slot outside 0..2 or row/col outside 0..7 (or not an int)."""

    code = "invalid"


class InvalidBoardError(EngineError):
    """Not a board: bad text rows, a bitboard outside ``[0, 2**64)``, or (where a
    reachable board is required) a full row or column."""

    code = "invalid"


class InvalidRulesError(EngineError):
    """Rules that cannot be played: no pieces, a continue count other than 0/1, a target < 1."""

    code = "invalid"


class NotPlayingError(EngineError):
    """The game is not in the status the action needs (``playing`` for a move,
    ``no_moves`` for No thanks)."""

    code = "not_playing"


class SlotUsedError(EngineError):
    """The piece in that hand slot has already been placed."""

    code = "slot_used"


class IllegalMoveError(EngineError):
    """The placement overlaps a filled cell or leaves the board (docs/rules.md § Turn structure)."""

    code = "illegal_placement"


class NoContinueError(EngineError):
    """Continue is not allowed: already used, none in these rules, or not at ``no_moves``."""

    code = "no_continue"
