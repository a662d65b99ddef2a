"""Reads of games: the game to resume, one game, a player's best score."""

from django.db.models import Max, QuerySet

from blockknock.accounts.player_cache import through_cache
from blockknock.parsers import decimal

from .errors import GameNotFound, Invalid
from .models import FINISHED, UNFINISHED, Challenge, ChallengeVersion, DealerCutover, Game, Mode, Status


def game_current(*, player, mode: str = Mode.CLASSIC) -> Game | None:
    """The player's unfinished game of ``mode`` (playing or at "No moves left"), if any."""
    return Game.objects.filter(player=player, mode=mode, status__in=UNFINISHED).order_by("-pk").first()


def game_on_page(*, player, policy, number: int | None = None, day) -> Game | None:
    """The game the page of ``policy``'s mode (challenge ``number``) shows ``player`` on game-calendar
    ``day`` (:meth:`~game.modes.ModePolicy.page_game`): an unfinished one, the Daily's of the day."""
    if player is None:
        return None
    games = Game.objects.filter(policy.page_game(day=day, unfinished=UNFINISHED), player=player, mode=policy.name)
    game = games.order_by("-pk").first()
    return game if game is not None and game.challenge == number else None


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
    """A game as the API shows it: the caller's own, or anyone's that has ended and is not sealed
    (a Daily of a day not closed yet, :meth:`~game.modes.ModePolicy.sealed`).

    :raises GameNotFound: no such game, or someone else's unfinished or sealed game.
    """
    game = _get(game_id)
    if player is not None and game.player_id == player.pk:
        return game
    if game.is_unfinished or game.policy.sealed(game):
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


def game_history(*, game_id) -> Game:
    """A game whose history (replay, review) is open to anyone, its own player included: it has ended
    and is not sealed (a Daily's opens when its day closes, :meth:`~game.modes.ModePolicy.sealed`).

    :raises GameNotFound: no such game, still going on, or sealed.
    """
    game = game_ended(game_id=game_id)
    if game.policy.sealed(game):
        raise GameNotFound()
    return game


def game_last_ended(*, player) -> Game | None:
    """The player's most recently started game that has ended, or ``None`` (How to play links its "Was it fair?")."""
    return Game.objects.filter(player=player).exclude(status__in=UNFINISHED).order_by("-pk").first()


def game_last_finished(*, player, mode: str, challenge: int | None = None, before: int) -> Game | None:
    """The player's last finished game (over or won) of ``mode`` (of challenge number ``challenge``) started
    before game ``before`` ("Your last game" on the play page)."""
    games = Game.objects.filter(player=player, mode=mode, challenge=challenge, status__in=FINISHED, pk__lt=before)
    return games.order_by("-pk").first()


BEST_SECONDS = 10 * 60


def _best_key(player_id, mode: str) -> str:
    return f"best:{player_id}:{mode}"


def _bests(player, mode: str) -> int | dict[int | None, int]:
    """The best score of ``mode``; for challenges, ``{number: best}`` (each challenge is its own)."""
    games = Game.objects.filter(player=player, mode=mode, status__in=FINISHED)
    if mode != Mode.CHALLENGE:
        return games.aggregate(best=Max("score"))["best"] or 0
    return dict(games.order_by().values("challenge").annotate(best=Max("score")).values_list("challenge", "best"))


def high_score(*, player, mode: str = Mode.CLASSIC, challenge: int | None = None) -> int:
    """The best score of the player's finished games of ``mode`` (of challenge number ``challenge``; 0 if none).

    Kept in the cache (the board shows it after every move) until the player changes
    (a game finished or deleted: :mod:`blockknock.accounts.player_cache`), or for
    :data:`BEST_SECONDS` at most.
    """
    best = through_cache(_best_key(player.pk, mode), lambda: _bests(player, mode), BEST_SECONDS)
    return best.get(challenge, 0) if isinstance(best, dict) else best


def high_score_keys(player_id) -> list[str]:
    """The cache keys of :func:`high_score` for player ``player_id``, one per mode."""
    return [_best_key(player_id, mode) for mode in Mode.values]


def challenge_best(*, player) -> int:
    """The highest challenge number the player has won (0 if none)."""
    best = Game.objects.filter(player=player, mode=Mode.CHALLENGE, status=Status.WON).aggregate(best=Max("challenge"))[
        "best"
    ]
    return best or 0


def challenge_open(*, number, locked: bool = False) -> Challenge:
    """The active challenge ``number``; with ``locked``, its row locked to the end of the transaction (a game
    start: staff publishing a new version wait for it, and it for them).

    :raises Invalid: no such active challenge.
    """
    rungs = Challenge.objects.select_for_update() if locked else Challenge.objects
    try:
        return rungs.get(number=number, active=True)
    except (Challenge.DoesNotExist, ValueError, TypeError):
        raise Invalid() from None


def challenge_versions() -> QuerySet[ChallengeVersion]:
    """Every published version of every challenge, active or not, by number then version (the ladder)."""
    return ChallengeVersion.objects.select_related("challenge").order_by("challenge__number", "version")


def dealer_cutovers() -> QuerySet[DealerCutover]:
    """The published dealer cut-overs (``GET /api/dealers/``), by mode then first game."""
    return DealerCutover.objects.order_by("mode", "from_game")


def challenges_won(*, player) -> set[int]:
    """The challenge numbers the player has won."""
    won = Game.objects.filter(player=player, mode=Mode.CHALLENGE, status=Status.WON)
    return {number for number in won.values_list("challenge", flat=True) if number is not None}


def challenge_unlocked(*, player, number: int) -> bool:
    """Whether challenge ``number`` is open to the player: the active one before it is won (docs/rules.md § Modes)."""
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
