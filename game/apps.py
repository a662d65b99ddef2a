from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GameConfig(AppConfig):
    """Games and moves: the Django side of the rules engine in ``game.engine``."""

    name = "game"
    verbose_name = _("Games")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from django.db.models.signals import post_delete, post_save
        from rest_framework import serializers

        from blockknock.accounts.player_cache import forget_on, player_changed, player_keys_add
        from blockknock.accounts.serializers import player_figure

        from . import seeds, selectors
        from .models import Game, NextSeed
        from .signals import game_finished

        player_figure("high_score", lambda player: selectors.high_score(player=player))
        player_figure("challenge_best", lambda player: selectors.challenge_best(player=player))
        player_figure("next_commitment", lambda player: seeds.next_commitment(player=player), serializers.CharField)

        # The figures above are cached with the player's: a finished or deleted game moves the best
        # scores, a seed taken the next commitment (blockknock.accounts.player_cache).
        player_keys_add(selectors.high_score_keys)
        game_finished.connect(
            lambda sender, game, **kwargs: player_changed(game.player_id),
            sender=Game,
            weak=False,
            dispatch_uid="player-cache-game-finished",
        )
        post_delete.connect(forget_on("player_id"), sender=Game, weak=False, dispatch_uid="player-cache-game-deleted")
        post_save.connect(
            forget_on("player_id", created=False), sender=NextSeed, weak=False, dispatch_uid="player-cache-next-seed"
        )
