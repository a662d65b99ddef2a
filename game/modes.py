"""The four modes as policies (RULES.md § Modes): how a game starts and what it pays.

The services ask the game's policy instead of branching on the mode's name.
"""

import datetime as dt
from dataclasses import dataclass

from django.db.models import Q

from . import engine, errors
from .daily_seed import daily_seed, daily_start_board


@dataclass(frozen=True)
class Start:
    """What a new game begins with: its rules, secret seed and start board."""

    rules: engine.Rules
    seed: bytes
    board: engine.Bitboard = 0
    challenge: int | None = None
    piece_set: int | None = None


class ModePolicy:
    """Class-level settings of a mode; subclasses override what differs."""

    name = ""
    pays_stars = True
    high_score_counts = True
    raises_level = False
    one_per_day = False

    def start(self, *, player, challenge: int | None, new_seed: bytes, day: dt.date) -> Start:
        raise NotImplementedError

    def rules(self, game) -> engine.Rules:
        raise NotImplementedError

    def same_kind(self, game) -> Q:
        """Games counted as "the same kind" for the high-score bonus."""
        return Q(mode=self.name)


class ClassicMode(ModePolicy):
    name = "classic"
    raises_level = True

    def start(self, *, player, challenge, new_seed, day):
        return Start(engine.CLASSIC, new_seed)

    def rules(self, game):
        return engine.CLASSIC


class PracticeMode(ModePolicy):
    name = "practice"
    pays_stars = False
    high_score_counts = False

    def start(self, *, player, challenge, new_seed, day):
        return Start(engine.PRACTICE, new_seed)

    def rules(self, game):
        return engine.PRACTICE


class DailyMode(ModePolicy):
    """Same seed and start board for everyone on a day; one game a player; no Continue."""

    name = "daily"
    high_score_counts = False
    one_per_day = True

    def start(self, *, player, challenge, new_seed, day):
        seed = daily_seed(day)
        return Start(engine.DAILY, seed, daily_start_board(seed))

    def rules(self, game):
        return engine.DAILY


class ChallengeMode(ModePolicy):
    """Challenge N: its start board, piece set and target; locked until N − 1 is won."""

    name = "challenge"

    def start(self, *, player, challenge, new_seed, day):
        from .selectors import challenge_open, challenge_unlocked

        rung = challenge_open(number=challenge)
        if not challenge_unlocked(player=player, number=rung.number):
            raise errors.Locked()
        return Start(rung.rules, new_seed, rung.board, challenge=rung.number, piece_set=rung.piece_set or rung.number)

    def rules(self, game):
        return engine.challenge_rules(game.challenge, game.target, engine.piece_set(game.piece_set))

    def same_kind(self, game):
        return Q(mode=self.name, challenge=game.challenge)


POLICIES: dict[str, ModePolicy] = {policy.name: policy for policy in (ClassicMode(), PracticeMode(), DailyMode(), ChallengeMode())}


def policy_for(mode: str) -> ModePolicy:
    """The policy of ``mode``.

    :raises errors.Invalid: unknown mode.
    """
    try:
        return POLICIES[mode]
    except KeyError:
        raise errors.Invalid() from None


def rules_for(game) -> engine.Rules:
    """The rules a stored game plays by."""
    return policy_for(game.mode).rules(game)
