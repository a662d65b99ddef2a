"""The browser game's views: thin HTMX views over ``game.services`` / ``game.selectors``.

Each view resolves the player, calls one service or selector and renders. A visitor with no player
is shown a first visit's *pending* game on the play page, saved with a new guest by the page's first
action (:mod:`game.pending`, :func:`claims_pending`); a mode's page with no game to resume starts one
by a POST with the browser's seed (:mod:`game.pages`), never on GET. An HTMX request is answered with the partial
``"game/play.html#board"`` (score, combo, board, hand, overlays and the text for the live region);
a plain form post (no JavaScript) is redirected to the play page.

A refused action (:class:`~game.errors.GameError`) answers with the error's status
code, the board re-rendered from the server's state (a resync), and an
``HX-Trigger`` event ``bk:game-error`` carrying ``{"code", "detail"}`` so the page
can put the piece back and say why. An action on a game already on a page needs
the session's player (:func:`signed_in`): a session logged out or expired in another
tab is refused as ``signed_out``, never given a new guest.
"""

import datetime as dt
from functools import wraps

from django.contrib import messages
from django.db import transaction
from django.http import Http404, HttpResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.functional import SimpleLazyObject, cached_property
from django.utils.http import urlencode
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import trigger_client_event

from blockknock import events
from blockknock.calendar import day_end
from blockknock.http import HtmxHttpRequest
from blockknock.throttles import throttle

from . import selectors, services
from .daily import selectors as daily_selectors
from .errors import GameError, GameNotFound, Invalid, Locked, PageStale, SignedOut
from .forms import NewGameForm, posted_moves
from .models import Mode
from .modes import CLASSIC
from .pending import Pending, page_next_commitment, pending_claim, pending_get, pending_new
from .rewards import raises_level

PLAY_TEMPLATE = "game/play.html"
BOARD_PARTIAL = "game/play.html#board"
TOKEN_HEADER = "X-CSRFToken"
"""The answer header of a first action with the CSRF token the guest's log-in rotated (the board sends
it from then on)."""


def _player_message(error: GameError) -> str:
    """What the page tells the player: the error's own translated text, not the engine's technical detail."""
    return str(type(error).default_detail)


def _page_url(game) -> str:
    """The page a game is played on (where a plain, script-less form post goes back to)."""
    return reverse(game.policy.page_url, args=game.policy.url_args(game))


def _new_url(game) -> str:
    """Where "New game" posts to: the same mode (and challenge); empty where the mode offers none (the Daily)."""
    policy = game.policy
    return reverse(policy.new_url, args=policy.url_args(game)) if policy.new_url else ""


class ModeFacts:
    """What a mode's bar and end card may show beyond the game, each read only when its template asks."""

    def __init__(self, game):
        self.game = game

    @cached_property
    def next_challenge(self) -> int | None:
        """The active challenge after this game's challenge."""
        return selectors.challenge_after(number=self.game.challenge)

    @cached_property
    def daily_result(self):
        """The closed Daily of the game's day (``None`` while open)."""
        return daily_selectors.daily_result(day=self.game.day)

    @cached_property
    def last_game(self):
        """The player's last finished game of this mode before this one (it stays reachable)."""
        game = self.game
        return selectors.game_last_finished(
            player=game.player_id, mode=game.mode, challenge=game.challenge, before=game.pk
        )

    @cached_property
    def challenge_won(self) -> bool:
        """The player has won this game's challenge before (its page then offers the next one)."""
        return self.game.challenge is not None and self.game.challenge <= selectors.challenge_best(
            player=self.game.player_id
        )

    @property
    def level_up(self) -> bool:
        """The finished game raised the player's level (docs/rules.md § Stars, levels)."""
        return self.game.is_finished and self.game.policy.raises_level and raises_level(self.game.score)

    @cached_property
    def daily_closes(self) -> dt.datetime:
        """When the Daily of the game's day closes."""
        return day_end(self.game.day)


def _urls(game, pending: Pending | None) -> dict:
    """Where the board posts its move, fetches itself again and starts a new game: a first visit's page
    sends its ``pending`` token along (the move as a field, the fetch in the URL, New game in its form)."""
    if pending is None:
        return {
            "move_url": reverse("game:move", args=[game.public_id]),
            "board_url": reverse("game:board", args=[game.public_id]),
            "new_url": _new_url(game),
        }
    return {
        "move_url": reverse("game:pending_move"),
        "board_url": f"{reverse('game:pending_board')}?{urlencode({'pending': pending.token})}",
        "new_url": reverse("game:pending_new"),
    }


def _context(
    player, game, *, pending: Pending | None = None, result=None, event: str = "", error: GameError | None = None
) -> dict:
    """The play page's context (templates/game/play.html); ``pending``: a first visit's game, ``game``
    is its unsaved row."""
    best = selectors.high_score(player=player, mode=game.mode, challenge=game.challenge) if pending is None else 0
    if game.is_finished:
        player.refresh_from_db(fields=["stars", "level"])  # the game's end just paid them
    return {
        "game": game,
        "mode": game.policy,
        "mode_title": game.policy.title_of(game),
        "facts": ModeFacts(game),
        "player": player,
        "pending": pending,
        "next_commitment": SimpleLazyObject(lambda: page_next_commitment(player, pending)),  # read once, if shown
        **_urls(game, pending),
        "page_url": _page_url(game),
        "stars_detail": game.stars_detail if game.policy.pays_stars else None,
        "best": game.policy.shown_best(best=best, score=game.score),
        "result": result,
        "event": event,
        "error": error,
        "error_message": _player_message(error) if error else "",
        "cleared_rows": tuple(result.rows) if result else (),
        "cleared_cols": tuple(result.cols) if result else (),
    }


def _board(request: HtmxHttpRequest, player, game, *, status: int = 200, **extra) -> HttpResponse:
    """The board partial for an HTMX request, or back to the play page for a plain post."""
    if not request.htmx:
        return redirect(_page_url(game))
    return render(request, BOARD_PARTIAL, _context(player, game, **extra), status=status)


def _refused(request: HtmxHttpRequest, player, game_id, error: GameError) -> HttpResponse:
    """Answer a refused action: its status code, a resync of the board, and the error event."""
    if not request.htmx:
        messages.error(request, error.detail)
        return redirect("game:play")
    game = None
    if player is not None and not isinstance(error, GameNotFound):
        try:
            game = selectors.game_get(player=player, game_id=game_id)
        except GameNotFound:
            game = None
    if game is None:  # not this player's game, gone, or no player: the page says so
        response = HttpResponse(status=error.status_code)
    else:
        response = render(request, BOARD_PARTIAL, _context(player, game, error=error), status=error.status_code)
    trigger_client_event(response, events.GAME_ERROR, {"code": error.code, "detail": _player_message(error)})
    return response


def signed_in(view):
    """Decorate a board action (move, Continue, No thanks, New game, resync): refused as ``signed_out``
    without a player.

    These are posted from a page the session's player was shown; a session that
    has lost its player since (logged out in another tab, expired) must not play
    on as a new guest. The view reads the player as ``request.user``.
    """

    @wraps(view)
    def wrapped(request: HtmxHttpRequest, *args, **kwargs) -> HttpResponse:
        if not request.user.is_authenticated:
            return _refused(request, None, None, SignedOut())
        return view(request, *args, **kwargs)

    return wrapped


def claims_pending(view):
    """Decorate the first action of a first visit's page (its move, New game): the ``pending`` token it
    posts claims the page's game for a new guest logged in here (:func:`game.pending.pending_claim`),
    then ``view(request, game)`` acts on that game, in the same transaction. The log-in rotates the
    CSRF token: the answer carries the new one (:data:`TOKEN_HEADER`) for the page's next posts.

    A token that cannot be claimed (forged, expired, claimed already), or a session that has a
    player since the page was shown, is refused as ``stale_page``. A refused action keeps the claimed
    game (its answer is that game's board). HTMX answers also bring the header's new player (``hx-swap-oob``).
    """

    @wraps(view)
    def wrapped(request: HtmxHttpRequest, *args, **kwargs) -> HttpResponse:
        try:
            with transaction.atomic():
                game = pending_claim(request, request.POST.get("pending", ""))
                response = view(request, game, *args, **kwargs)
        except PageStale as error:
            return _refused(request, None, None, error)
        response[TOKEN_HEADER] = get_token(request)
        if request.htmx:
            response.content += render_to_string("includes/player_text.html", {"oob": True}, request).encode()
        return response

    return wrapped


def play_page(request: HtmxHttpRequest, player, game, **extra) -> HttpResponse:
    """The play page of ``game``, ``extra`` added to its context (the Daily's page)."""
    return render(request, PLAY_TEMPLATE, {**_context(player, game), **extra})


@never_cache
@require_GET
def play(request: HtmxHttpRequest) -> HttpResponse:
    """The game: the player's unfinished Classic game, or the page that starts one (:mod:`game.pages`);
    a visitor with no player gets a first visit's pending game (nothing is written until its first action)."""
    if not request.user.is_authenticated:
        pending = pending_new()
        return render(request, PLAY_TEMPLATE, _context(request.user, pending.game, pending=pending))
    game = selectors.game_current(player=request.user, mode=Mode.CLASSIC)
    return play_page(request, request.user, game) if game else starter_page(request, CLASSIC)


def locked_answer(request: HtmxHttpRequest, number: int) -> HttpResponse:
    """Challenge ``number`` is locked: back to the ladder, saying why."""
    text = _("Challenge %(number)s is locked: win challenge %(previous)s first.")
    messages.error(request, text % {"number": number, "previous": number - 1})
    if request.htmx:
        response = HttpResponse(status=Locked.status_code)
        response["HX-Redirect"] = reverse("game:challenges")
        return response
    return redirect("game:challenges")


def starter_page(request: HtmxHttpRequest, policy, args: tuple = ()) -> HttpResponse:
    """A mode's page with no game to resume: a form the browser posts at once with its client seed
    (``form[data-start-on-load]``, static/js/client-seed.js) to the mode's start; a button without scripts."""
    start_url = reverse(policy.start_url, args=args)
    return render(request, "game/start.html", {"mode": policy, "mode_title": policy.title, "start_url": start_url})


@require_POST
@signed_in
@throttle("games")
def new_game(request: HtmxHttpRequest, mode: str = Mode.CLASSIC, number: int | None = None) -> HttpResponse:
    """Start a new game of ``mode`` (challenge ``number``) with the browser's client seed, if it sent one;
    the unfinished one of that mode is abandoned by the service."""
    return _start(request, mode, number)


@require_POST
@claims_pending
@throttle("games")
def pending_new_game(request: HtmxHttpRequest, _claimed) -> HttpResponse:
    """New game on a first visit's page: its game (``_claimed``) is claimed, then abandoned by the start,
    as any game left."""
    return _start(request, Mode.CLASSIC, None)


def _start(request: HtmxHttpRequest, mode: str, number: int | None) -> HttpResponse:
    player = request.user
    form = NewGameForm(request.POST)
    if not form.is_valid():
        return _refused(request, player, None, Invalid(form.errors["client_seed"][0]))
    try:
        game = services.game_start(player=player, mode=mode, challenge=number, **form.cleaned_data)
    except Locked:
        assert number is not None, "only a challenge, which has a number, is locked"
        return locked_answer(request, number)
    except Invalid:
        raise Http404 from None
    return _board(request, player, game, event="new")


@require_POST
@signed_in
@throttle("moves")
def move(request: HtmxHttpRequest, game_id: str) -> HttpResponse:
    """Place pieces: POST ``slot``, ``row``, ``col``, ``move_number``, once per move, in order (:func:`_place`)."""
    return _place(request, game_id)


@require_POST
@claims_pending
@throttle("moves")
def pending_move(request: HtmxHttpRequest, claimed) -> HttpResponse:
    """The first moves on a first visit's page, on the game its ``pending`` token claimed."""
    return _place(request, claimed.public_id)


def _place(request: HtmxHttpRequest, game_id: str) -> HttpResponse:
    """Apply the posted moves in order through :func:`game.services.moves_place` (one transaction) and answer
    the board after the last one, or, at the first refusal, the board as the server has it (the moves
    before it kept) with the refusal's event.

    The board posts, at each drop, every move played on the page that the server has not confirmed yet
    (``static/js/board/sync.js``): the fields ``slot``, ``row``, ``col`` and ``move_number`` once per move,
    in order, without waiting for the answers to its earlier posts; a move the game already has is
    acknowledged, not applied again, so these posts may arrive in any order.
    """
    player = request.user
    moves = posted_moves(request.POST)
    try:
        if moves is None:
            raise Invalid()
        placed = services.moves_place(player=player, game_id=game_id, moves=moves)
        if placed.refused is not None:
            raise placed.refused
    except GameError as error:
        return _refused(request, player, game_id, error)
    return _board(request, player, placed.game, result=placed.result, event="move")


def _on_game(request: HtmxHttpRequest, game_id: str, action, event: str) -> HttpResponse:
    """Run ``action(player=, game_id=)`` for this session's player and answer with the board (or the refusal)."""
    player = request.user
    try:
        game = action(player=player, game_id=game_id)
    except GameError as error:
        return _refused(request, player, game_id, error)
    return _board(request, player, game, event=event)


@require_POST
@signed_in
def continue_game(request: HtmxHttpRequest, game_id: str) -> HttpResponse:
    """Use the game's Continue at "No moves left"."""
    return _on_game(request, game_id, services.game_continue, "continue")


@require_POST
@signed_in
def decline(request: HtmxHttpRequest, game_id: str) -> HttpResponse:
    """ "No thanks" at "No moves left": the game ends."""
    return _on_game(request, game_id, services.game_decline, "decline")


@never_cache
@require_GET
@signed_in
def board(request: HtmxHttpRequest, game_id: str) -> HttpResponse:
    """The board partial as the server has it (the page resyncs with this)."""
    return _on_game(request, game_id, selectors.game_get, "resync")


@never_cache
@require_GET
def pending_board(request: HtmxHttpRequest) -> HttpResponse:
    """A first visit's board as the server has it (the page resyncs with this, ``?pending=<token>``);
    refused as ``stale_page`` once the token can no longer be claimed or the session has a player."""
    try:
        pending = pending_get(request, request.GET.get("pending", ""))
    except PageStale as error:
        return _refused(request, None, None, error)
    return _board(request, request.user, pending.game, pending=pending, event="resync")
