"""Leaderboard pages and game replays (namespace ``leaderboards``); the JSON API is ``leaderboards.api``."""

from django.urls import path

from . import (
    converters,  # noqa: F401  (registers "isodate")
    views,
)

app_name = "leaderboards"

urlpatterns = [
    path("", views.board, {"slug": "classic-week"}, name="index"),
    path("classic/all/", views.board, {"slug": "classic-all"}, name="classic_all"),
    path("challenge/", views.board, {"slug": "challenge"}, name="challenge"),
    path("daily/", views.board, {"slug": "daily"}, name="daily"),
    path("daily/<isodate:day>/", views.board, {"slug": "daily"}, name="daily_day"),
    path("replay/<str:game_id>/", views.replay, name="replay"),
]
