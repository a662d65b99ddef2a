"""URLs of the browser game (namespace ``game``); the JSON API lives in ``game.api``.

The settings page itself is ``settings`` (no namespace), in
:mod:`blockknock.accounts.site_urls`.
"""

from django.urls import path

from . import guide, pages, views
from .history import views as history_views
from .stats import views as stats_views

app_name = "game"

urlpatterns = [
    path("", views.play, name="play"),
    path("games/new/", views.new_game, {"mode": "classic"}, name="new"),
    path("games/start/", pages.start, {"mode": "classic"}, name="start"),
    path("games/pending/", views.pending_board, name="pending_board"),
    path("games/pending/move/", views.pending_move, name="pending_move"),
    path("games/pending/new/", views.pending_new_game, name="pending_new"),
    path("practice/", pages.practice, name="practice"),
    path("practice/new/", views.new_game, {"mode": "practice"}, name="practice_new"),
    path("practice/start/", pages.start, {"mode": "practice"}, name="practice_start"),
    path("challenges/", pages.challenges, name="challenges"),
    path("challenges/<int:number>/", pages.challenge, name="challenge"),
    path("challenges/<int:number>/new/", views.new_game, {"mode": "challenge"}, name="challenge_new"),
    path("challenges/<int:number>/start/", pages.start, {"mode": "challenge"}, name="challenge_start"),
    path("daily/", pages.daily, name="daily"),
    path("daily/start/", pages.start, {"mode": "daily"}, name="daily_start"),
    path("games/<str:game_id>/", views.board, name="board"),
    path("games/<str:game_id>/move/", views.move, name="move"),
    path("games/<str:game_id>/continue/", views.continue_game, name="continue"),
    path("games/<str:game_id>/decline/", views.decline, name="decline"),
    path("how-to-play/", guide.how_to_play, name="how_to_play"),
    path("settings/scoring/", guide.scoring, name="scoring"),
    path("games/<str:game_id>/fair/", history_views.fairness, name="fairness"),
    path("games/<str:game_id>/review/", history_views.review, name="review"),
    path("stats/", stats_views.stats_page, name="stats"),
    path("settings/my-games.json", history_views.games_download, name="games_download"),  # Settings → Your data
]
