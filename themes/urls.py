"""Pages of the looks: the shop (Settings → Theme), its actions, and the looks stylesheet.

Included at the site root (blockknock/urls.py), so the paths are written out in full.
"""

from django.urls import path

from . import views

app_name = "themes"

urlpatterns = [
    path("settings/theme/", views.shop, name="shop"),
    path("settings/theme/<slug:slug>/buy/", views.buy, name="buy"),
    path("settings/theme/<slug:slug>/use/", views.use, name="use"),
    path("themes/looks.css", views.looks_css, name="looks_css"),
]
