"""Reads of games: the game to resume, one game, a player's best score."""

from django.db.models import Max

from .errors import GameNotFound
from .models import FINISHED, UNFINISHED, Game


def game_current(*, player, mode: str = "classic") -> Game | None:
    """The player's unfinished game of ``mode`` (playing or at "No moves left"), if any."""
    return Game.objects.filter(player=player, mode=mode, status__in=UNFINISHED).order_by("-pk").first()


def game_get(*, player, game_id) -> Game:
    """The player's own game.

    :raises GameNotFound: no such game, or it belongs to someone else.
    """
    game = _get(game_id)
    if game.player_id != player.pk:
        raise GameNotFound()
    return game


MAX_ID = 2**63 - 1


def parse_game_id(game_id) -> int:
    """A game's public id as the primary key.

    :raises GameNotFound: not a decimal number in the key's range.
    """
    text = str(game_id)
    if not text.isascii() or not text.isdigit() or not 0 < int(text) <= MAX_ID:
        raise GameNotFound()
    return int(text)


def _get(game_id) -> Game:
    try:
        return Game.objects.get(pk=parse_game_id(game_id))
    except Game.DoesNotExist:
        raise GameNotFound() from None


def game_visible(*, player, game_id) -> Game:
    """A game as the API shows it: any game that has ended, or the caller's own.

    :raises GameNotFound: no such game, or someone else's unfinished game.
    """
    game = _get(game_id)
    if game.is_unfinished and (player is None or game.player_id != player.pk):
        raise GameNotFound()
    return game


def game_ended(*, game_id) -> Game:
    """A game that has ended (any status but playing / no moves left), for replays.

    :raises GameNotFound: no such game, or it is still going on.
    """
    game = _get(game_id)
    if game.is_unfinished:
        raise GameNotFound()
    return game


def high_score(*, player, mode: str = "classic") -> int:
    """The best score of the player's finished games of ``mode`` (0 if none)."""
    best = Game.objects.filter(player=player, mode=mode, status__in=FINISHED).aggregate(best=Max("score"))["best"]
    return best or 0


def challenge_best(*, player) -> int:
    """The highest challenge number the player has won (0 if none)."""
    best = Game.objects.filter(player=player, mode="challenge", status="won").aggregate(best=Max("challenge"))["best"]
    return best or 0
