"""Root URLconf: each app's URLconf included, plus the admin and the API schema; no app view is named here."""

from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView

from blockknock import health, pwa
from blockknock.accounts.urls import allauth_urlpatterns

handler400 = "blockknock.errors.bad_request"
handler404 = "blockknock.errors.page_not_found"  # JSON under /api/
handler500 = "blockknock.errors.server_error"

urlpatterns = [
    path("healthz", health.healthz, name="healthz"),  # no database, no auth: for load balancers
    path("readyz", health.readyz, name="readyz"),  # the database and the cache answer
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("sw.js", pwa.service_worker, name="service_worker"),  # at the root: its scope is the whole site
    path("offline/<str:language>/", pwa.offline, name="offline"),
    path("admin/", admin.site.urls),
    path("", include("blockknock.accounts.site_urls")),  # settings/, i18n/setlang/
    path("accounts/", include("blockknock.accounts.urls")),  # the site's: rename, sign out everywhere, session
    path("accounts/", include(allauth_urlpatterns)),  # allauth's: sign-in, sign-up, email, passkeys, devices
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/leaderboards/", include("leaderboards.api.urls")),
    path("api/themes/", include("themes.api.urls")),
    path("api/", include("blockknock.accounts.api_urls")),  # auth/guest/, auth/token/, me/
    path("api/", include("game.api.urls")),
    path("leaderboards/", include("leaderboards.urls")),
    path("", include("themes.urls")),  # settings/theme/ (the shop), themes/looks.css
    path("", include("game.urls")),
]
