"""URLs of the browser game (namespace ``game``); the JSON API lives in ``game.api``.

The settings page itself is ``settings`` (no namespace), in
:mod:`blockknock.accounts.site_urls`.
"""

from django.urls import path

from . import views
from .history import views as history_views
from .stats import views as stats_views

app_name = "game"

urlpatterns = [
    path("", views.play, name="play"),
    path("games/new/", views.new_game, {"mode": "classic"}, name="new"),
    path("games/pending/", views.pending_board, name="pending_board"),
    path("games/pending/move/", views.pending_move, name="pending_move"),
    path("games/pending/new/", views.pending_new_game, name="pending_new"),
    path("practice/", views.practice, name="practice"),
    path("practice/new/", views.new_game, {"mode": "practice"}, name="practice_new"),
    path("challenges/", views.challenges, name="challenges"),
    path("challenges/<int:number>/", views.challenge, name="challenge"),
    path("challenges/<int:number>/new/", views.new_game, {"mode": "challenge"}, name="challenge_new"),
    path("daily/", views.daily, name="daily"),
    path("games/<str:game_id>/", views.board, name="board"),
    path("games/<str:game_id>/move/", views.move, name="move"),
    path("games/<str:game_id>/continue/", views.continue_game, name="continue"),
    path("games/<str:game_id>/decline/", views.decline, name="decline"),
    path("how-to-play/", views.how_to_play, name="how_to_play"),
    path("settings/scoring/", views.scoring, name="scoring"),
    path("games/<str:game_id>/fair/", history_views.fairness, name="fairness"),
    path("games/<str:game_id>/review/", history_views.review, name="review"),
    path("stats/", stats_views.stats_page, name="stats"),
]
