"""The page a replay, review or "Was it fair?" of a Daily answers while its day is still open.

Everyone that day shares the Daily's deal, so its hands stay hidden, from its own player too,
until the day closes: the same moment its seed is revealed (:func:`game.seeds.seed_revealed`).
"""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from blockknock.calendar import day_end

from .models import Game
from .seeds import seed_revealed


def sealed_page(request: HttpRequest, game: Game) -> HttpResponse | None:
    """The "still open" page (status 404, no hand, board or piece) for an ended ``game`` whose seed
    is not revealed yet; ``None`` when its pages may be shown."""
    if seed_revealed(game):
        return None
    return render(request, "game/daily_open.html", {"game": game, "closes": day_end(game.day)}, status=404)
