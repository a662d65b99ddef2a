"""Leaderboard pages (tabs swapped by HTMX, real links underneath) and the replay page.

A board page is ``leaderboards/board.html``; an HTMX request (a tab, a page or a
day link) gets only its ``leaderboard`` partial, so those answers vary on
``HX-Request``. Looking at a board never creates a player: ``me`` is shown only
to someone who already plays in this browser or is signed in. What differs between
the boards (URL, period, replays, day links, the page's text) the kind says
(:mod:`leaderboards.boards`).
"""

import datetime as dt

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET

from blockknock.calendar import game_day, week_end
from blockknock.http import HtmxHttpRequest
from blockknock.parsers import decimal
from blockknock.replica import replica_reads
from blockknock.throttles import throttle
from game.daily.sealed import history_page
from game.history.documents import page_document
from game.models import Game

from . import boards, selectors
from .api.serializers import MAX_PAGE

BOARD_TEMPLATE = "leaderboards/board.html"
BOARD_PARTIAL = "leaderboards/board.html#leaderboard"


def board_url(board: boards.Board | None, *, today: dt.date, page: int = 1) -> str | None:
    """The page of ``board`` (None for no board): the current board at its kind's plain URL, an earlier one dated."""
    if board is None:
        return None
    name, kwargs = board.kind.route(board, today)
    url = reverse(f"leaderboards:{name}", kwargs=kwargs)
    return url if page == 1 else f"{url}?page={page}"


def _page_number(request: HttpRequest) -> int:
    number = decimal(request.GET.get("page", "1"), high=MAX_PAGE)
    if number is None:
        raise Http404("No such page.")
    return number


def _viewer(request: HttpRequest):
    return request.user if request.user.is_authenticated else None


@require_GET
@replica_reads
def board(request: HtmxHttpRequest, slug: str, day: dt.date | None = None) -> HttpResponse:
    """A leaderboard: one page of it, and the viewer's own rank even when far down."""
    kind = boards.KINDS[slug]
    today = game_day()
    if day is not None and day > today:
        raise Http404("That day's Daily has not started yet.")
    current = kind.board(day) if day is not None else boards.current_board(kind, today)
    page = selectors.leaderboard_page(board=current, page=_page_number(request))
    me = selectors.leaderboard_me(board=current, player=_viewer(request), with_page=True)
    earlier, later = kind.neighbours(current, today)
    context = {
        "board": current,
        "kind": kind,
        "replays": kind.games_shown(current.period),
        "page": page,
        "me": me,
        # with_page: me.page is set whenever there is an entry
        "me_url": board_url(current, today=today, page=me.page) if me and me.page and me.page != page.number else None,
        "today": today,
        "week_ends": week_end(today),
        "tabs": [
            {"kind": tab, "url": board_url(boards.current_board(tab, today), today=today), "current": tab is kind}
            for tab in boards.KINDS.values()
        ],
        "previous_url": board_url(current, today=today, page=page.number - 1) if page.has_previous else None,
        "next_url": board_url(current, today=today, page=page.number + 1) if page.has_next else None,
        "previous_day_url": board_url(earlier, today=today),
        "next_day_url": board_url(later, today=today),
    }
    partial = request.htmx and not request.htmx.history_restore_request
    response = render(request, BOARD_PARTIAL if partial else BOARD_TEMPLATE, context)
    patch_vary_headers(response, ("HX-Request",))
    return response


@require_GET
@throttle("public", methods=("GET",))
@replica_reads
@history_page
def replay(request: HttpRequest, game: Game) -> HttpResponse:
    """A game that has ended, stepped move by move (the steps come from ``GET /api/games/{id}/replay/``);
    a Daily's only once its day closes. A document (game.history.documents): 304 to a browser that holds it."""
    return page_document(
        request,
        game,
        lambda: render(
            request, "leaderboards/replay.html", {"game": game, "player_name": selectors.display_name(game.player)}
        ),
    )
