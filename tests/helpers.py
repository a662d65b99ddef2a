"""Helpers shared by the test folders: API clients, stored positions, thread races."""

import threading

from django.db import connections
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from blockknock.errors import Refusal

EMPTY = ["........"] * 8


def api_client_for(player) -> APIClient:
    """An API client authenticated as ``player`` with its token."""
    client = APIClient()
    token, _ = Token.objects.get_or_create(user=player)
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    return client


def set_position(game, rows, hand=("mono", "mono", "mono"), *, used=(False, False, False), combo=0, moves_left=0):
    """Put a stored game on a chosen board and hand (a test set-up, as RULES.md's examples need).

    ``rows`` lists the board's 8 rows top first, ``#`` filled and ``.`` empty. The
    colour board follows: every filled cell neutral (``#``), as a start board's.
    """
    game.board = "".join(rows)
    game.colours = game.board
    game.hand = list(hand)
    game.used = list(used)
    game.combo = combo
    game.combo_moves_left = moves_left
    game.save()
    return game


def race(count, action):
    """Run ``action(i)`` in ``count`` threads released together by a barrier; returns their outcomes.

    A refused action's outcome is its :class:`Refusal` code.
    """
    barrier = threading.Barrier(count)
    outcomes = [None] * count

    def run(i):
        try:
            barrier.wait()
            outcomes[i] = action(i)
        except Refusal as refused:
            outcomes[i] = refused.code
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return outcomes


def url_routes(patterns=None, prefix: str = ""):
    """Every route of the site as its pattern text, e.g. ``"api/games/<str:game_id>/moves/"`` (from Django's resolver)."""
    for pattern in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(pattern, URLResolver):
            yield from url_routes(pattern.url_patterns, prefix + str(pattern.pattern))
        elif isinstance(pattern, URLPattern):
            yield prefix + str(pattern.pattern)
