"""'How did I play?': an ended game's review, from its one replay, kept in the cache (reads only).

The judging is the engine's (:mod:`game.engine.review`); this module feeds it the
stored game's replay (:func:`~game.history.steps.game_steps`) and turns the
answer into plain data: the API's ``Review`` body and what the review page draws.
An ended game never changes, so the answer is kept in Django's cache under the
game's id, its event count, its dealer version and :data:`REVIEW_VERSION`
(raise it when the judging changes) for :data:`REVIEW_CACHE_SECONDS`, computed
from the primary database's row (:func:`~.documents.primary_copy`).

Boards are 8 text rows (``#`` filled); cells are ``[row, col]`` on the board.
"""

from __future__ import annotations

from django.core.cache import cache

from .. import engine
from ..engine.review import GameReview, HandReview, MoveReview, Option, review_game
from ..models import Game
from .documents import primary_copy
from .steps import game_steps, start_state

__all__ = ["REVIEW_CACHE_SECONDS", "REVIEW_VERSION", "game_review", "review_key"]

REVIEW_VERSION = 1
"""The version of the judging: part of the cache key, so a change of the rules of review recomputes."""

REVIEW_CACHE_SECONDS = 30 * 24 * 3600
"""How long a review stays in the cache (a finished game never changes; this only frees memory)."""


def _cells(piece_id: str, row: int, col: int) -> list[list[int]]:
    return [[row + r, col + c] for r, c in engine.PIECES[piece_id].cells]


def _option(option: Option | None) -> dict | None:
    """An :class:`~game.engine.review.Option` as data, with the piece's board ``cells``."""
    if option is None:
        return None
    return {
        "slot": option.slot,
        "piece": option.piece,
        "row": option.row,
        "col": option.col,
        "cells": _cells(option.piece, option.row, option.col),
        "points": option.points,
        "lines": option.lines,
        "combo": option.combo,
    }


def _move(move: MoveReview) -> dict:
    return {
        "number": move.number,
        "deal": move.deal,
        "board": engine.to_rows(move.board),
        "played": _option(move.played),
        "emptied": move.emptied,
        "hand_placeable": move.hand_placeable,
        "stranded": move.stranded,
        "safe": _option(move.safe),
        "better": _option(move.better),
        "combo_lost": move.combo_lost,
    }


def _hand(hand: HandReview) -> dict:
    return {
        "deal": hand.deal,
        "board": engine.to_rows(hand.board),
        "pieces": list(hand.pieces),
        "eligible": list(hand.eligible),
        "luck": hand.luck,
        "continued": hand.continued,
        "lost": hand.lost,
    }


def _data(review: GameReview, dealer: int) -> dict:
    return {
        "dealer": dealer,
        "set_size": review.set_size,
        "summary": {
            "hands": len(review.hands),
            "hands_kept": review.hands_kept,
            "moves": len(review.moves),
            "clears_missed": review.clears_missed,
            "points_missed": review.points_missed,
        },
        "hands": [_hand(hand) for hand in review.hands],
        "moves": [_move(move) for move in review.moves],
    }


def _turn(step) -> tuple[engine.Move | None, engine.GameState]:
    return step.move, step.after


def _compute(game: Game, start: engine.GameState) -> dict:
    try:
        review = review_game(start, (_turn(step) for step in game_steps(game)))
    except engine.EngineError:  # a stored game that no longer replays: `manage.py verify_deals` reports it
        review = review_game(start, ())
    return _data(review, start.dealer)


def review_key(game: Game, dealer: int) -> str:
    """The cache key of ``game``'s review: id, start time, event count, dealer and review version."""
    return f"game-review:v{REVIEW_VERSION}:{game.pk}:{game.created_at.timestamp():.0f}:{game.seq}:d{dealer}"


def game_review(*, game: Game) -> dict:
    """The review of ended ``game`` as plain data (see :mod:`game.engine.review`), from the cache when kept.

    ``{"dealer", "set_size", "summary": {"hands", "hands_kept", "moves", "clears_missed",
    "points_missed"}, "hands": [...], "moves": [...]}``; the caller checks that the game has ended.
    """
    start = start_state(game)
    key = review_key(game, start.dealer)
    found = cache.get(key)
    if found is None:
        # computed from the primary's row: a replica's stale answer would be kept for every host
        found = _compute(primary_copy(game), start)
        cache.set(key, found, REVIEW_CACHE_SECONDS)
    return found
