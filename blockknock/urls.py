"""Root URLconf."""

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView

from game import views as game_views

urlpatterns = [
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),  # set_language (en / zh-hant)
    path("accounts/", include("blockknock.accounts.urls")),
    path("settings/", game_views.settings_page, name="settings"),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/leaderboards/", include("leaderboards.api.urls")),
    path("api/", include("game.api.urls")),
    path("leaderboards/", include("leaderboards.urls")),
    path("", include("game.urls")),
]
