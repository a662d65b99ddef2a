from django.urls import path

from ..stats.api import StatsView
from . import dealers, ladder, review, views

app_name = "api"

urlpatterns = [
    path("me/stats/", StatsView.as_view(), name="stats"),
    path("games/", views.GameListView.as_view(), name="games"),
    path("games/<str:game_id>/", views.GameDetailView.as_view(), name="game"),
    path("games/<str:game_id>/moves/", views.MoveView.as_view(), name="moves"),
    path("games/<str:game_id>/continue/", views.ContinueView.as_view(), name="continue"),
    path("games/<str:game_id>/decline/", views.DeclineView.as_view(), name="decline"),
    path("games/<str:game_id>/replay/", views.ReplayView.as_view(), name="replay"),
    path("games/<str:game_id>/review/", review.ReviewView.as_view(), name="review"),
    path("pieces/", views.PieceListView.as_view(), name="pieces"),
    path("dailies/", views.DailyListView.as_view(), name="dailies"),
    path("dailies/<str:day>/", views.DailyDayView.as_view(), name="daily"),
    path("challenges/", ladder.ChallengeListView.as_view(), name="challenges"),
    path("dealers/", dealers.DealerListView.as_view(), name="dealers"),
]
