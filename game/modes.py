"""The four modes as policies (docs/rules.md § Modes): how a game starts, what it pays, how its page looks.

Every difference between the modes lives here; the services, views and
templates ask the game's policy (``game.policy``) instead of comparing the
mode's name. A policy reads nothing from the database: the services look up
what a start needs (the challenge's published version, whether it is unlocked) and pass it in.

Classic and Practice differ only in data, so they are two instances of
:class:`ModePolicy`; the Challenge start (and its rules) differs in behaviour, so it
is a subclass. The Daily's policy lives with the rest of the Daily in
:mod:`game.daily.policy` (its one-a-day behaviour needs the database, which a policy
here never reads); it joins :data:`POLICIES` when the app is ready (:func:`register`).

Page parts, included by ``game/play.html``: ``bar_template`` (the header above
the board) and ``end_template`` (the card when the game ends; the Classic and
Practice use the base ``game/modes/end_card.html``, the others extend it).
"""

import datetime as dt
import secrets
from dataclasses import dataclass

from django.db.models import Q, TextChoices
from django.utils.functional import Promise
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from . import engine, errors


@dataclass(frozen=True)
class Start:
    """What a new game begins with: its rules, secret seed and start board."""

    rules: engine.Rules
    seed: bytes
    board: engine.Bitboard = 0
    challenge: int | None = None
    challenge_version: int | None = None
    piece_set: int | None = None


CLIENT_SEED_BYTES = 16
"""Random bytes of a client seed the server draws for a start that sent none (32 hex characters)."""


def client_seed_draw() -> str:
    """A client seed for a start that sent none: 32 lowercase hex characters from :mod:`secrets`."""
    return secrets.token_hex(CLIENT_SEED_BYTES)


class ClientSeedBy(TextChoices):
    """Who chose a game's client seed (docs/api.md ``Game.fair.client_seed_by``)."""

    PLAYER = "player", _("the player")
    SERVER = "server", _("the server")


def client_seed_of(sent: str | None) -> tuple[str, ClientSeedBy]:
    """The client seed of a start and who chose it: ``sent`` by the player, else one the server draws."""
    return (sent, ClientSeedBy.PLAYER) if sent else (client_seed_draw(), ClientSeedBy.SERVER)


@dataclass(frozen=True)
class DealSeeds:
    """What a new game's deal is made from: the server seed, the dealer version, the client seed and who
    chose it (``None`` with no client seed)."""

    seed: bytes
    dealer: int
    client_seed: str | None
    client_seed_by: ClientSeedBy | None


@dataclass(frozen=True)
class ModePolicy:
    """One mode's settings; the defaults are the Classic's.

    :ivar page_url: URL name of the mode's page (a plain form post goes back there).
    :ivar new_url: URL name "New game" posts to; empty where a new game is not offered.
    :ivar start_url: URL name the mode's page posts its start to when it has no game to resume.
    :ivar uses_challenge: a start needs the Challenge row (and whether it is unlocked).
    :ivar one_per_day: one game a player a day, played on its day only (no abandoning).
    :ivar best_follows_score: the board's best rises with the running score (a game that beats it becomes
        the best); where one game a day is played, the best stays the one of the finished games.
    """

    name: str
    label: Promise
    title: Promise
    page_url: str
    new_url: str
    start_url: str
    bar_template: str
    end_template: str = "game/modes/end_card.html"
    pays_stars: bool = True
    high_score_counts: bool = True
    raises_level: bool = False
    one_per_day: bool = False
    uses_challenge: bool = False
    best_follows_score: bool = True

    def shown_best(self, *, best: int, score: int) -> int:
        """The best the board shows: the finished games' ``best``, raised to this game's ``score`` where
        :attr:`best_follows_score`.

        >>> CLASSIC.shown_best(best=1040, score=1200), CLASSIC.shown_best(best=1040, score=30)
        (1200, 1040)
        """
        return max(best, score) if self.best_follows_score else best

    def start(self, *, new_seed: bytes, day: dt.date, challenge=None, unlocked: bool = True) -> Start:
        """The start of a new game, under the current rules (:data:`engine.CURRENT_RULES`); ``challenge``
        (the ``ChallengeVersion`` published for it) and ``unlocked`` only where :attr:`uses_challenge`."""
        return Start(engine.ruleset(engine.CURRENT_RULES).rules(self.name), new_seed)

    def rules(self, game) -> engine.Rules:
        """The rules a stored game of this mode plays by: its mode's under its rules version."""
        return engine.ruleset(game.rules_version).rules(self.name)

    def start_board(self, game) -> engine.Bitboard:
        """The board a game of this mode that stores none started on (docs/record.md): empty here."""
        return engine.EMPTY

    def frozen_start(self, board: engine.Bitboard) -> str | None:
        """What a new game of this mode stores of its start ``board``: nothing where :meth:`start_board`
        makes it again (here, and the Daily's); a challenge's board as the game froze it."""
        return None

    def before_start(self, *, player, day: dt.date) -> None:
        """Whatever a start of this mode checks or closes first (nothing here; the Daily's one a day)."""

    def past_closed(self, *, player, day: dt.date) -> None:
        """Close the player's games of this mode that ``day`` has ended (none here; the Daily's of earlier days)."""

    def deal_seeds(self, *, day: dt.date, client_seed: str | None, next_seed) -> DealSeeds:
        """The seeds a new game is dealt from: the player's next seed (``next_seed()`` takes it) under the
        current dealer, with ``client_seed`` (a well-formed one as sent, :func:`client_seed_draw` if none)."""
        return DealSeeds(next_seed(), engine.CURRENT_DEALER, *client_seed_of(client_seed))

    def sealed(self, game) -> bool:
        """Whether an ended ``game`` of this mode is still sealed: its seed, replay and review hidden
        (never here; a Daily until its day closes)."""
        return False

    def page_game(self, *, day: dt.date, unfinished) -> Q:
        """Which of the player's games of this mode its page shows: an unfinished one (the statuses
        ``unfinished``); the Daily's, the game of ``day``, finished or not."""
        return Q(status__in=unfinished)

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
class ChallengePolicy(ModePolicy):
    """Challenge N: its start board, piece set and target; locked until N − 1 is won."""

    def start(self, *, new_seed, day, challenge=None, unlocked=True):
        """``challenge`` is the published version the game starts under (a ``ChallengeVersion``).

        :raises errors.Locked: ``challenge`` is not ``unlocked``.
        """
        if not unlocked:
            raise errors.Locked()
        return Start(
            challenge.rules,
            new_seed,
            challenge.board,
            challenge=challenge.challenge.number,
            challenge_version=challenge.version,
            piece_set=challenge.piece_set,
        )

    def frozen_start(self, board):
        return "".join(engine.to_rows(board))

    def rules(self, game):
        rules = engine.ruleset(game.rules_version)
        return rules.rules(
            self.name, challenge=game.challenge, target=game.target, pieces=rules.piece_set(game.piece_set)
        )

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
    raises_level=True,
    page_url="game:play",
    new_url="game:new",
    start_url="game:start",
    bar_template="game/modes/classic_bar.html",
)
PRACTICE = ModePolicy(
    name="practice",
    label=_("Practice"),
    title=_("Practice"),
    pays_stars=False,
    high_score_counts=False,
    page_url="game:practice",
    new_url="game:practice_new",
    start_url="game:practice_start",
    bar_template="game/modes/practice_bar.html",
)
CHALLENGE = ChallengePolicy(
    name="challenge",
    label=_("Challenge"),
    title=_("Challenge"),
    uses_challenge=True,
    page_url="game:challenge",
    new_url="game:challenge_new",
    start_url="game:challenge_start",
    bar_template="game/modes/challenge_bar.html",
    end_template="game/modes/challenge_end.html",
)

POLICIES: dict[str, ModePolicy] = {policy.name: policy for policy in (CLASSIC, PRACTICE, CHALLENGE)}
"""Every mode's policy by its name; the Daily's joins from :mod:`game.daily.policy` (:func:`register`)."""


def register(policy: ModePolicy) -> ModePolicy:
    """Add a policy defined outside this module to :data:`POLICIES` (idempotent); returns it."""
    POLICIES[policy.name] = policy
    return policy


def policy_for(mode: str) -> ModePolicy:
    """The policy of ``mode``.

    :raises errors.Invalid: unknown mode.
    """
    try:
        return POLICIES[mode]
    except KeyError:
        raise errors.Invalid() from None
