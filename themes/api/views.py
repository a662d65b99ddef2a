"""API: the looks, buying one with stars, and putting one on.

Errors come out through ``blockknock.api.errors`` (they are ``Refusal``\\ s):
``404 not_found``, ``409 not_enough_stars``, ``403 not_owned``; no credentials, ``401``.
"""

from drf_spectacular.utils import extend_schema
from rest_framework.response import Response
from rest_framework.views import APIView

from blockknock.accounts.serializers import PlayerSerializer
from blockknock.api.errors import ErrorSerializer

from .. import selectors, services
from .serializers import LookSerializer


class LookListView(APIView):
    @extend_schema(responses={200: LookSerializer(many=True), 401: ErrorSerializer})
    def get(self, request):
        """Every look in shop order, with its price and whether the caller owns it and is using it."""
        return Response(LookSerializer(selectors.theme_list(player=request.user), many=True).data)


class LookBuyView(APIView):
    @extend_schema(
        request=None,
        responses={200: PlayerSerializer, 401: ErrorSerializer, 404: ErrorSerializer, 409: ErrorSerializer},
    )
    def post(self, request, slug):
        """Buy a look with stars; a look already owned is not charged again (no change)."""
        return Response(PlayerSerializer(services.theme_buy(player=request.user, slug=slug)).data)


class LookUseView(APIView):
    @extend_schema(
        request=None,
        responses={200: PlayerSerializer, 401: ErrorSerializer, 403: ErrorSerializer, 404: ErrorSerializer},
    )
    def post(self, request, slug):
        """Put on a look the caller owns (free looks are owned by everyone)."""
        return Response(PlayerSerializer(services.theme_use(player=request.user, slug=slug)).data)
