"""Leaderboard pages (tabs swapped by HTMX, real links underneath) and the replay page.

A board page is ``leaderboards/board.html``; an HTMX request (a tab, a page or a
day link) gets only its ``leaderboard`` partial, so those answers vary on
``HX-Request``. Looking at a board never creates a player: ``me`` is shown only
to someone who already plays in this browser or is signed in.
"""

import datetime as dt

from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.views.decorators.http import require_GET

from blockknock.calendar import game_day, zone_name
from blockknock.http import HtmxHttpRequest
from blockknock.parsers import decimal
from game.models import Game
from game.sealed import history_page
from game.seeds import day_closed

from . import boards, selectors
from .api.serializers import MAX_PAGE

BOARD_TEMPLATE = "leaderboards/board.html"
BOARD_PARTIAL = "leaderboards/board.html#leaderboard"
URL_NAMES = {"classic-week": "index", "classic-all": "classic_all", "challenge": "challenge", "daily": "daily"}


def board_url(board: boards.Board, *, today: dt.date, page: int = 1) -> str:
    """The page of ``board``: today's Daily and this week's Classic at their plain URLs."""
    if board.kind is boards.DAILY and board.period != today:
        url = reverse("leaderboards:daily_day", kwargs={"day": board.period})
    else:
        url = reverse(f"leaderboards:{URL_NAMES[board.kind.slug]}")
    return url if page == 1 else f"{url}?page={page}"


def _page_number(request: HtmxHttpRequest) -> int:
    number = decimal(request.GET.get("page", "1"), high=MAX_PAGE)
    if number is None:
        raise Http404("No such page.")
    return number


def _viewer(request: HtmxHttpRequest):
    return request.user if request.user.is_authenticated else None


@require_GET
def board(request: HtmxHttpRequest, slug: str, day: dt.date | None = None) -> HttpResponse:
    """A leaderboard: one page of it, and the viewer's own rank even when far down."""
    kind = boards.KINDS[slug]
    today = game_day()
    if day is not None and day > today:
        raise Http404("That day's Daily has not started yet.")
    current = kind.board(day) if day is not None else boards.current_board(kind, today)
    page = selectors.leaderboard_page(board=current, page=_page_number(request))
    me = selectors.leaderboard_me(board=current, player=_viewer(request), with_page=True)
    context = {
        "board": current,
        "kind": kind,
        "replays": kind.shows_game,
        "page": page,
        "me": me,
        "me_url": (
            board_url(current, today=today, page=me.page)
            if me and me.page is not None and me.page != page.number
            else None
        ),
        "today": today,
        "zone": zone_name(),
        "tabs": [
            {"kind": tab, "url": board_url(boards.current_board(tab, today), today=today), "current": tab is kind}
            for tab in boards.KINDS.values()
        ],
        "previous_url": board_url(current, today=today, page=page.number - 1) if page.has_previous else None,
        "next_url": board_url(current, today=today, page=page.number + 1) if page.has_next else None,
    }
    if kind is boards.DAILY:
        one, shown = dt.timedelta(days=1), current.period
        assert shown is not None, "a Daily board is one day's"
        context["replays"] = day_closed(shown)  # today's deal stays hidden until the day closes
        context["previous_day_url"] = board_url(kind.board(shown - one), today=today)
        context["next_day_url"] = board_url(kind.board(shown + one), today=today) if shown < today else None
    partial = request.htmx and not request.htmx.history_restore_request
    response = render(request, BOARD_PARTIAL if partial else BOARD_TEMPLATE, context)
    patch_vary_headers(response, ("HX-Request",))
    return response


@require_GET
@history_page
def replay(request: HtmxHttpRequest, game: Game) -> HttpResponse:
    """A game that has ended, stepped move by move (the steps come from ``GET /api/games/{id}/replay/``);
    a Daily's only once its day closes."""
    return render(
        request, "leaderboards/replay.html", {"game": game, "player_name": selectors.display_name(game.player)}
    )
