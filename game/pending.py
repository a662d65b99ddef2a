"""A first visit's game, dealt in memory and saved by its first action.

A visit that never plays writes nothing.

A visitor with no player is shown the Classic page of a *pending* game (:func:`pending_new`):
nothing is saved, not the guest, not the session, not the game. The page carries a random
nonce, signed with a time stamp (:mod:`django.core.signing`) as its ``pending`` token. The
game's server seed, and the seed of the game after it, are derived from the nonce with a key
only the server has (HMAC-SHA256 keyed from ``SECRET_KEY``), so they stay secret though the
nonce is public, and the page can show their commitments before any play (docs/api.md § Verifiable
deal). The client seed is the nonce itself (32 hex digits, as the server draws for a start
that sent none). The page's game is built by the same code as every start
(:func:`game.services.game_dealt`), so the game its first action saves
(:func:`pending_claim`) is the one the page showed, first hand and all.

A token is claimed once: a second claim, an expired token (:data:`PENDING_MAX_AGE`) or a forged
one is refused (:class:`~game.errors.PageStale`), so a deal cannot be seen first and replayed.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from django.contrib.auth import login
from django.core import signing
from django.core.cache import cache
from django.db import transaction
from django.http import HttpRequest
from django.utils.crypto import salted_hmac

from blockknock import throttles
from blockknock.accounts.services import GUEST_BACKEND, guest_create
from blockknock.cache_errors import CACHE_ERRORS
from blockknock.calendar import game_day

from . import engine, errors, seeds
from .models import Game, NextSeed, seed_commitment
from .modes import CLASSIC, CLIENT_SEED_BYTES, ClientSeedBy, DealSeeds
from .services import dealer_cutover_note, game_dealt

PENDING_MAX_AGE = 24 * 60 * 60
"""Seconds a first visit's page can still start its game (a tab left open longer is out of date)."""
CLAIMED_SECONDS = PENDING_MAX_AGE + 60 * 60
"""How long a claimed nonce is remembered: longer than a token is accepted."""
SIGNING_SALT = "game.pending"
SEED_SALT = "game.pending.seed"
NEXT_SEED_SALT = "game.pending.next-seed"


@dataclass(frozen=True)
class Pending:
    """A first visit's game: its signed ``token`` (the page's), its ``nonce`` and the unsaved ``game``."""

    token: str
    nonce: str
    game: Game

    @property
    def commitment(self) -> str:
        """The commitment of the game's server seed."""
        return seed_commitment(self.game.seed)

    @property
    def next_commitment(self) -> str:
        """The commitment of the seed the guest's next game will take (the New game dialog shows it)."""
        return seed_commitment(_derived_seed(NEXT_SEED_SALT, self.nonce).hex())


def page_next_commitment(player, pending: Pending | None) -> str:
    """The commitment a play page shows for the player's next game: on a first visit's page, of the
    game after its pending one (the seed the guest will take)."""
    return pending.next_commitment if pending is not None else seeds.next_commitment(player=player)


def _derived_seed(salt: str, nonce: str) -> bytes:
    """A 32-byte server seed derived from ``nonce``: HMAC-SHA256 under a key made from ``salt`` and ``SECRET_KEY``."""
    return salted_hmac(salt, nonce, algorithm="sha256").digest()


def _pending_game(nonce: str) -> Game:
    """The Classic game ``nonce`` deals, with no player yet (not saved)."""
    deal = DealSeeds(_derived_seed(SEED_SALT, nonce), engine.CURRENT_DEALER, nonce, ClientSeedBy.SERVER)
    return game_dealt(CLASSIC, player=None, day=game_day(), deal=deal, facts={})


def pending_new() -> Pending:
    """A new first visit's game with a fresh nonce; reads and writes nothing."""
    nonce = secrets.token_hex(CLIENT_SEED_BYTES)
    token = signing.TimestampSigner(salt=SIGNING_SALT).sign(nonce)
    return Pending(token, nonce, _pending_game(nonce))


def _claimed_key(nonce: str) -> str:
    return f"pending-claimed:{nonce}"


def pending_get(request: HttpRequest, token: str) -> Pending:
    """The first visit's game ``token`` names, while it can still be claimed (reads only the cache).

    :raises errors.PageStale: forged, older than :data:`PENDING_MAX_AGE`, or claimed already; or
        this session has a player since the page was shown.
    """
    if request.user.is_authenticated:
        raise errors.PageStale()
    try:
        nonce = signing.TimestampSigner(salt=SIGNING_SALT).unsign(token, max_age=PENDING_MAX_AGE)
    except signing.BadSignature:  # SignatureExpired too
        raise errors.PageStale() from None
    if cache.get(_claimed_key(nonce)):
        raise errors.PageStale()
    return Pending(token, nonce, _pending_game(nonce))


def _claim_once(pending: Pending) -> None:
    """Mark the nonce claimed, atomically (``cache.add``); with the cache down, a stored game with its seed
    counts (:func:`stored_with_seed`).

    :raises errors.PageStale: it was claimed already.
    """
    try:
        first = cache.add(_claimed_key(pending.nonce), True, timeout=CLAIMED_SECONDS)
    except CACHE_ERRORS:
        first = not stored_with_seed(pending.game.seed).exists()
    if not first:
        raise errors.PageStale()


def stored_with_seed(seed: str):
    """The stored Classic games dealt from server seed ``seed``: a first visit's game once claimed.

    Read through the partial index ``game_classic_seed`` (``Game.Meta``), never by a scan of the games.
    """
    return Game.objects.filter(mode=CLASSIC.name, seed=seed)


@transaction.atomic
def pending_claim(request: HttpRequest, token: str) -> Game:
    """Save the first visit's game ``token`` names for a new guest, logged in to this session.

    Counts a new guest against the address's rate (``guest``) before the token is used up.
    The guest's next game takes the seed whose commitment the page showed.

    :raises errors.PageStale: the token is forged, expired or claimed already, or the session has a player.
    :raises throttles.RateLimited: too many new guests from this address.
    """
    pending = pending_get(request, token)
    throttles.check(request, "guest")
    _claim_once(pending)
    player = guest_create()
    NextSeed.objects.filter(player=player).update(seed=_derived_seed(NEXT_SEED_SALT, pending.nonce).hex())
    game = pending.game
    game.player = player
    game.save()
    dealer_cutover_note(game)
    login(request, player, backend=GUEST_BACKEND)
    return game
