"""API: guests, tokens and ``/api/me/`` (docs/api.md § Players and authentication)."""

from django.contrib.auth import authenticate
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.authtoken.models import Token
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from blockknock.accounts.auth import me_data
from blockknock.accounts.serializers import PlayerSerializer
from blockknock.accounts.services import guest_create
from blockknock.api.errors import ErrorSerializer

from ..errors import Invalid
from .serializers import CredentialsSerializer, GuestSerializer, TokenSerializer


class GuestView(APIView):
    """Create a guest player, no sign-up, and its API token."""

    permission_classes = [AllowAny]
    authentication_classes = []
    throttle_scope = "guest"

    @extend_schema(request=None, responses={201: GuestSerializer})
    def post(self, request):
        player = guest_create()
        token = Token.objects.create(user=player)
        return Response({"token": token.key, "player": PlayerSerializer(player).data}, status=status.HTTP_201_CREATED)


class TokenView(APIView):
    """Exchange a username and password for the player's API token."""

    permission_classes = [AllowAny]
    authentication_classes = []
    throttle_scope = "login"

    @extend_schema(request=CredentialsSerializer, responses={200: TokenSerializer, 400: ErrorSerializer})
    def post(self, request):
        body = CredentialsSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        player = authenticate(request, **body.validated_data)
        if player is None:
            raise Invalid(_("Wrong username or password."))
        token, _created = Token.objects.get_or_create(user=player)
        return Response({"token": token.key})


class MeView(APIView):
    """The calling player."""

    @extend_schema(responses={200: PlayerSerializer})
    def get(self, request):
        return Response(me_data(request.user))
