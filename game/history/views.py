"""The review page, "How did I play?": an ended game stepped move by move with its verdicts (public, like the replay).

The page draws one move at a time, chosen by ``?move=N`` (from 1), so every
move has a link and the page works without a script; ``static/js/review.js``
then steps through the moves in place (buttons, ←/→, Home/End) from the page's
``json_script`` data.
"""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from blockknock.parsers import decimal

from ..models import Game
from ..sealed import history_page
from .review import game_review
from .review_page import board_cells, review_page


def _chosen(request: HttpRequest, moves: int) -> int:
    """The move asked for by ``?move=N``; the first for anything else (no such move, not a number)."""
    return decimal(request.GET.get("move", "1"), high=max(moves, 1)) or 1


@require_GET
@history_page
def review(request: HttpRequest, game: Game) -> HttpResponse:
    """How did I play? For any ended game; 404 while it is being played, and for a Daily until its day closes."""
    data = game_review(game=game)
    page = review_page(data)
    at = _chosen(request, len(page.moves))
    move = page.moves[at - 1] if page.moves else None
    context = {
        "game": game, "summary": data["summary"], "set_size": data["set_size"], "page": page,
        "at": at, "move": move, "cells": board_cells(move) if move else [],
    }
    return render(request, "game/review.html", context)
