"""Writes of the game flow: start, place, continue, No thanks (one path for a move).

The HTMX views and the JSON API both call these. Each runs in one transaction:
the game row is locked (``SELECT … FOR UPDATE``), the engine applies the action,
and the new state is saved with the action's byte appended to the game's record
(docs/record.md) in one UPDATE, guarded by a compare-and-set on ``Game.seq`` so a
stale or duplicated request changes nothing (these statements are
:mod:`game.models.rows`: SQL built once, not per call).
A game that ends is paid its stars in the same transaction (``game.rewards``), and
:data:`game.signals.game_finished` is sent in it (the leaderboards record the game).
"""

from typing import NamedTuple

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from blockknock.accounts.models import StarReason
from blockknock.accounts.services import level_raise, stars_add, stars_paid_on
from blockknock.calendar import game_day

from . import engine, errors, seeds, selectors
from .engine.stream import check_client_seed
from .models import FINISHED, UNFINISHED, ChallengeVersion, DealerCutover, Game, Status, rows
from .modes import DealSeeds, ModePolicy, policy_for
from .rewards import raises_level, star_award
from .signals import game_finished
from .stats.summaries import summary_record

ENGINE_ERRORS = {
    error.code: error
    for error in (errors.Invalid, errors.NotPlaying, errors.SlotUsed, errors.IllegalPlacement, errors.NoContinue)
}
"""The service error for each engine error code (the codes are the API's)."""


def _engine_call(fn, *args):
    """Run an engine function, turning its refusal into the matching :class:`GameError`."""
    try:
        return fn(*args)
    except engine.EngineError as exc:
        raise ENGINE_ERRORS[exc.code]() from exc


@transaction.atomic
def game_start(*, player, mode: str, challenge: int | None = None, client_seed: str | None = None) -> Game:
    """Start a new game of ``mode`` for ``player``, dealing its first hand.

    Abandons the player's unfinished game of the same mode (docs/rules.md § End of game);
    a Daily is one a day instead. The deal is the current dealer's from the player's
    next seed (whose commitment they could see) and ``client_seed`` (drawn here if
    ``None``); a Daily's from the day's seed, with no client seed (:mod:`game.seeds`).

    :raises errors.Invalid: unknown mode or challenge number, a malformed client seed, or one for the Daily.
    :raises errors.Locked: challenge N before N − 1 is won.
    :raises errors.DailyPlayed: today's Daily was already started (``extra["game"]`` names it).
    """
    policy = policy_for(mode)
    day = game_day()
    policy.before_start(player=player, day=day)
    facts = _challenge_facts(policy, player, challenge)
    deal = _deal_seeds(policy, player, day, client_seed)
    game = game_dealt(policy, player=player, day=day, deal=deal, facts=facts)
    Game.objects.filter(player=player, mode=mode, status__in=UNFINISHED).update(
        status=Status.ABANDONED, finished_at=timezone.now()
    )  # none where a mode is one a day: its before_start closed or refused every unfinished one
    try:
        with transaction.atomic():
            game.save()
    except IntegrityError:  # a parallel start of the same one-a-day game won the race
        policy.before_start(player=player, day=day)
        raise
    dealer_cutover_note(game)
    challenge_version_note(game)
    if game.is_finished:
        _finish(game)
        game.save()
        summary_record(game)
    return game


def game_dealt(policy: ModePolicy, *, player, day, deal: DealSeeds, facts: dict) -> Game:
    """A new game of ``policy`` dealt from ``deal``, its first hand dealt: the row, not saved.

    :param player: the player it will be saved for (``None`` for a first visit's pending game, ``game.pending``).
    :param facts: what the mode's start needs (:func:`_challenge_facts`).
    :raises errors.Locked: a challenge not unlocked.
    """
    start = policy.start(new_seed=deal.seed, day=day, **facts)
    game = Game(
        player=player,
        mode=policy.name,
        challenge=start.challenge,
        challenge_version=start.challenge_version,
        piece_set=start.piece_set,
        day=day,
        seed=start.seed.hex(),
        dealer=deal.dealer,
        rules_version=start.rules.version,
        client_seed=deal.client_seed,
        client_seed_by=deal.client_seed_by,
        start_board=policy.frozen_start(start.board),
        target=start.rules.target,
    )
    state = engine.new_game(
        start.rules, start.seed, start.board, dealer=deal.dealer, client_seed=deal.client_seed, label=game.deal_label
    )
    game.load_state(state)
    return game


def dealer_cutover_note(game: Game) -> None:
    """Publish the cut-over of the saved ``game``'s dealer in its mode when it is the first game that dealer
    deals there (docs/api.md ``GET /api/dealers/``): a read of the mode's latest cut-over per new game, a write
    once per mode and dealer. Only a newer dealer than the latest (dealers are numbered as published) becomes
    current: an older one dealing now publishes nothing (the checkers refuse its game). Of two first games
    started at once, the one whose row is written first is the cut-over; the other, dealt by the same dealer,
    then merely precedes it, which the checking rule allows."""
    latest = DealerCutover.objects.filter(mode=game.mode).order_by("-from_game").values_list("dealer", flat=True)
    current = latest.first()
    if current is not None and game.dealer <= current:
        return
    cutover = DealerCutover(mode=game.mode, dealer=game.dealer, from_game=game.pk)
    DealerCutover.objects.bulk_create([cutover], ignore_conflicts=True)


def challenge_version_note(game: Game) -> None:
    """Publish the saved challenge ``game`` as its version's first game when it is (docs/api.md ``GET
    /api/challenges/``, ``from_game``). The start holds the rung's row lock (:func:`_challenge_facts`) from reading
    the latest version to here, so the first game of a version has a higher id than every game of the versions
    before it, and a checker refuses an older version's game at or after it."""
    if game.challenge is None or game.challenge_version is None:
        return
    versions = ChallengeVersion.objects.filter(challenge__number=game.challenge, version=game.challenge_version)
    versions.filter(from_game__isnull=True).update(from_game=game.pk)


def _deal_seeds(policy: ModePolicy, player, day, client_seed: str | None) -> DealSeeds:
    """The seeds a new game is dealt from, as its policy says (:meth:`ModePolicy.deal_seeds`).

    :raises errors.Invalid: ``client_seed`` is not 1–64 printable ASCII characters, or the mode takes none.
    """
    try:
        client_seed = check_client_seed(client_seed)
    except ValueError:
        raise errors.Invalid(_("A client seed is 1 to 64 printable ASCII characters.")) from None
    return policy.deal_seeds(day=day, client_seed=client_seed, next_seed=lambda: seeds.next_seed_take(player=player))


def _challenge_facts(policy: ModePolicy, player, number: int | None) -> dict:
    """What a start of a challenge needs: the published version of the active challenge's definition
    (:meth:`~game.models.Challenge.publish`) and whether the player has unlocked it.

    :raises errors.Invalid: no such active challenge.
    """
    if not policy.uses_challenge:
        return {}
    rung = selectors.challenge_open(number=number, locked=True)  # held to the end of the start
    return {"challenge": rung.publish(), "unlocked": selectors.challenge_unlocked(player=player, number=rung.number)}


def _locked_game(player, game_id) -> Game:
    """The player's game, row-locked for this transaction.

    :raises errors.GameNotFound: no such game, or another player's.
    """
    game = rows.game_locked(selectors.parse_game_id(game_id), player.pk)
    if game is None:
        raise errors.GameNotFound()
    return game


def _save(game: Game, expected_seq: int) -> None:
    """Store the new state, its record with the new events appended (:meth:`Game.record_append`), and pay
    a game that just ended: one UPDATE of the row.

    :raises errors.StaleMove: another write got there first (compare-and-set on ``seq``).
    """
    if game.is_finished:
        _finish(game)  # a refused write below rolls the payment back with the rest of the transaction
    game.seq = expected_seq + 1
    if not rows.game_write(game, expected_seq):  # only what changed (and updated_at): a move writes a few columns
        raise errors.StaleMove()
    if game.is_finished:
        summary_record(game)  # its Stats summary, once the record is complete


def _finish(game: Game) -> None:
    """Pay a game that just ended: stars (capped per day) and the level (docs/rules.md § Stars, levels);
    tell the other apps (:data:`~game.signals.game_finished`: the leaderboards record it)."""
    game.finished_at = timezone.now()
    game_finished.send(sender=Game, game=game)  # the player's cached best scores go (game/apps.py)
    policy = game.policy
    if not policy.pays_stars:
        return
    day = game_day(game.finished_at)
    earlier = Game.objects.filter(policy.same_kind(game), player=game.player_id, status__in=FINISHED).exclude(
        pk=game.pk
    )
    award = star_award(
        numbers=game.ruleset.stars,
        score=game.score,
        best_before=earlier.aggregate(best=Max("score"))["best"],
        won_challenge=game.challenge if game.status == Status.WON else None,
        paid_today=stars_paid_on(player=game.player, day=day, reason=StarReason.GAME),
        high_score_counts=policy.high_score_counts,
    )
    game.stars, game.stars_high_score = award.paid, award.high_score
    if award.paid:
        stars_add(player=game.player, amount=award.paid, reason=StarReason.GAME, day=day, game=game)
    if policy.raises_level and raises_level(game.score):
        level_raise(player_id=game.player_id)


def _check_fields(slot: int, row: int, col: int) -> None:
    """:raises errors.Invalid: slot outside 0–2 or row/col outside 0–7 (checked first, docs/api.md § Games)."""
    if not (0 <= slot <= 2 and 0 <= row <= 7 and 0 <= col <= 7):
        raise errors.Invalid()


def move_place(*, player, game_id, slot: int, row: int, col: int, move_number: int) -> tuple[Game, engine.MoveResult]:
    """Place hand slot ``slot`` with its anchor on ``(row, col)``.

    ``move_number`` is the game's ``moves`` the client saw; any other value is a
    stale or repeated move and is refused with nothing applied. Errors in the
    order of docs/api.md: Invalid, NotPlaying, StaleMove, SlotUsed, IllegalPlacement.

    :returns: the saved game and the engine's :class:`~game.engine.MoveResult`.
    """
    try:
        return _move_place(player, game_id, slot, row, col, move_number)
    except _DayOver as over:
        over.policy.past_closed(player=player, day=game_day())
        raise errors.NotPlaying() from None


class _DayOver(Exception):
    """The game is an unfinished Daily of an earlier day: it is closed (expired), not played.

    :ivar policy: the game's mode policy (it closes the player's past games, :meth:`ModePolicy.past_closed`).
    """

    def __init__(self, policy: ModePolicy):
        super().__init__(policy.name)
        self.policy = policy


def _refuse_past_daily(game: Game) -> None:
    """A Daily is played on its day only (checked on the locked row: no extra write per move).

    :raises _DayOver: ``game`` is an unfinished Daily of an earlier day; the caller
        closes the player's past Dailies (:meth:`ModePolicy.past_closed`) after this transaction.
    """
    if game.is_past_its_day:
        raise _DayOver(game.policy)


@transaction.atomic
def _move_place(player, game_id, slot, row, col, move_number):
    game = _locked_game(player, game_id)
    _check_fields(slot, row, col)
    _refuse_past_daily(game)
    expected = game.seq
    result = _play(game, slot, row, col, move_number)
    _save(game, expected)
    return game, result


def _play(game: Game, slot: int, row: int, col: int, move_number: int) -> engine.MoveResult:
    """Play one move on the locked ``game`` in memory, its record too (the caller saves it).

    :raises GameError: NotPlaying, StaleMove, SlotUsed or IllegalPlacement, in that order.
    """
    if game.status != Status.PLAYING:
        raise errors.NotPlaying()
    if move_number != game.moves:
        raise errors.StaleMove()
    new_state, result = _engine_call(engine.play, game.state, slot, row, col)
    game.load_state(new_state, placed=engine.PIECES[game.hand[slot]])
    game.record_append(("move", slot, row, col))
    return result


class Placed(NamedTuple):
    """What :func:`moves_place` did: the game as saved, the last applied move's result (``None`` where
    every move was one the game already had) and the refusal that stopped the list, if one did."""

    game: Game
    result: engine.MoveResult | None
    refused: errors.GameError | None


def moves_place(*, player, game_id, moves: list[dict]) -> Placed:
    """The board's post: ``moves`` (each ``slot``, ``row``, ``col``, ``move_number``) in order, in one
    transaction: the game is locked once and written once, whatever the number of moves.

    The board posts at each drop every move the server has not confirmed yet, without waiting for the
    answers to its earlier posts (``static/js/board/sync.js``), so a move may arrive again: one the record
    already has at its ``move_number`` (the same slot and cell) is acknowledged, not applied again. The
    first refusal stops the list, the moves before it kept; so does a move that ends the game.

    A refusal, even of the first move, is returned in :attr:`Placed.refused`, not raised.

    :raises errors.GameNotFound: no such game, or another player's.
    """
    try:
        return _moves_place(player, game_id, moves)
    except _DayOver as over:
        over.policy.past_closed(player=player, day=game_day())
        return Placed(selectors.game_get(player=player, game_id=game_id), None, errors.NotPlaying())


@transaction.atomic
def _moves_place(player, game_id, moves: list[dict]) -> Placed:
    game = _locked_game(player, game_id)
    expected, result, refused = game.seq, None, None
    for move in moves:
        try:
            _check_fields(move["slot"], move["row"], move["col"])
            _refuse_past_daily(game)
            if not _has_move(game, **move):
                result = _play(game, **move)
        except errors.GameError as error:
            refused = error
            break
        if game.status != Status.PLAYING:
            break
    if result is not None:  # a move was played: one write for all of them
        _save(game, expected)
    return Placed(game, result, refused)


def _has_move(game: Game, *, slot: int, row: int, col: int, move_number: int) -> bool:
    """The record's placement number ``move_number`` (0-based) is this one (docs/record.md)."""
    if not 0 <= move_number < game.moves:
        return False
    placements = [event[1:] for event in game.events if event[0] == "move"]
    return placements[move_number : move_number + 1] == [(slot, row, col)]


def game_continue(*, player, game_id) -> Game:
    """Use the game's one Continue: a fresh fair hand, board, score and combo kept.

    :raises errors.NoContinue: already used, not allowed in this mode, or not at "No moves left".
    """
    try:
        return _game_continue(player, game_id)
    except _DayOver as over:
        over.policy.past_closed(player=player, day=game_day())
        raise errors.NoContinue() from None


@transaction.atomic
def _game_continue(player, game_id):
    game = _locked_game(player, game_id)
    _refuse_past_daily(game)
    expected = game.seq
    game.load_state(_engine_call(engine.continue_game, game.state))
    game.record_append(("continue",))
    _save(game, expected)
    return game


@transaction.atomic
def game_decline(*, player, game_id) -> Game:
    """ "No thanks" at "No moves left": the game ends and is paid.

    :raises errors.NotPlaying: the game is not at "No moves left".
    """
    game = _locked_game(player, game_id)
    if game.status != Status.NO_MOVES:
        raise errors.NotPlaying()
    expected = game.seq
    game.load_state(_engine_call(engine.decline, game.state))
    game.record_append(("decline",))
    _save(game, expected)
    return game
