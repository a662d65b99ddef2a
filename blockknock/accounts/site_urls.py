"""The player's pages outside ``/accounts/``, under the names the templates and Django's i18n use.

Included at the site root without a namespace: ``settings`` (``/settings/``) and
``set_language`` (``/i18n/setlang/``).
"""

from django.urls import path

from . import views

urlpatterns = [
    # Django's set_language (en / zh-hant), which also saves the choice on the player.
    path("i18n/setlang/", views.language_set, name="set_language"),
    path("settings/", views.settings_page, name="settings"),
]
