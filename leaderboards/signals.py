"""Keep the boards current; connected to the game's signals in ``LeaderboardsConfig.ready``.

A game is put on its boards once, when the game's services finish it
(:data:`game.signals.game_finished`, in the same transaction). A deleted game
takes its entries with it, and the player's next best takes their place.
"""

from game.models import Game

from .services import standing_record, standings_refresh


def game_finished_record(sender, game: Game, **kwargs) -> None:
    """Put the game that just finished on its boards."""
    standing_record(game=game)


def game_deleted(sender, instance: Game, **kwargs) -> None:
    """A deleted game takes its entries with it (cascade); the player's next best takes their place."""
    if instance.is_finished:
        standings_refresh(player_id=instance.player_id)
