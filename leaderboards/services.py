"""Writes of the leaderboards: put a finished game on its boards; rebuild the boards from the games.

:func:`standing_record` runs whenever a game finishes, in the transaction that
finishes it: on :data:`game.signals.game_finished` (see :mod:`leaderboards.signals`).
"""

from itertools import batched

from django.db import IntegrityError, transaction
from django.db.models import Q

from game.models import FINISHED, Game

from .boards import GAME_FACT_FIELDS, KINDS, Candidate, best_per_board, candidates, facts_from_row, game_facts
from .models import Standing

REBUILD_BATCH = 5000


def _sorts_after(candidate: Candidate) -> Q:
    """Standings that the candidate beats: a lower value, or equal and finished later (then a higher game id)."""
    return (
        Q(value__lt=candidate.value)
        | Q(value=candidate.value, finished_at__gt=candidate.finished_at)
        | Q(value=candidate.value, finished_at=candidate.finished_at, game_id__gt=candidate.game_id)
    )


def _offer(candidate: Candidate) -> None:
    """Make ``candidate`` the player's entry on its board if it beats what is there (or nothing is)."""
    rows = Standing.objects.filter(board=candidate.key, player_id=candidate.player_id)
    fields = {"value": candidate.value, "finished_at": candidate.finished_at, "game_id": candidate.game_id}
    if rows.filter(_sorts_after(candidate)).update(**fields) or rows.exists():
        return
    try:
        with transaction.atomic():  # a savepoint: a concurrent first entry may win the race
            Standing.objects.create(board=candidate.key, player_id=candidate.player_id, **fields)
    except IntegrityError:
        rows.filter(_sorts_after(candidate)).update(**fields)


@transaction.atomic
def standing_record(*, game: Game) -> None:
    """Put a finished game on each board it counts for, where it beats the player's entry.

    Idempotent: recording the same game again changes nothing. A game that does
    not count (unfinished, abandoned, expired, Practice, a lost challenge) is ignored.
    """
    for candidate in candidates(game_facts(game)):
        _offer(candidate)


def _finished_games(game_model):
    modes = {kind.mode for kind in KINDS.values()}
    return game_model.objects.filter(status__in=FINISHED, mode__in=modes)


@transaction.atomic
def standings_refresh(*, player_id: int) -> None:
    """Recompute one player's entries on every board from their games (after a game is deleted)."""
    Standing.objects.filter(player_id=player_id).delete()
    games = _finished_games(Game).filter(player_id=player_id).order_by("id").values_list(*GAME_FACT_FIELDS)
    Standing.objects.bulk_create(_standing(Standing, c) for c in best_per_board(map(facts_from_row, games)))


def _standing(standing_model, candidate: Candidate):
    return standing_model(
        board=candidate.key,
        player_id=candidate.player_id,
        value=candidate.value,
        finished_at=candidate.finished_at,
        game_id=candidate.game_id,
    )


@transaction.atomic
def standings_rebuild(*, game_model=Game, standing_model=Standing) -> int:
    """Recompute every board from the games; returns the number of entries.

    Streams the finished games ordered by player, one player's games in memory
    at a time. The model arguments let a data migration pass its historical models.
    """
    standing_model.objects.all().delete()
    games = _finished_games(game_model).order_by("player_id", "id").values_list(*GAME_FACT_FIELDS)
    count = 0
    for chunk in batched(best_per_board(map(facts_from_row, games.iterator(chunk_size=REBUILD_BATCH))), REBUILD_BATCH):
        standing_model.objects.bulk_create([_standing(standing_model, c) for c in chunk])
        count += len(chunk)
    return count
