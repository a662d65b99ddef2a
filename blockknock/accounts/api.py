"""The accounts' API: guests, tokens and ``/api/me/`` (docs/api.md § Players and authentication).

``GET /api/me/`` answers the API's ``Player``: the accounts' own fields and the figures other apps
add with :func:`~.serializers.player_figure` (the game's level-related best scores), the one hook
through which an app extends a player's answer without this package importing it.
"""

from allauth.account.adapter import get_adapter
from django.core.exceptions import ValidationError as DjangoValidationError
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import exceptions, serializers, status
from rest_framework.authtoken.models import Token
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from blockknock.api.errors import ErrorSerializer

from .auth import me_data
from .serializers import PlayerSerializer
from .services import guest_create

FAILED_SIGN_IN_WAIT = 5 * 60
"""Retry-After over allauth's limit of failed sign-ins: the per-account window of ``ACCOUNT_RATE_LIMITS``."""


class CredentialsSerializer(serializers.Serializer):
    username = serializers.CharField(help_text=_("The username or the account's verified email."))
    password = serializers.CharField(style={"input_type": "password"})


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField()


class GuestSerializer(serializers.Serializer):
    token = serializers.CharField()
    player = PlayerSerializer()


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
    """Exchange a username (or email) and password for the player's API token.

    The password is checked by allauth, as on the sign-in page: failures count against the address
    and the account (``ACCOUNT_RATE_LIMITS["login_failed"]``), and over that limit the answer is ``429``.
    """

    permission_classes = [AllowAny]
    authentication_classes = []
    throttle_scope = "login"

    @extend_schema(request=CredentialsSerializer, responses={200: TokenSerializer, 400: ErrorSerializer})
    def post(self, request):
        body = CredentialsSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        try:
            player = get_adapter(request._request).authenticate(request._request, **body.validated_data)
        except DjangoValidationError as exc:  # allauth's "too many failed login attempts"
            raise exceptions.Throttled(wait=FAILED_SIGN_IN_WAIT) from exc
        if player is None:
            raise exceptions.ValidationError(_("Wrong username or password."))
        token, _created = Token.objects.get_or_create(user=player)
        return Response({"token": token.key})


class MeView(APIView):
    """The calling player."""

    @extend_schema(responses={200: PlayerSerializer})
    def get(self, request):
        return Response(me_data(request.user))
