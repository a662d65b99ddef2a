"""The accounts' API under ``/api/`` (included by the root URLconf before the game's API)."""

from django.urls import path

from . import api

urlpatterns = [
    path("auth/guest/", api.GuestView.as_view(), name="api_guest"),
    path("auth/token/", api.TokenView.as_view(), name="api_token"),
    path("me/", api.MeView.as_view(), name="api_me"),
]
