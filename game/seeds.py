"""Commit, then reveal: the server seeds of new games, their commitments, and when a seed is shown
(API.md § Verifiable deal; RULES.md § The fair deal).

- A player's next Classic, Challenge or Practice game takes the seed drawn for it in
  advance (:class:`~game.models.NextSeed`), whose commitment ``GET /api/me/`` shows
  (:func:`next_commitment`); the start puts a fresh one in its place (:func:`next_seed_take`).
- Each day's Daily has a stored random seed (:class:`~game.models.DailySeed`), drawn a
  week ahead (:func:`dailies_ahead`, Celery beat) or on demand; a day whose Daily was
  started before stored seeds existed keeps its stored games' seed and dealer, so every
  player of that day still gets the same deal (:func:`daily_deal_seed`).
- A game's seed is revealed once it can no longer be played; a Daily's only once its
  day is closed (:func:`game_fair`, :func:`dailies_list`), since everyone that day shares it.
"""

from __future__ import annotations

import datetime as dt
import secrets
from dataclasses import dataclass

from django.db import transaction

from blockknock.calendar import game_day

from . import engine
from .models import UNFINISHED, DailyClose, DailySeed, Game, Mode, NextSeed, seed_commitment, seed_draw

DAILIES_AHEAD = 7
"""Days ahead whose Daily seed is drawn and whose commitment is public."""
DAILIES_BACK = 30
"""Days back ``GET /api/dailies/`` lists."""
CLIENT_SEED_BYTES = 16
"""Random bytes of a client seed the server draws for a start that sent none (32 hex characters)."""


@dataclass(frozen=True)
class DealSeeds:
    """What a new game's deal is made from: the server seed, the dealer version and the client seed."""

    seed: bytes
    dealer: int
    client_seed: str | None


def client_seed_draw() -> str:
    """A client seed for a start that sent none: 32 lowercase hex characters from :mod:`secrets`."""
    return secrets.token_hex(CLIENT_SEED_BYTES)


def next_commitment(*, player) -> str:
    """The commitment of the seed ``player``'s next Classic, Challenge or Practice game will take.

    Draws that seed the first time it is asked for (a player who never asked gets one at the start).
    """
    row, _created = NextSeed.objects.get_or_create(player=player)
    return row.commitment


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


def _legacy_daily(day: dt.date) -> Game | None:
    """A Daily of ``day`` dealt before stored Daily seeds existed (dealer 1), if there is one."""
    return Game.objects.filter(mode=Mode.DAILY, day=day, dealer=1).order_by("pk").first()


def daily_deal_seed(day: dt.date) -> DealSeeds:
    """The seeds of ``day``'s Daily: the day's stored seed under the current dealer (drawn now if
    missing), or, for a day already begun under dealer 1, that day's stored seed and dealer."""
    legacy = _legacy_daily(day)
    if legacy is not None:
        return DealSeeds(bytes.fromhex(legacy.seed), legacy.dealer, None)
    row, _created = DailySeed.objects.get_or_create(day=day)
    return DealSeeds(bytes.fromhex(row.seed), engine.CURRENT_DEALER, None)


def dailies_ahead(*, today: dt.date | None = None) -> list[dt.date]:
    """Draw the Daily seed of today and each of the next :data:`DAILIES_AHEAD` days where missing.

    A day whose Daily was already dealt under dealer 1 keeps that deal (it gets no row).
    :returns: the days drawn now.
    """
    today = today or game_day()
    days = [today + dt.timedelta(days=n) for n in range(DAILIES_AHEAD + 1)]
    known = set(DailySeed.objects.filter(day__in=days).values_list("day", flat=True))
    known |= set(Game.objects.filter(mode=Mode.DAILY, day__in=days, dealer=1).values_list("day", flat=True))
    drawn = [day for day in days if day not in known]
    DailySeed.objects.bulk_create([DailySeed(day=day) for day in drawn], ignore_conflicts=True)
    return drawn


def dailies_list(*, today: dt.date | None = None) -> list[dict]:
    """``GET /api/dailies/``: the stored Daily seeds from :data:`DAILIES_BACK` days ago to
    :data:`DAILIES_AHEAD` days ahead, each ``{"day", "commitment", "server_seed"}``, the seed
    only once the day is closed."""
    today = today or game_day()
    rows = DailySeed.objects.filter(
        day__gte=today - dt.timedelta(days=DAILIES_BACK), day__lte=today + dt.timedelta(days=DAILIES_AHEAD)
    )
    closed = set(DailyClose.objects.filter(day__in=rows.values("day")).values_list("day", flat=True))
    return [
        {"day": row.day, "commitment": row.commitment, "server_seed": row.seed if row.day in closed else None}
        for row in rows
    ]


def day_closed(day: dt.date) -> bool:
    """Whether the Daily of ``day`` is closed (its results are in), so its shared seed may be shown."""
    return DailyClose.objects.filter(day=day).exists()


def seed_revealed(game: Game) -> bool:
    """Whether ``game``'s server seed may be shown: the game can no longer be played and, for a seed
    shared by a whole day (the Daily), that day is closed. Its replay, review and "Was it fair?"
    pages open at the same moment (:mod:`game.sealed`)."""
    if game.status_now in UNFINISHED:
        return False
    return not game.policy.shared_seed or day_closed(game.day)


def game_fair(game: Game) -> dict | None:
    """API.md ``Game.fair``: ``{"dealer", "commitment", "client_seed", "server_seed"}``;
    ``None`` for a game dealt before verifiable deals (dealer 1)."""
    if game.dealer == 1:
        return None
    return {
        "dealer": str(game.dealer),
        "commitment": seed_commitment(game.seed),
        "client_seed": game.client_seed,
        "server_seed": game.seed if seed_revealed(game) else None,
    }
