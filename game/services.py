"""Writes of the game flow: start, place, continue, No thanks (one path for a move).

The HTMX views and the JSON API both call these. Each runs in one transaction:
the game row is locked (``select_for_update``), the engine applies the action,
and the new state and the event row are saved together, guarded by a
compare-and-set on ``Game.seq`` so a stale or duplicated request changes nothing.
"""

import secrets

from django.db import transaction
from django.utils import timezone

from . import engine, errors
from .calendar import game_day
from .models import UNFINISHED, Event, Game, Move, Status, _board_text
from .modes import rules_for_mode
from .selectors import parse_game_id

SEED_BYTES = 32

ENGINE_ERRORS = {
    engine.InvalidMoveError: errors.Invalid,
    engine.NotPlayingError: errors.NotPlaying,
    engine.SlotUsedError: errors.SlotUsed,
    engine.IllegalMoveError: errors.IllegalPlacement,
    engine.NoContinueError: errors.NoContinue,
}


def _engine_call(fn, *args):
    """Run an engine function, turning its refusal into the matching :class:`GameError`."""
    try:
        return fn(*args)
    except engine.EngineError as exc:
        raise ENGINE_ERRORS[type(exc)](str(exc)) from exc


@transaction.atomic
def game_start(*, player, mode: str, challenge: int | None = None) -> Game:
    """Start a new game of ``mode`` for ``player``, dealing its first hand.

    Abandons the player's unfinished game of the same mode (RULES.md § End of game).

    :raises errors.Invalid: unknown mode.
    """
    rules = rules_for_mode(mode, challenge)
    seed = secrets.token_bytes(SEED_BYTES)
    state = engine.new_game(rules, seed)
    Game.objects.select_for_update().filter(player=player, mode=mode, status__in=UNFINISHED).update(
        status=Status.ABANDONED, finished_at=timezone.now()
    )
    game = Game(
        player=player, mode=mode, challenge=challenge, day=game_day(), seed=seed.hex(),
        start_board=_board_text(state.board), target=rules.target, hands=[],
    )
    game.load_state(state)
    _mark_finished(game)
    game.save()
    return game


def _locked_game(player, game_id) -> Game:
    """The player's game, row-locked for this transaction.

    :raises errors.GameNotFound: no such game, or another player's.
    """
    try:
        return Game.objects.select_for_update().get(pk=parse_game_id(game_id), player=player)
    except Game.DoesNotExist:
        raise errors.GameNotFound() from None


def _save(game: Game, event: Move, expected_seq: int) -> None:
    """Store the new state and its event; refuse if another write got there first."""
    _mark_finished(game)
    game.seq = expected_seq + 1
    fields = {f.attname: getattr(game, f.attname) for f in Game._meta.concrete_fields if not f.primary_key}
    fields["updated_at"] = timezone.now()
    if not Game.objects.filter(pk=game.pk, seq=expected_seq).update(**fields):
        raise errors.StaleMove()
    event.game = game
    event.seq = expected_seq
    event.save()


def _mark_finished(game: Game) -> None:
    if game.is_finished and game.finished_at is None:
        game.finished_at = timezone.now()


def _check_fields(slot: int, row: int, col: int) -> None:
    """:raises errors.Invalid: slot outside 0–2 or row/col outside 0–7 (checked first, API.md § Games)."""
    if not (0 <= slot <= 2 and 0 <= row <= 7 and 0 <= col <= 7):
        raise errors.Invalid()


@transaction.atomic
def move_place(*, player, game_id, slot: int, row: int, col: int, move_number: int) -> tuple[Game, engine.MoveResult]:
    """Place hand slot ``slot`` with its anchor on ``(row, col)``.

    ``move_number`` is the game's ``moves`` the client saw; any other value is a
    stale or repeated move and is refused with nothing applied. Errors in the
    order of API.md: Invalid, NotPlaying, StaleMove, SlotUsed, IllegalPlacement.

    :returns: the saved game and the engine's :class:`~game.engine.MoveResult`.
    """
    game = _locked_game(player, game_id)
    state = game.state
    _check_fields(slot, row, col)
    if game.status != Status.PLAYING:
        raise errors.NotPlaying()
    if move_number != game.moves:
        raise errors.StaleMove()
    new_state, result = _engine_call(engine.play, state, slot, row, col)
    expected = game.seq
    game.load_state(new_state)
    _save(game, Move(kind=Event.MOVE, slot=slot, row=row, col=col, points=result.points), expected)
    return game, result


@transaction.atomic
def game_continue(*, player, game_id) -> Game:
    """Use the game's one Continue: a fresh fair hand, board, score and combo kept.

    :raises errors.NoContinue: already used, not allowed in this mode, or not at "No moves left".
    """
    game = _locked_game(player, game_id)
    expected = game.seq
    game.load_state(_engine_call(engine.continue_game, game.state))
    _save(game, Move(kind=Event.CONTINUE), expected)
    return game


@transaction.atomic
def game_decline(*, player, game_id) -> Game:
    """"No thanks" at "No moves left": the game ends.

    :raises errors.NotPlaying: the game is not at "No moves left".
    """
    game = _locked_game(player, game_id)
    if game.status != Status.NO_MOVES:
        raise errors.NotPlaying()
    expected = game.seq
    game.load_state(_engine_call(engine.decline, game.state))
    _save(game, Move(kind=Event.DECLINE), expected)
    return game
