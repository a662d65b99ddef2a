"""API routes under ``/api/leaderboards/`` (namespace ``leaderboards_api``)."""

from django.urls import path

from .. import converters  # noqa: F401  (registers "isodate")
from . import views

app_name = "leaderboards_api"

urlpatterns = [
    path("classic/week/", views.ClassicWeekView.as_view(), name="classic_week"),
    path("classic/all/", views.ClassicAllView.as_view(), name="classic_all"),
    path("challenge/", views.ChallengeView.as_view(), name="challenge"),
    path("daily/", views.DailyView.as_view(), name="daily"),
    path("daily/<isodate:day>/", views.DailyDayView.as_view(), name="daily_day"),
]
