"""How a game is played: its :class:`Rules`, made by the versioned rules (docs/rules.md § Modes, § Rules versions).

The variants are data, not branches: a :class:`Rules` holds the piece set, the
scoring strategy, the number of Continues, the target score and the rules
version they come from.

The rules are versioned like the dealers: a :class:`Ruleset` holds every number
a game is played by (the scoring of each mode, the combo window, the Continues
of each mode, the Daily winner's stars, the piece sets), and :data:`RULESETS`
keeps every version ever used, by number, forever. A stored game names its
version and replays under it, so a changed number is a new version and never
changes an old game, its stars' breakdown included (:class:`StarNumbers`).
:meth:`Ruleset.as_json` is the version as the browser reads it (the play page,
"Was it fair?"): the same numbers, one source. New games take :data:`CURRENT_RULES`; :data:`CLASSIC`,
:data:`PRACTICE`, :data:`DAILY` and :func:`challenge_rules` are its rules, for
tools and examples.

>>> rules = ruleset(CURRENT_RULES).rules("classic")
>>> rules.version, rules.continues, rules.scoring.line_points_unit
(1, 1, 100)
>>> CLASSIC.continues, DAILY.continues, len(PRACTICE.pieces), len(challenge_rules(6, 1500).pieces)
(1, 0, 35, 37)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import asdict, dataclass, field
from typing import Any

from .errors import InvalidRulesError
from .pieces import Piece, piece_set
from .scoring import (
    COMBO_MOVES,
    EMPTY_BOARD_BONUS,
    LINE_POINTS,
    POINTS_PER_SQUARE,
    PRACTICE_POINTS_PER_LINE,
    PRACTICE_POINTS_PER_SQUARE,
    ClassicScoring,
    PracticeScoring,
    Scoring,
)

__all__ = [
    "CHALLENGE",
    "CLASSIC",
    "CURRENT_RULES",
    "DAILY",
    "PRACTICE",
    "RULESETS",
    "Rules",
    "Ruleset",
    "StarNumbers",
    "challenge_rules",
    "ruleset",
]


@dataclass(frozen=True)
class Rules:
    """How a game is played: piece set, scoring strategy, Continues, target, rules version.

    :ivar name: the mode, e.g. ``"classic"``, ``"challenge"``.
    :ivar pieces: the piece set dealt from.
    :ivar scoring: the scoring strategy (:class:`ClassicScoring` or :class:`PracticeScoring`).
    :ivar continues: Continues per game (0 or 1).
    :ivar target: the score that wins at once (challenges), or ``None``.
    :ivar challenge: the challenge number, or ``None`` (informational).
    :ivar version: the rules version these come from (:data:`~game.engine.rulesets.RULESETS`).

    :raises InvalidRulesError: no pieces, continues not an int ≥ 0, target not ``None`` or an int ≥ 1.
    """

    name: str
    pieces: tuple[Piece, ...]
    scoring: Scoring
    continues: int = 0
    target: int | None = None
    challenge: int | None = None
    version: int = field(kw_only=True)

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
        if not isinstance(self.version, int) or isinstance(self.version, bool) or self.version < 1:
            raise InvalidRulesError(f"a rules version is an int >= 1, got {self.version!r}")


CHALLENGE = "challenge"
"""The ``Rules.name`` of every challenge."""


@dataclass(frozen=True)
class StarNumbers:
    """The stars one finished game earns (docs/rules.md § Stars, levels), by its rules version.

    :ivar base: every finished game (not abandoned, not Practice) earns this.
    :ivar score_step: one more star per this many points ...
    :ivar score_max: ... up to this many.
    :ivar high_score: for a score strictly above the best earlier finished game of the same kind
        (never the Daily).
    :ivar challenge_max: a won challenge N pays at least ``min(N, challenge_max)``.
    """

    base: int
    score_step: int
    score_max: int
    high_score: int
    challenge_max: int


@dataclass(frozen=True)
class Ruleset:
    """One published version of the rules.

    :ivar version: the number stored with every game played by it (``Game.rules_version``).
    :ivar scorings: the scoring strategy of each mode, by mode name (``"classic"``, ``"practice"``,
        ``"daily"``, ``"challenge"``); the combo window is the Classic strategy's ``combo_moves``.
    :ivar continues: the Continues of each mode, by mode name.
    :ivar daily_win_stars: stars for each player tied at the top of a closed Daily.
    :ivar stars: the stars of each finished game (its breakdown is recomputed by these, never by newer ones).
    :ivar piece_set: the piece set of a game: ``piece_set(None)`` for Classic, Daily and Practice,
        ``piece_set(n)`` for challenge ``n``.
    """

    version: int
    scorings: Mapping[str, Scoring]
    continues: Mapping[str, int]
    daily_win_stars: int
    stars: StarNumbers
    piece_set: Callable[[int | None], tuple[Piece, ...]]

    def rules(
        self,
        mode: str,
        *,
        challenge: int | None = None,
        target: int | None = None,
        pieces: Iterable[Piece] | None = None,
    ) -> Rules:
        """The engine rules of a game of ``mode`` under this version.

        :param challenge: the challenge number (challenges only).
        :param target: the challenge's target score (challenges only).
        :param pieces: the piece set the game froze at its start (default: :attr:`piece_set` of ``challenge``).
        :raises InvalidRulesError: an unknown mode.
        """
        if mode not in self.scorings:
            raise InvalidRulesError(f"rules version {self.version} has no mode {mode!r}")
        chosen = self.piece_set(challenge if mode == CHALLENGE else None) if pieces is None else tuple(pieces)
        return Rules(
            mode,
            chosen,
            self.scorings[mode],
            continues=self.continues[mode],
            target=target,
            challenge=challenge,
            version=self.version,
        )

    @property
    def combo_moves(self) -> int:
        """The combo window of this version: its Classic strategy's ``combo_moves`` (the COMBO pill's dots)."""
        classic = self.scorings["classic"]
        assert isinstance(classic, ClassicScoring)  # every version's Classic scores with a combo
        return classic.combo_moves

    def as_json(self) -> dict[str, Any]:
        """Every number of this version, as the browser's rules module reads it (static/js/rules/rules.js):
        ``{"version", "scorings": {mode: {"name", <the strategy's fields>}}, "continues", "stars",
        "daily_win_stars"}``. The piece sets are published on their own (docs/fair-deal.md).

        >>> numbers = ruleset(1).as_json()
        >>> numbers["scorings"]["classic"]["combo_moves"], numbers["scorings"]["practice"]["name"]
        (3, 'practice')
        """
        return {
            "version": self.version,
            "scorings": {mode: {"name": kind.name, **asdict(kind)} for mode, kind in self.scorings.items()},
            "continues": dict(self.continues),
            "stars": asdict(self.stars),
            "daily_win_stars": self.daily_win_stars,
        }


_CLASSIC_1 = ClassicScoring(POINTS_PER_SQUARE, LINE_POINTS, EMPTY_BOARD_BONUS, COMBO_MOVES)

RULESETS: dict[int, Ruleset] = {
    1: Ruleset(
        version=1,
        scorings={
            "classic": _CLASSIC_1,
            "daily": _CLASSIC_1,
            "challenge": _CLASSIC_1,
            "practice": PracticeScoring(PRACTICE_POINTS_PER_SQUARE, PRACTICE_POINTS_PER_LINE),
        },
        continues={"classic": 1, "challenge": 1, "daily": 0, "practice": 0},
        daily_win_stars=100,
        stars=StarNumbers(base=1, score_step=2500, score_max=5, high_score=2, challenge_max=20),
        piece_set=piece_set,
    ),
}
"""Every rules version ever used, by number: never change one, add a new one."""

CURRENT_RULES = 1
"""The version new games of every mode are played by."""


def ruleset(version: int) -> Ruleset:
    """The :class:`Ruleset` of ``version``.

    :raises InvalidRulesError: no such version.
    """
    found = RULESETS.get(version) if isinstance(version, int) and not isinstance(version, bool) else None
    if found is None:
        raise InvalidRulesError(f"unknown rules version {version!r}")
    return found


CLASSIC = ruleset(CURRENT_RULES).rules("classic")
"""Classic under the current rules: empty board, base set, default scoring, one Continue, open-ended."""

PRACTICE = ruleset(CURRENT_RULES).rules("practice")
"""Practice under the current rules: Classic board and pieces with Practice scoring; no Continue."""

DAILY = ruleset(CURRENT_RULES).rules("daily")
"""Daily under the current rules: base set, default scoring, no Continue (start board and seed are the day's)."""


def challenge_rules(number: int, target: int, pieces: Iterable[Piece] | None = None) -> Rules:
    """Challenge ``number`` under the current rules: its piece set, default scoring, one Continue, ``target``.

    >>> rules = challenge_rules(6, 1500)
    >>> rules.name, len(rules.pieces), rules.continues, rules.target
    ('challenge', 37, 1, 1500)

    :param pieces: override the piece set (default: the ruleset's piece set of ``number``).
    :raises InvalidRulesError: ``number`` < 1, ``target`` < 1, or no pieces.
    """
    return ruleset(CURRENT_RULES).rules(CHALLENGE, challenge=number, target=target, pieces=pieces)
