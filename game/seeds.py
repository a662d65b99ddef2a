"""Commit, then reveal: the server seeds of new games, their commitments, and when a seed is shown
(docs/api.md § Verifiable deal; docs/rules.md § The fair deal).

- A player's next Classic, Challenge or Practice game takes the seed drawn for it in
  advance (:class:`~game.models.NextSeed`), whose commitment ``GET /api/me/`` shows
  (:func:`next_commitment`); the start puts a fresh one in its place (:func:`next_seed_take`).
- Each day's Daily has a stored random seed (:mod:`game.daily.seeds`).
- A game's seed is revealed once it can no longer be played; a Daily's only once its
  day is closed (:func:`game_fair`, :func:`game.daily.seeds.dailies_list`), since everyone that day shares it.
"""

from __future__ import annotations

from django.db import transaction

from .models import UNFINISHED, Game, NextSeed, seed_commitment, seed_draw


def next_commitment(*, player) -> str:
    """The commitment of the seed ``player``'s next Classic, Challenge or Practice game will take.

    Reads only: the seed is drawn when the player is created (:func:`next_seed_draw`) and replaced by
    each start (:func:`next_seed_take`).
    """
    return seed_commitment(NextSeed.objects.values_list("seed", flat=True).get(player=player))


def next_seed_draw(sender, instance, created: bool, raw: bool = False, **kwargs) -> None:
    """``post_save`` of the player model: a new player's next seed, drawn as the player is created
    (so no read ever draws one); a first visit's guest gets its derived seed in its place (``game.pending``)."""
    if created and not raw:
        NextSeed.objects.get_or_create(player=instance)


@transaction.atomic
def next_seed_take(*, player) -> bytes:
    """Take the seed drawn for ``player``'s next game and draw a fresh one in its place.

    The row is locked for the rest of the caller's transaction, so parallel starts
    take one seed each, in turn (PostgreSQL row lock; SQLite's IMMEDIATE
    transactions serialise the writers).
    """
    row, _created = NextSeed.objects.select_for_update().get_or_create(player=player)
    taken = row.seed
    row.seed = seed_draw()
    row.save(update_fields=["seed"])  # post_save: ``/api/me/`` (cached) shows the new commitment (game/apps.py)
    return bytes.fromhex(taken)


def seed_revealed(game: Game) -> bool:
    """Whether ``game``'s server seed may be shown: the game can no longer be played and, for a seed
    shared by a whole day (the Daily), that day is closed. Its replay, review and "Was it fair?"
    pages open at the same moment (:mod:`game.daily.sealed`)."""
    return game.status_now not in UNFINISHED and not game.policy.sealed(game)


def game_fair(game: Game) -> dict | None:
    """docs/api.md ``Game.fair``: ``{"dealer", "rules", "commitment", "client_seed", "client_seed_by", "server_seed"}``;
    ``None`` for a game dealt before verifiable deals (dealer 1)."""
    if game.dealer == 1:
        return None
    return {
        "dealer": str(game.dealer),
        "rules": str(game.rules_version),
        "commitment": seed_commitment(game.seed),
        "client_seed": game.client_seed,
        "client_seed_by": game.client_seed_by,
        "server_seed": game.seed if seed_revealed(game) else None,
    }
