"""Leaderboard pages (each kind at its own path, :mod:`leaderboards.boards`) and game replays (namespace
``leaderboards``); the JSON API is ``leaderboards.api``."""

from django.urls import path

from . import (
    converters,  # noqa: F401  (registers "isodate")
    views,
)
from .boards import KINDS

app_name = "leaderboards"

urlpatterns = [
    *(path(kind.path, views.board, {"slug": kind.slug}, name=kind.url_name) for kind in KINDS.values()),
    *(
        path(kind.dated_path, views.board, {"slug": kind.slug}, name=kind.dated_url_name)
        for kind in KINDS.values()
        if kind.dated_url_name
    ),
    path("replay/<str:game_id>/", views.replay, name="replay"),
]
