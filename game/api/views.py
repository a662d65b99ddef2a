"""API: games, moves, Continue / No thanks, replays and pieces (docs/api.md § Games).

Each view validates the body, calls the same service as the HTMX board, and
serialises the answer; errors come out through ``blockknock.api.errors``. The
``Game`` and ``MoveResult`` answers are built by ``game_data`` / ``move_result_data``:
their serializers' own representation, from one instance kept for every request.
"""

import datetime as dt

from django.utils.decorators import method_decorator
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import status
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from blockknock.api.errors import ErrorSerializer
from blockknock.replica import replica_reads

from .. import engine, history, selectors, services
from ..daily import seeds as daily_seeds
from ..history.documents import DOCUMENT_SECONDS, api_document, cached_document
from .public import PublicReadView, cacheable
from .serializers import (
    NOT_MODIFIED,
    DailySeedSerializer,
    GameSerializer,
    GameStartSerializer,
    MoveResponseSerializer,
    MoveSerializer,
    PieceSerializer,
    ReplaySerializer,
    game_data,
    move_body,
    move_result_data,
)

ERRORS = {400: ErrorSerializer, 401: ErrorSerializer, 403: ErrorSerializer, 404: ErrorSerializer, 409: ErrorSerializer}

PUBLIC_READ = OpenApiResponse(
    GameSerializer,
    description=(
        "The game, to its owner; to anyone else (signed in or not, no credentials needed) once it has ended"
        " (a Daily once its day has closed)."
    ),
)
NOT_SHOWN = OpenApiResponse(
    ErrorSerializer,
    description=(
        "No such game, or another player's game that is still being played (playing or no_moves)"
        " or a Daily of a day not closed yet."
    ),
)


def _player(request):
    return request.user if request.user.is_authenticated else None


class GameListView(APIView):
    throttle_scope = "games"

    @extend_schema(request=GameStartSerializer, responses={201: GameSerializer, **ERRORS})
    def post(self, request):
        """Start a game; abandons the player's unfinished game of the same mode."""
        body = GameStartSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        game = services.game_start(player=request.user, **body.validated_data)
        return Response(game_data(game), status=status.HTTP_201_CREATED)


class GameDetailView(APIView):
    permission_classes = [AllowAny]

    @extend_schema(responses={200: PUBLIC_READ, 404: NOT_SHOWN})
    def get(self, request, game_id):
        """A game: to its owner always, to anyone else (no credentials needed) once it has ended
        (a Daily once its day has closed)."""
        return Response(game_data(selectors.game_visible(player=_player(request), game_id=game_id)))


class MoveView(APIView):
    throttle_scope = "moves"

    @extend_schema(request=MoveSerializer, responses={200: MoveResponseSerializer, **ERRORS})
    def post(self, request, game_id):
        """Place a piece: ``slot`` with its anchor on ``(row, col)``, at ``move_number``."""
        move = move_body(request.data)
        game, result = services.move_place(player=request.user, game_id=game_id, **move)
        return Response({"game": game_data(game), "result": move_result_data(result)})


class ContinueView(APIView):
    @extend_schema(request=None, responses={200: GameSerializer, **ERRORS})
    def post(self, request, game_id):
        """Use the game's one Continue at "No moves left"."""
        return Response(game_data(services.game_continue(player=request.user, game_id=game_id)))


class DeclineView(APIView):
    @extend_schema(request=None, responses={200: GameSerializer, **ERRORS})
    def post(self, request, game_id):
        """ "No thanks" at "No moves left": the game ends."""
        return Response(game_data(services.game_decline(player=request.user, game_id=game_id)))


def replay_data(game) -> dict:
    """The API's ``Replay`` of ended ``game``: its :class:`ReplaySerializer`'s representation."""
    return ReplaySerializer(history.game_replay(game)).data


class ReplayView(PublicReadView):
    @extend_schema(responses={200: ReplaySerializer, 304: NOT_MODIFIED, 404: ErrorSerializer})
    @method_decorator(replica_reads)
    def get(self, request, game_id):
        """A game that has ended, step by step, to anyone; a Daily's once its day has closed. An immutable
        document: ``ETag`` and ``Cache-Control``, 304 to ``If-None-Match`` without a replay; kept in the cache."""
        game = selectors.game_history(game_id=game_id)
        return api_document(request, game, lambda: Response(cached_document(game, "replay", replay_data)))


class PieceListView(PublicReadView):
    @extend_schema(responses={200: PieceSerializer(many=True)})
    @method_decorator(replica_reads)
    def get(self, request):
        """Every piece that can be dealt, with its cells from the anchor."""
        return Response(PieceSerializer(engine.PIECES.values(), many=True).data)


class DailyListView(PublicReadView):
    @extend_schema(responses={200: DailySeedSerializer(many=True)})
    @method_decorator(replica_reads)
    def get(self, request):
        """The Daily seeds' commitments of the next 7 days and the last 30; a day's seed once it is closed.
        Reads only: the seeds are drawn by the hourly job and a Daily's start
        (:func:`~game.daily.seeds.dailies_ahead`)."""
        return Response(DailySeedSerializer(daily_seeds.dailies_list(), many=True).data)


class DailyDayView(PublicReadView):
    @extend_schema(responses={200: DailySeedSerializer, 304: NOT_MODIFIED, 404: ErrorSerializer})
    @method_decorator(replica_reads)
    def get(self, request, day: str):
        """One day's published Daily entry, of any day ever published (the list holds only the last 30): what a
        checker holds a Daily of that day to. A closed day's entry never changes again: a public document with
        an ``ETag``; an open day's is revalidated, its seed coming at the close."""
        try:
            entry = daily_seeds.daily_entry(dt.date.fromisoformat(day)) if len(day) == len("YYYY-MM-DD") else None
        except ValueError:  # not a date: no Daily was ever published for it
            entry = None
        if entry is None:
            raise NotFound()
        data = DailySeedSerializer(entry).data
        return cacheable(request, data, DOCUMENT_SECONDS if entry["server_seed"] else 0)
