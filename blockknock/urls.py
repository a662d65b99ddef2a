"""Root URLconf."""

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView

from blockknock import health
from blockknock.accounts import views as accounts_views
from game import views as game_views

handler404 = "blockknock.errors.page_not_found"  # JSON under /api/
handler500 = "blockknock.errors.server_error"

urlpatterns = [
    path("healthz", health.healthz, name="healthz"),  # no database, no auth: for load balancers
    path("admin/", admin.site.urls),
    # Django's set_language (en / zh-hant), which also saves the choice on the player.
    path("i18n/setlang/", accounts_views.language_set, name="set_language"),
    path("accounts/", include("blockknock.accounts.urls")),
    path("settings/", game_views.settings_page, name="settings"),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/leaderboards/", include("leaderboards.api.urls")),
    path("api/themes/", include("themes.api.urls")),
    path("api/", include("game.api.urls")),
    path("leaderboards/", include("leaderboards.urls")),
    path("", include("themes.urls")),  # settings/theme/ (the shop), themes/looks.css
    path("", include("game.urls")),
]
