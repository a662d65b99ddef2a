"""API: the leaderboards, public reads (docs/api.md § Leaderboards).

Anyone may read a board; credentials (token or session) only add the caller's
own entry as ``me``. Bad credentials are treated as none: a public read never
answers 401. ``?page=`` pages the board, 50 entries a page; a ``Link`` header
names the next and previous pages.
"""

import datetime as dt

from django.utils.decorators import method_decorator
from django.utils.translation import gettext_lazy as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.exceptions import AuthenticationFailed, NotFound
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.utils.urls import remove_query_param, replace_query_param
from rest_framework.views import APIView

from blockknock.api.errors import ErrorSerializer
from blockknock.calendar import game_day
from blockknock.replica import replica_reads

from .. import boards, selectors
from .serializers import LeaderboardSerializer, PageQuerySerializer


def _caller(request):
    """The signed-in caller, or None (also for bad credentials)."""
    try:
        user = request.user
    except AuthenticationFailed:
        return None
    return user if user.is_authenticated else None


def _link_header(request, page: selectors.Page) -> str:
    url = request.build_absolute_uri()
    links = []
    if page.has_next:
        links.append(f'<{replace_query_param(url, "page", page.number + 1)}>; rel="next"')
    if page.has_previous:
        previous = page.number - 1
        target = remove_query_param(url, "page") if previous == 1 else replace_query_param(url, "page", previous)
        links.append(f'<{target}>; rel="prev"')
    return ", ".join(links)


class BoardView(APIView):
    """One kind of board; subclasses name the kind (and the period, for a chosen day)."""

    permission_classes = [AllowAny]
    throttle_scope = "public"
    kind: boards.Kind

    def perform_authentication(self, request):
        """Public read: credentials are looked at only for ``me`` (see :func:`_caller`)."""

    def board(self, **url_kwargs: dt.date) -> boards.Board:
        """The board the URL names (its keyword arguments: a chosen ``day`` where the URL has one)."""
        return boards.current_board(self.kind)

    @method_decorator(replica_reads)
    def get(self, request, **kwargs):
        query = PageQuerySerializer(data=request.query_params)
        query.is_valid(raise_exception=True)
        board = self.board(**kwargs)
        page = selectors.leaderboard_page(board=board, page=query.validated_data["page"])
        me = selectors.leaderboard_me(board=board, player=_caller(request))
        response = Response(LeaderboardSerializer({"entries": page.entries, "me": me}).data)
        if link := _link_header(request, page):
            response["Link"] = link
        return response


RESPONSES = {200: LeaderboardSerializer, 400: ErrorSerializer}


class ClassicWeekView(BoardView):
    kind = boards.CLASSIC_WEEK

    @extend_schema(operation_id="leaderboards_classic_week", parameters=[PageQuerySerializer], responses=RESPONSES)
    def get(self, request, **kwargs):
        """Classic this week: each player's best Classic score in games finished since Monday 00:00 (game calendar)."""
        return super().get(request, **kwargs)


class ClassicAllView(BoardView):
    kind = boards.CLASSIC_ALL

    @extend_schema(operation_id="leaderboards_classic_all", parameters=[PageQuerySerializer], responses=RESPONSES)
    def get(self, request, **kwargs):
        """Classic all time: each player's best finished Classic score."""
        return super().get(request, **kwargs)


class ChallengeView(BoardView):
    kind = boards.CHALLENGE

    @extend_schema(operation_id="leaderboards_challenge", parameters=[PageQuerySerializer], responses=RESPONSES)
    def get(self, request, **kwargs):
        """Challenge: the highest challenge each player has won (``game`` is null)."""
        return super().get(request, **kwargs)


class DailyView(BoardView):
    kind = boards.DAILY

    @extend_schema(operation_id="leaderboards_daily_today", parameters=[PageQuerySerializer], responses=RESPONSES)
    def get(self, request, **kwargs):
        """Today's Daily: the finished Daily scores of today (game calendar), one per player."""
        return super().get(request, **kwargs)


class DailyDayView(BoardView):
    kind = boards.DAILY

    def board(self, **url_kwargs: dt.date) -> boards.Board:
        day = url_kwargs["day"]
        if day > game_day():
            raise NotFound(_("That day's Daily has not started yet."))
        return self.kind.board(day)

    @extend_schema(
        operation_id="leaderboards_daily_day",
        parameters=[
            OpenApiParameter(
                "day", OpenApiTypes.DATE, OpenApiParameter.PATH, description="A game-calendar day, today or earlier."
            ),
            PageQuerySerializer,
        ],
        responses={**RESPONSES, 404: ErrorSerializer},
    )
    def get(self, request, **kwargs):
        """The Daily of one day (``YYYY-MM-DD``, today or earlier): its finished scores, one per player."""
        return super().get(request, **kwargs)
