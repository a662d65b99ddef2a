"""The pages that explain the game: How to play and How scoring works (their numbers from the rules tag,
game/templatetags/rules.py)."""

from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from blockknock.http import HtmxHttpRequest

from . import selectors


@require_GET
def how_to_play(request: HtmxHttpRequest) -> HttpResponse:
    last = selectors.game_last_ended(player=request.user) if request.user.is_authenticated else None
    return render(request, "game/how_to_play.html", {"last_ended": last})


@require_GET
def scoring(request: HtmxHttpRequest) -> HttpResponse:
    return render(request, "game/scoring.html")
