"""The pages of an ended game's history: "How did I play?" and "Was it fair?" (public, like the replay).

The review page steps the game move by move with its verdicts. It draws one move
at a time, chosen by ``?move=N`` (from 1), so every move has a link and the page
works without a script; ``static/js/review.js`` then steps through the moves in
place (buttons, ←/→, Home/End) from the page's ``json_script`` data.
"""

import json

from django.contrib.auth.views import redirect_to_login
from django.core.paginator import Paginator
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_GET

from blockknock.parsers import decimal
from blockknock.replica import replica_reads
from blockknock.throttles import throttle

from .. import seeds, selectors
from ..daily.sealed import history_page
from ..models import Game
from .documents import page_document
from .export import player_games_export
from .fairness import game_fairness
from .review import game_review
from .review_page import board_cells, review_page


def _chosen(request: HttpRequest, moves: int) -> int:
    """The move asked for by ``?move=N``; the first for anything else (no such move, not a number)."""
    return decimal(request.GET.get("move", "1"), high=max(moves, 1)) or 1


def _play_url(game: Game) -> str:
    """Where "Play again" leads from a game's review: its mode's page (challenge); the Daily's to Classic."""
    policy = game.policy
    if not policy.new_url:
        return reverse("game:play")
    return reverse(policy.page_url, args=policy.url_args(game))


@require_GET
@throttle("public", methods=("GET",))
@replica_reads
@history_page
def review(request: HttpRequest, game: Game) -> HttpResponse:
    """How did I play? For any ended game; 404 while it is being played, and for a Daily until its day closes.
    A document (:mod:`.documents`): a browser that holds it is answered 304 before any replay."""
    return page_document(request, game, lambda: _review(request, game))


def _review(request: HttpRequest, game: Game) -> HttpResponse:
    data = game_review(game=game)
    page = review_page(data)
    at = _chosen(request, len(page.moves))
    move = page.moves[at - 1] if page.moves else None
    context = {
        "game": game,
        "summary": data["summary"],
        "set_size": data["set_size"],
        "page": page,
        "at": at,
        "move": move,
        "cells": board_cells(move) if move else [],
        "play_url": _play_url(game),
    }
    return render(request, "game/review.html", context)


FAIR_HANDS_PER_PAGE = 20
"""Hands per page of "Was it fair?" (a long game has hundreds)."""


@require_GET
@throttle("public", methods=("GET",))
@replica_reads
@history_page
def fairness(request: HttpRequest, game: Game) -> HttpResponse:
    """ "Was it fair?": for an ended game, one order and placement for each hand it was dealt; the
    page's script (static/js/fair/) reads the seeds from the public replay (docs/api.md ``Game.fair``)
    and checks every hand against the published rule itself, trusting no verdict of the server.

    Public for any ended game (over, won, abandoned, expired); 404 while it is still
    going on (playing, No moves left), like the replay, and for a Daily until its day closes.
    ``?page=N`` pages the hands. A document (:mod:`.documents`): 304 to a browser that holds it, before any replay.
    """
    return page_document(request, game, lambda: _fairness(request, game))


def _fairness(request: HttpRequest, game: Game) -> HttpResponse:
    page = Paginator(range(game.deals), FAIR_HANDS_PER_PAGE).get_page(request.GET.get("page"))
    context = {
        "game": game,
        "fair": seeds.game_fair(game),
        "proofs": game_fairness(game=game, deals=page.object_list),
        "page_obj": page,
        "hands": game.deals,
        "hands_per_page": FAIR_HANDS_PER_PAGE,
    }
    return render(request, "game/fairness.html", context)


@require_GET
def games_download(request: HttpRequest) -> HttpResponse:
    """Settings → Your data → "Download my games": the signed-in player's ended games, one JSON file
    (:func:`~.export.player_games_export`) that ``tools/verify_deal.py`` checks offline."""
    if not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    from ..api.dealers import dealers_data  # the API's shapes, byte for byte: /replay/, /challenges/, /dealers/
    from ..api.ladder import ChallengeVersionSerializer
    from ..api.serializers import ReplaySerializer

    ladder = ChallengeVersionSerializer(selectors.challenge_versions(), many=True).data
    data = player_games_export(request.user, lambda replay: ReplaySerializer(replay).data, ladder, dealers_data())
    response = HttpResponse(
        json.dumps(data, cls=DjangoJSONEncoder, ensure_ascii=False), content_type="application/json"
    )
    day = timezone.localdate().isoformat()
    response["Content-Disposition"] = f'attachment; filename="blockknock-games-{day}.json"'
    response["Cache-Control"] = "private, no-store"
    return response
