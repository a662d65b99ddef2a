"""Keep the boards current: a game that finishes is put on its boards in the same transaction.

``post_save`` covers every ``Game.save()`` / ``Game.objects.create()``. Writes that
bypass ``save()`` (a queryset ``update()``) must call
:func:`leaderboards.services.standing_record` themselves once the game is finished,
as ``game.services._finish`` does. Recording a game twice changes nothing.
"""

from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from game.models import Game

from .services import standing_record, standings_refresh


@receiver(post_save, sender=Game, dispatch_uid="leaderboards.game_saved")
def game_saved(sender, instance: Game, raw: bool = False, **kwargs) -> None:
    if not raw and instance.is_finished:
        standing_record(game=instance)


@receiver(post_delete, sender=Game, dispatch_uid="leaderboards.game_deleted")
def game_deleted(sender, instance: Game, **kwargs) -> None:
    """A deleted game takes its entries with it (cascade); the player's next best takes their place."""
    if instance.is_finished:
        standings_refresh(player_id=instance.player_id)
