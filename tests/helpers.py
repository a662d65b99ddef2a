"""Helpers shared by the test folders: API clients, guests in a browser, stored positions, thread races."""

import re
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


def secure(player, email: str | None = None):
    """Give ``player`` a verified email (allauth's EmailAddress): a secured account, paid a Daily prize."""
    from allauth.account.models import EmailAddress

    address = email or f"player{player.pk}@example.org"
    EmailAddress.objects.create(user=player, email=address, verified=True, primary=True)
    return player


def log_in_new_guest(client):
    """Log the test ``client`` in as a new guest, as a first visit's first move does (``game.pending``),
    and start its Classic game as the play page's start form does (with a client seed): the play page
    then shows that game. Returns the guest."""
    from blockknock.accounts.services import GUEST_BACKEND, guest_create

    guest = guest_create()
    client.force_login(guest, backend=GUEST_BACKEND)
    client.post("/games/start/", {"client_seed": "test browser seed"})
    return guest


def log_in_new_guest_browser(page):
    """Log the browser of the Playwright ``page`` in as a new guest (the session cookie of
    :func:`log_in_new_guest`, its Classic game started) and reload: the play page then shows that game. ``page`` has
    a page of the site open (a first visit's play page, which wrote nothing). Returns the guest."""
    from django.conf import settings
    from django.test import Client

    client = Client()
    guest = log_in_new_guest(client)
    session = client.cookies[settings.SESSION_COOKIE_NAME].value
    page.context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": session, "url": page.url}])
    page.reload()
    return guest


def first_fit(game, slot: int = 0) -> tuple[int, int, int]:
    """``(slot, row, col)``: the hand slot's piece at its first anchor (row 0 first) on ``game``'s board."""
    from game import engine

    bits = engine.anchors(engine.from_rows(game.board_rows), engine.PIECES[game.hand[slot]])
    return (slot, *divmod((bits & -bits).bit_length() - 1, 8))


def first_move(client, **headers):
    """A first visit: the play page's pending game (``game.pending``), then its first move, the first
    piece where it first fits (:func:`first_fit`). Returns ``(page, answer)``; the guest and its game exist now."""
    page = client.get("/", **headers)
    pending = page.context["pending"]
    slot, row, col = first_fit(pending.game)
    body = {"pending": pending.token, "slot": slot, "row": row, "col": col, "move_number": 0}
    return page, client.post("/games/pending/move/", body, **headers)


def abandoned_game(player):
    """``player``'s Classic game with one move played, then abandoned by starting a new one: an ended game."""
    from game import services

    game = services.game_start(player=player, mode="classic")
    slot, row, col = first_fit(game)
    services.move_place(player=player, game_id=game.public_id, slot=slot, row=row, col=col, move_number=0)
    services.game_start(player=player, mode="classic")
    game.refresh_from_db()
    assert game.status == "abandoned"
    return game


def set_position(game, rows, hand=("mono", "mono", "mono"), *, used=(False, False, False), combo=0, moves_left=0):
    """Put a stored game on a chosen board and hand (a test set-up, as docs/rules.md's examples need).

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


def hands_of(game) -> list[list[str]]:
    """Every hand ``game`` was dealt, deal 0 first, as piece ids: recomputed from its record (docs/record.md)."""
    from game.history.steps import game_steps, start_state

    hands = [[piece.id for piece in start_state(game).hand]]
    hands += [[piece.id for piece in step.after.hand] for step in game_steps(game) if step.dealt]
    return hands


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
    """Every route of the site as its pattern text (from Django's resolver).

    For example ``"api/games/<str:game_id>/moves/"``.
    """
    for pattern in get_resolver().url_patterns if patterns is None else patterns:
        if isinstance(pattern, URLResolver):
            yield from url_routes(pattern.url_patterns, prefix + str(pattern.pattern))
        elif isinstance(pattern, URLPattern):
            yield prefix + str(pattern.pattern)


ROUTE_PARAMETER = re.compile(r"<(?:(\w+):)?(\w+)>|\(\?P<(\w+)>[^)]*\)\$?|\^|\$")


def route_paths(values: dict[str, str]) -> list[str]:
    """Every route of the site (:func:`url_routes`) as a path, each parameter filled from ``values`` by its
    name (``"1"`` for a name not there), sorted and each once.

    For example ``"api/games/<str:game_id>/replay/"`` with ``{"game_id": "g1"}`` is ``"/api/games/g1/replay/"``.
    """

    def fill(match: re.Match) -> str:
        if match.group(0) in "^$":
            return ""
        return values.get(match.group(2) or match.group(3), "1")

    return sorted({"/" + ROUTE_PARAMETER.sub(fill, route) for route in url_routes()})


def open_page(client, path: str, client_seed: str = "test browser seed", **headers):
    """GET a page as the browser does: where a mode's page has no game to resume (its starter page,
    templates/game/start.html), its start form is posted at once with the browser's client seed
    (static/js/client-seed.js), and the page it leads back to is returned."""
    response = client.get(path, **headers)
    if response.context is not None and "start_url" in response.context:
        body = {"client_seed": client_seed, "csrfmiddlewaretoken": str(response.context["csrf_token"])}
        response = client.post(response.context["start_url"], body, follow=True, **headers)
    return response
