"""How a game is played: the rules presets of the modes (docs/rules.md § Modes, § End of game).

The variants are data, not branches: a :class:`Rules` holds the piece set, the
scoring strategy, the number of Continues and the target score.

>>> CLASSIC.continues, DAILY.continues, len(PRACTICE.pieces)
(1, 0, 35)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .errors import InvalidRulesError
from .pieces import BASE_SET, Piece, piece_set
from .scoring import ClassicScoring, PracticeScoring, Scoring

__all__ = [
    "CHALLENGE",
    "CLASSIC",
    "DAILY",
    "PRACTICE",
    "Rules",
    "challenge_rules",
]

CLASSIC_CONTINUES = 1
"""Continues in a Classic or Challenge game (docs/rules.md § End of game)."""

DAILY_CONTINUES = 0
"""Continues in a Daily or Practice game: the first "no moves left" ends it."""


@dataclass(frozen=True)
class Rules:
    """How a game is played: piece set, scoring strategy, Continues, target.

    :ivar name: the mode, e.g. ``"classic"``, ``"challenge"``.
    :ivar pieces: the piece set dealt from.
    :ivar scoring: the scoring strategy (:class:`ClassicScoring` or :class:`PracticeScoring`).
    :ivar continues: Continues per game (0 or 1).
    :ivar target: the score that wins at once (challenges), or ``None``.
    :ivar challenge: the challenge number, or ``None`` (informational).

    :raises InvalidRulesError: no pieces, continues not an int ≥ 0, target not ``None`` or an int ≥ 1.
    """

    name: str
    pieces: tuple[Piece, ...]
    scoring: Scoring
    continues: int = 0
    target: int | None = None
    challenge: int | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "pieces", tuple(self.pieces))
        if not self.pieces:
            raise InvalidRulesError(f"rules {self.name!r} have no pieces")
        if not isinstance(self.continues, int) or isinstance(self.continues, bool) or self.continues < 0:
            raise InvalidRulesError(f"continues must be an int >= 0, got {self.continues!r}")
        if self.target is not None and (
            not isinstance(self.target, int) or isinstance(self.target, bool) or self.target < 1
        ):
            raise InvalidRulesError(f"target must be None or an int >= 1, got {self.target!r}")


CLASSIC = Rules("classic", BASE_SET, ClassicScoring(), continues=CLASSIC_CONTINUES)
"""Classic: empty board, base set, default scoring, one Continue, open-ended."""

PRACTICE = Rules("practice", BASE_SET, PracticeScoring(), continues=DAILY_CONTINUES)
"""Practice: Classic board and pieces with Practice scoring; no Continue."""

DAILY = Rules("daily", BASE_SET, ClassicScoring(), continues=DAILY_CONTINUES)
"""Daily: base set, default scoring, no Continue (start board and seed are the day's)."""

CHALLENGE = "challenge"
"""The ``Rules.name`` of every challenge (see :func:`challenge_rules`)."""


def challenge_rules(number: int, target: int, pieces: Iterable[Piece] | None = None) -> Rules:
    """The rules of challenge ``number``: its piece set, default scoring, one Continue, ``target``.

    >>> rules = challenge_rules(6, 1500)
    >>> rules.name, len(rules.pieces), rules.continues, rules.target
    ('challenge', 37, 1, 1500)

    :param pieces: override the piece set (default :func:`~game.engine.pieces.piece_set` of ``number``).
    :raises InvalidRulesError: ``number`` < 1, ``target`` < 1, or no pieces.
    """
    chosen = piece_set(number) if pieces is None else tuple(pieces)
    return Rules(CHALLENGE, chosen, ClassicScoring(), continues=CLASSIC_CONTINUES, target=target, challenge=number)
