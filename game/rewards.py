"""Stars and levels for a finished game: the numbers of docs/rules.md § Stars, levels.

Pure functions of plain values (no Django): the services gather the facts
(score, the best earlier score of the same kind, stars already paid today) and
store what these return.
"""

from dataclasses import asdict, dataclass

STARS_BASE = 1
"""Every finished game (not abandoned, not Practice) earns this."""
STARS_SCORE_STEP = 2500
"""One more star per this many points ..."""
STARS_SCORE_MAX = 5
"""... up to this many."""
STARS_HIGH_SCORE = 2
"""For a score strictly above the best earlier finished game of the same kind (never the Daily)."""
STARS_CHALLENGE_MAX = 20
"""A won challenge N pays at least ``min(N, 20)``."""
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
    *, score: int, best_before: int | None, won_challenge: int | None, paid_today: int, high_score_counts: bool = True
) -> StarAward:
    """The stars for a finished game.

    :param score: the game's final score.
    :param best_before: best score of the player's earlier finished games of the same
        kind, or ``None`` if there is none (then no high-score bonus).
    :param won_challenge: the challenge number if the game won a challenge, else ``None``.
    :param paid_today: stars already paid from games on this game-calendar day.
    :param high_score_counts: ``False`` for the Daily (no high-score bonus).

    >>> star_award(score=7600, best_before=5000, won_challenge=None, paid_today=0).paid
    6
    >>> star_award(score=1600, best_before=None, won_challenge=6, paid_today=0).as_dict()["challenge"]
    5
    >>> star_award(score=9000, best_before=None, won_challenge=None, paid_today=58).paid
    2
    """
    beat = high_score_counts and best_before is not None and score > best_before
    high = STARS_HIGH_SCORE if beat else 0
    usual = _usual(score, high)
    challenge = _challenge_extra(usual, won_challenge)
    capped = max(0, usual + challenge - max(0, STARS_DAILY_CAP - paid_today))
    return StarAward(STARS_BASE, usual - STARS_BASE - high, high, challenge, capped)


def _usual(score: int, high_score: int) -> int:
    """The stars every game earns: for playing, the score bonus and ``high_score``."""
    return STARS_BASE + min(STARS_SCORE_MAX, score // STARS_SCORE_STEP) + high_score


def _challenge_extra(usual: int, won_challenge: int | None) -> int:
    """What a won challenge adds on top of the ``usual`` stars."""
    return max(0, min(won_challenge, STARS_CHALLENGE_MAX) - usual) if won_challenge else 0


def award_of(*, score: int, won_challenge: int | None, high_score: int, paid: int) -> StarAward:
    """The :class:`StarAward` of a finished game, from what it stores: its score, the challenge it won,
    its high-score bonus and the stars it was paid (the cap took the rest).

    >>> award = star_award(score=9000, best_before=100, won_challenge=None, paid_today=55)
    >>> award_of(score=9000, won_challenge=None, high_score=award.high_score, paid=award.paid) == award
    True
    """
    usual = _usual(score, high_score)
    challenge = _challenge_extra(usual, won_challenge)
    return StarAward(STARS_BASE, usual - STARS_BASE - high_score, high_score, challenge, usual + challenge - paid)


def raises_level(score: int) -> bool:
    """Whether a finished Classic game of ``score`` raises the level (docs/rules.md § Stars, levels)."""
    return score >= LEVEL_SCORE
