"""The mode pages (Practice, the Challenge ladder and a challenge, the Daily) and the start a page posts.

A page's GET only reads: it shows the player's game to resume or, with none (or no player
yet), the starter page (:func:`game.views.starter_page`), whose form the browser posts at once with
its own client seed (static/js/client-seed.js). That POST (:func:`start`) creates a guest where there
is no player, starts the game (unless one to resume is there already: a second post changes nothing)
and goes back to the page, which then shows it.
"""

import datetime as dt

from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from blockknock.accounts.services import player_for_request
from blockknock.calendar import day_end, game_day
from blockknock.http import HtmxHttpRequest
from blockknock.throttles import throttle

from . import selectors, services
from .daily import seeds as daily_seeds
from .daily import selectors as daily_selectors
from .errors import DailyPlayed, Invalid, Locked
from .forms import NewGameForm
from .models import Game, Mode
from .modes import CHALLENGE, PRACTICE, policy_for
from .views import locked_answer, play_page, starter_page


def _player(request: HtmxHttpRequest):
    return request.user if request.user.is_authenticated else None


def _resumable(player, mode: str, number: int | None = None) -> Game | None:
    return selectors.game_on_page(player=player, policy=policy_for(mode), number=number, day=game_day())


@never_cache
@require_GET
def practice(request: HtmxHttpRequest) -> HttpResponse:
    """Practice: the player's unfinished Practice game, or the page that starts one."""
    game = _resumable(_player(request), Mode.PRACTICE)
    return play_page(request, request.user, game) if game else starter_page(request, PRACTICE)


@never_cache
@require_GET
def challenges(request: HtmxHttpRequest) -> HttpResponse:
    """The Challenge ladder: every active challenge, won / locked / playable, with the player's best (a visitor
    with no player sees the ladder as a new player would, and gets no guest)."""
    return render(request, "game/challenges.html", {"ladder": selectors.challenge_ladder(player=_player(request))})


@never_cache
@require_GET
def challenge(request: HtmxHttpRequest, number: int) -> HttpResponse:
    """Challenge ``number``: its unfinished game, else the page that starts it (locked → back to the ladder)."""
    player = _player(request)
    game = _resumable(player, Mode.CHALLENGE, number)
    if game is not None:
        return play_page(request, player, game)
    try:
        selectors.challenge_open(number=number)
    except Invalid:
        raise Http404 from None
    if not selectors.challenge_unlocked(player=player, number=number):
        return locked_answer(request, number)
    return starter_page(request, CHALLENGE, (number,))


@never_cache
@require_GET
def daily(request: HtmxHttpRequest) -> HttpResponse:
    """Today's Daily: the player's game of today (finished or not), or the page that starts it; and when
    the next one starts, with the coming days' commitments."""
    player = _player(request)
    game = _resumable(player, Mode.DAILY)
    if game is None:
        return starter_page(
            request, policy_for(Mode.DAILY)
        )  # the Daily's policy joins the others when the app is ready
    day = game_day()
    upcoming = [entry for entry in daily_seeds.dailies_list(today=day) if entry["day"] > day]
    yesterday = daily_selectors.daily_result(day=day - dt.timedelta(days=1))
    return play_page(request, player, game, next_daily=day_end(day), yesterday=yesterday, upcoming=upcoming)


@require_POST
@throttle("games")
def start(request: HtmxHttpRequest, mode: str, number: int | None = None) -> HttpResponse:
    """Start the game a mode's page has none of, with the browser's client seed (a guest is created where
    there is no player), then back to the page. Where the page has a game to resume now (a second post,
    another tab), nothing is started."""
    form = NewGameForm(request.POST)
    if not form.is_valid():
        raise Http404  # only a forged post sends a malformed seed: the browser checks its own
    player = player_for_request(request)
    game = _resumable(player, mode, number)
    if game is None:
        try:
            game = services.game_start(player=player, mode=mode, challenge=number, **form.cleaned_data)
        except Locked:
            assert number is not None, "only a challenge, which has a number, is locked"
            return locked_answer(request, number)
        except Invalid:
            raise Http404 from None
        except DailyPlayed:  # started in parallel by another request
            game = _resumable(player, mode)
            assert game is not None, "the Daily the other request started is there to resume"
    return redirect(game.policy.page_url, *game.policy.url_args(game))
