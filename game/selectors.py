"""Reads of games: the game to resume, one game, a player's best score."""

import contextlib

from django.core.cache import cache
from django.db import transaction
from django.db.models import Max

from blockknock.parsers import decimal
from blockknock.throttles import CACHE_ERRORS

from .errors import GameNotFound, Invalid
from .models import FINISHED, UNFINISHED, Challenge, DailyClose, Game, Mode, Status


def game_current(*, player, mode: str = Mode.CLASSIC) -> Game | None:
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
    number = decimal(str(game_id), high=MAX_ID)
    if number is None:
        raise GameNotFound()
    return number


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


def game_last_ended(*, player) -> Game | None:
    """The player's most recently started game that has ended, or ``None`` (How to play links its "Was it fair?")."""
    return Game.objects.filter(player=player).exclude(status__in=UNFINISHED).order_by("-pk").first()


BEST_SECONDS = 10 * 60


def _best_key(player_id, mode: str) -> str:
    return f"best:{player_id}:{mode}"


def high_score(*, player, mode: str = Mode.CLASSIC) -> int:
    """The best score of the player's finished games of ``mode`` (0 if none).

    Kept in the cache (the board shows it after every move) until a game of the
    player ends (:func:`high_score_forget`, called by the services), or for
    :data:`BEST_SECONDS` at most.
    """
    key = _best_key(player.pk, mode)
    try:
        best = cache.get(key)
    except CACHE_ERRORS:
        best = None
    if best is None:
        best = (
            Game.objects.filter(player=player, mode=mode, status__in=FINISHED).aggregate(best=Max("score"))["best"] or 0
        )
        with contextlib.suppress(*CACHE_ERRORS):  # the cache is down: the next read asks the database again
            cache.set(key, best, BEST_SECONDS)
    return best


def high_score_forget(*, player_id) -> None:
    """Drop the player's cached best scores, now and once the current transaction commits."""

    def forget():
        with contextlib.suppress(*CACHE_ERRORS):  # the cache is down: left to expire (BEST_SECONDS)
            cache.delete_many([_best_key(player_id, mode) for mode in Mode.values])

    forget()
    transaction.on_commit(forget)


def challenge_best(*, player) -> int:
    """The highest challenge number the player has won (0 if none)."""
    best = Game.objects.filter(player=player, mode=Mode.CHALLENGE, status=Status.WON).aggregate(best=Max("challenge"))[
        "best"
    ]
    return best or 0


def challenge_open(*, number) -> Challenge:
    """The active challenge ``number``.

    :raises Invalid: no such active challenge.
    """
    try:
        return Challenge.objects.get(number=number, active=True)
    except (Challenge.DoesNotExist, ValueError, TypeError):
        raise Invalid() from None


def challenges_won(*, player) -> set[int]:
    """The challenge numbers the player has won."""
    won = Game.objects.filter(player=player, mode=Mode.CHALLENGE, status=Status.WON)
    return {number for number in won.values_list("challenge", flat=True) if number is not None}


def challenge_unlocked(*, player, number: int) -> bool:
    """Whether challenge ``number`` is open to the player: the active challenge before it is won (RULES.md § Modes)."""
    previous = (
        Challenge.objects.filter(active=True, number__lt=number)
        .order_by("-number")
        .values_list("number", flat=True)
        .first()
    )
    return previous is None or previous in challenges_won(player=player)


def challenge_after(*, number: int) -> int | None:
    """The number of the active challenge after ``number``, if there is one."""
    return (
        Challenge.objects.filter(active=True, number__gt=number)
        .order_by("number")
        .values_list("number", flat=True)
        .first()
    )


def challenge_ladder(*, player) -> list[dict]:
    """Every active challenge with the player's state: ``{"challenge", "best", "won", "locked"}``, by number."""
    won = challenges_won(player=player)
    best = dict(
        Game.objects.filter(player=player, mode=Mode.CHALLENGE, status__in=FINISHED)
        .values("challenge")
        .annotate(best=Max("score"))
        .values_list("challenge", "best")
    )
    ladder, previous_won = [], True
    for rung in Challenge.objects.filter(active=True):
        ladder.append(
            {"challenge": rung, "best": best.get(rung.number, 0), "won": rung.number in won, "locked": not previous_won}
        )
        previous_won = rung.number in won
    return ladder


def daily_today(*, player, day) -> Game | None:
    """The player's Daily of game-calendar ``day``, if started."""
    return Game.objects.filter(player=player, mode=Mode.DAILY, day=day).first()


def daily_result(*, day) -> DailyClose | None:
    """The closed Daily of ``day`` (top score and winners), or ``None`` while it is open."""
    return DailyClose.objects.filter(day=day).first()
