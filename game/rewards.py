"""Stars and levels for a finished game: the numbers of docs/rules.md § Stars, levels.

Pure functions of plain values (no Django): the services gather the facts
(score, the best earlier score of the same kind, stars already paid today) and
store what these return. A game's stars are counted by the numbers of its own
rules version (:class:`~game.engine.rules.StarNumbers`, ``ruleset(version).stars``),
so a new version never re-prices an old game's breakdown. The daily cap and the
level's score are not a game's numbers but a day's and a player's: they stay here.
"""

from dataclasses import asdict, dataclass

from .engine.rules import StarNumbers

STARS_DAILY_CAP = 60
"""Stars a day from games; what is over is not paid. The Daily win (its rules version's) is outside the cap."""
LEVEL_SCORE = 2500
"""A finished Classic game of at least this score raises the level by one."""


@dataclass(frozen=True)
class StarAward:
    """The stars of one finished game and why (shown on the game-over and win screens).

    ``earned = base + score_bonus + high_score + challenge``; ``paid = earned - capped``.
    ``challenge`` is what a won challenge adds on top of the usual stars.
    """

    base: int
    score_bonus: int
    high_score: int
    challenge: int
    capped: int

    @property
    def earned(self) -> int:
        return self.base + self.score_bonus + self.high_score + self.challenge

    @property
    def paid(self) -> int:
        return self.earned - self.capped

    def as_dict(self) -> dict:
        return {**asdict(self), "earned": self.earned, "paid": self.paid}


def star_award(
    *,
    numbers: StarNumbers,
    score: int,
    best_before: int | None,
    won_challenge: int | None,
    paid_today: int,
    high_score_counts: bool = True,
) -> StarAward:
    """The stars for a finished game, by ``numbers`` (its rules version's).

    :param score: the game's final score.
    :param best_before: best score of the player's earlier finished games of the same
        kind, or ``None`` if there is none (then no high-score bonus).
    :param won_challenge: the challenge number if the game won a challenge, else ``None``.
    :param paid_today: stars already paid from games on this game-calendar day.
    :param high_score_counts: ``False`` for the Daily (no high-score bonus).

    >>> from game.engine import ruleset
    >>> first = ruleset(1).stars
    >>> star_award(numbers=first, score=7600, best_before=5000, won_challenge=None, paid_today=0).paid
    6
    >>> star_award(numbers=first, score=1600, best_before=None, won_challenge=6, paid_today=0).as_dict()["challenge"]
    5
    >>> star_award(numbers=first, score=9000, best_before=None, won_challenge=None, paid_today=58).paid
    2
    """
    beat = high_score_counts and best_before is not None and score > best_before
    high = numbers.high_score if beat else 0
    usual = _usual(numbers, score, high)
    challenge = _challenge_extra(numbers, usual, won_challenge)
    capped = max(0, usual + challenge - max(0, STARS_DAILY_CAP - paid_today))
    return StarAward(numbers.base, usual - numbers.base - high, high, challenge, capped)


def _usual(numbers: StarNumbers, score: int, high_score: int) -> int:
    """The stars every game earns: for playing, the score bonus and ``high_score``."""
    return numbers.base + min(numbers.score_max, score // numbers.score_step) + high_score


def _challenge_extra(numbers: StarNumbers, usual: int, won_challenge: int | None) -> int:
    """What a won challenge adds on top of the ``usual`` stars."""
    return max(0, min(won_challenge, numbers.challenge_max) - usual) if won_challenge else 0


def award_of(*, numbers: StarNumbers, score: int, won_challenge: int | None, high_score: int, paid: int) -> StarAward:
    """The :class:`StarAward` of a finished game, from what it stores: its score, the challenge it won,
    its high-score bonus and the stars it was paid (the cap took the rest), by ``numbers`` (its rules
    version's).

    >>> from game.engine import ruleset
    >>> first = ruleset(1).stars
    >>> award = star_award(numbers=first, score=9000, best_before=100, won_challenge=None, paid_today=55)
    >>> award_of(numbers=first, score=9000, won_challenge=None, high_score=award.high_score, paid=award.paid) == award
    True
    """
    usual = _usual(numbers, score, high_score)
    challenge = _challenge_extra(numbers, usual, won_challenge)
    return StarAward(numbers.base, usual - numbers.base - high_score, high_score, challenge, usual + challenge - paid)


def raises_level(score: int) -> bool:
    """Whether a finished Classic game of ``score`` raises the level (docs/rules.md § Stars, levels)."""
    return score >= LEVEL_SCORE
