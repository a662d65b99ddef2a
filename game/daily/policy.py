"""The Daily's mode policy (docs/rules.md § Modes, Daily): the same seed and start board for everyone on a
day, one game a player, played on its day only, no Continue (its rules), sealed until the day closes.

It joins :data:`game.modes.POLICIES` when the app is ready (``GameConfig.ready``).
"""

from dataclasses import dataclass

from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from .. import engine
from ..modes import ModePolicy, Start, client_seed_of, register
from .board import daily_start_board
from .seeds import dailies_ahead, daily_deal_seed
from .selectors import day_closed
from .services import daily_expire, daily_refuse_second


@dataclass(frozen=True)
class DailyPolicy(ModePolicy):
    """The Daily: ``new_seed`` is the day's seed, and the start board comes from it."""

    def start(self, *, new_seed, day, challenge=None, unlocked=True):
        return Start(engine.ruleset(engine.CURRENT_RULES).rules(self.name), new_seed, daily_start_board(new_seed))

    def start_board(self, game):
        """The day's start board, from the game's (the day's) seed (:func:`~game.daily.board.daily_start_board`)."""
        return daily_start_board(bytes.fromhex(game.seed))

    def before_start(self, *, player, day):
        """Close the player's unfinished Dailies of earlier days; refuse a second game of ``day``; draw the
        seeds of the coming week where the scheduled job has not (:func:`~game.daily.seeds.dailies_ahead`).

        :raises errors.DailyPlayed: the player's Daily of ``day`` was already started.
        """
        self.past_closed(player=player, day=day)
        daily_refuse_second(player=player, day=day)
        dailies_ahead(today=day)  # the coming week's commitments, which the Daily's page lists

    def page_game(self, *, day, unfinished):
        return Q(day=day)

    def past_closed(self, *, player, day):
        daily_expire(before=day, player=player)

    def deal_seeds(self, *, day, client_seed, next_seed):
        """The day's seed and the player's ``client_seed`` (:func:`~game.modes.client_seed_of`), mixed in
        from the second hand on (:func:`~game.daily.seeds.daily_deal_seed`)."""
        return daily_deal_seed(day, *client_seed_of(client_seed))

    def sealed(self, game):
        """Everyone that day shares the Daily's deal: sealed until the day closes."""
        return not day_closed(game.day)


DAILY = register(
    DailyPolicy(
        name="daily",
        label=_("Daily"),
        title=_("Daily"),
        high_score_counts=False,
        one_per_day=True,
        best_follows_score=False,
        page_url="game:daily",
        new_url="",
        start_url="game:daily_start",
        bar_template="game/modes/daily_bar.html",
        end_template="game/modes/daily_end.html",
    )
)
