"""The pages of an ended game's history (replay, review, "Was it fair?"): :func:`history_page`.

A Daily's answer, while its day is still open, is the "still open" page. Everyone that
day shares the Daily's deal, so its hands stay hidden, from its own player too, until
the day closes: the same moment its seed is revealed (:func:`game.seeds.seed_revealed`).
"""

from functools import wraps

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from blockknock.calendar import day_end

from . import selectors
from .errors import GameNotFound
from .models import Game
from .seeds import seed_revealed


def sealed_page(request: HttpRequest, game: Game) -> HttpResponse | None:
    """The "still open" page (status 404, no hand, board or piece) for an ended ``game`` whose seed
    is not revealed yet; ``None`` when its pages may be shown."""
    if seed_revealed(game):
        return None
    return render(request, "game/daily_open.html", {"game": game, "closes": day_end(game.day)}, status=404)


def history_page(view):
    """Decorate a view ``view(request, game)`` of an ended game's history, routed with ``game_id``:
    404 for no such game or one still being played, the "still open" page for an open Daily."""

    @wraps(view)
    def wrapped(request: HttpRequest, game_id: str) -> HttpResponse:
        try:
            game = selectors.game_ended(game_id=game_id)
        except GameNotFound:
            raise Http404("No such game, or it is still being played.") from None
        return sealed_page(request, game) or view(request, game)

    return wrapped
