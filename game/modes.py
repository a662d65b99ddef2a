"""The four modes as policies (RULES.md § Modes): how a game starts, what it pays, how its page looks.

Every difference between the modes lives here; the services, views and
templates ask the game's policy (``game.policy``) instead of comparing the
mode's name. A policy reads nothing from the database: the services look up
what a start needs (the Challenge row, whether it is unlocked) and pass it in.

Classic and Practice differ only in data, so they are two instances of
:class:`ModePolicy`; the Daily and the Challenge start (and the Challenge's
rules) differ in behaviour, so they are subclasses.

Page parts, included by ``game/play.html``: ``bar_template`` (the header above
the board) and ``end_template`` (the card when the game ends; the Classic and
Practice use the base ``game/modes/end_card.html``, the others extend it).
"""

import datetime as dt
from dataclasses import dataclass

from django.db.models import Q
from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from . import engine, errors
from .daily_seed import daily_start_board


@dataclass(frozen=True)
class Start:
    """What a new game begins with: its rules, secret seed and start board."""

    rules: engine.Rules
    seed: bytes
    board: engine.Bitboard = 0
    challenge: int | None = None
    piece_set: int | None = None


@dataclass(frozen=True)
class ModePolicy:
    """One mode's settings; the defaults are the Classic's.

    :ivar fixed_rules: the engine rules every game of the mode plays by.
    :ivar page_url: URL name of the mode's page (a plain form post goes back there).
    :ivar new_url: URL name "New game" posts to; empty where a new game is not offered.
    :ivar uses_challenge: a start needs the Challenge row (and whether it is unlocked).
    :ivar one_per_day: one game a player a day, played on its day only (no abandoning).
    :ivar shared_seed: every game of a day is dealt from the day's seed (no client seed, and
        the seed is revealed only once the day is closed); otherwise each game takes the
        player's next seed and a client seed (``game.seeds``).
    """

    name: str
    label: Promise
    title: Promise
    fixed_rules: engine.Rules | None
    page_url: str
    new_url: str
    bar_template: str
    end_template: str = "game/modes/end_card.html"
    pays_stars: bool = True
    high_score_counts: bool = True
    raises_level: bool = False
    one_per_day: bool = False
    uses_challenge: bool = False
    shared_seed: bool = False

    def start(self, *, new_seed: bytes, day: dt.date, challenge=None, unlocked: bool = True) -> Start:
        """The start of a new game.

        ``challenge`` (a ``Challenge`` row) and ``unlocked`` only where :attr:`uses_challenge`.
        """
        return Start(self._fixed_rules(), new_seed)

    def rules(self, game) -> engine.Rules:
        """The rules a stored game of this mode plays by."""
        return self._fixed_rules()

    def _fixed_rules(self) -> engine.Rules:
        """:attr:`fixed_rules`; a mode without them (the Challenge) overrides :meth:`start` and :meth:`rules`."""
        assert self.fixed_rules is not None, f"{self.name} has no fixed rules"
        return self.fixed_rules

    def same_kind(self, game) -> Q:
        """Games counted as "the same kind" for the high-score bonus."""
        return Q(mode=self.name)

    def label_of(self, game) -> str:
        """The game's mode as the replay and "Was it fair?" name it."""
        return str(self.label)

    def title_of(self, game) -> str:
        """The game's page title (and its mode bar's heading)."""
        return str(self.title)

    def url_args(self, game) -> tuple:
        """Arguments of :attr:`page_url` and :attr:`new_url` for ``game``."""
        return ()


@dataclass(frozen=True)
class DailyPolicy(ModePolicy):
    """Same seed and start board for everyone on a day; one game a player; no Continue (its rules).

    ``new_seed`` is the day's seed (:attr:`shared_seed`); the start board comes from it.
    """

    def start(self, *, new_seed, day, challenge=None, unlocked=True):
        return Start(self._fixed_rules(), new_seed, daily_start_board(new_seed))


@dataclass(frozen=True)
class ChallengePolicy(ModePolicy):
    """Challenge N: its start board, piece set and target; locked until N − 1 is won."""

    def start(self, *, new_seed, day, challenge=None, unlocked=True):
        """:raises errors.Locked: ``challenge`` is not ``unlocked``."""
        if not unlocked:
            raise errors.Locked()
        return Start(
            challenge.rules,
            new_seed,
            challenge.board,
            challenge=challenge.number,
            piece_set=challenge.piece_set or challenge.number,
        )

    def rules(self, game):
        return engine.challenge_rules(game.challenge, game.target, engine.piece_set(game.piece_set))

    def same_kind(self, game):
        return Q(mode=self.name, challenge=game.challenge)

    def label_of(self, game):
        return gettext("Challenge %(number)s") % {"number": game.challenge}

    def title_of(self, game):
        return self.label_of(game)

    def url_args(self, game):
        return (game.challenge,)


CLASSIC = ModePolicy(
    name="classic",
    label=_("Classic"),
    title=_("Play"),
    fixed_rules=engine.CLASSIC,
    raises_level=True,
    page_url="game:play",
    new_url="game:new",
    bar_template="game/modes/classic_bar.html",
)
PRACTICE = ModePolicy(
    name="practice",
    label=_("Practice"),
    title=_("Practice"),
    fixed_rules=engine.PRACTICE,
    pays_stars=False,
    high_score_counts=False,
    page_url="game:practice",
    new_url="game:practice_new",
    bar_template="game/modes/practice_bar.html",
)
DAILY = DailyPolicy(
    name="daily",
    label=_("Daily"),
    title=_("Daily"),
    fixed_rules=engine.DAILY,
    high_score_counts=False,
    one_per_day=True,
    shared_seed=True,
    page_url="game:daily",
    new_url="",
    bar_template="game/modes/daily_bar.html",
    end_template="game/modes/daily_end.html",
)
CHALLENGE = ChallengePolicy(
    name="challenge",
    label=_("Challenge"),
    title=_("Challenge"),
    fixed_rules=None,
    uses_challenge=True,
    page_url="game:challenge",
    new_url="game:challenge_new",
    bar_template="game/modes/challenge_bar.html",
    end_template="game/modes/challenge_end.html",
)

POLICIES: dict[str, ModePolicy] = {policy.name: policy for policy in (CLASSIC, PRACTICE, DAILY, CHALLENGE)}


def policy_for(mode: str) -> ModePolicy:
    """The policy of ``mode``.

    :raises errors.Invalid: unknown mode.
    """
    try:
        return POLICIES[mode]
    except KeyError:
        raise errors.Invalid() from None
