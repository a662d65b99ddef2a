from django.urls import path

from . import views

app_name = "themes_api"

urlpatterns = [
    path("", views.LookListView.as_view(), name="list"),
    path("<str:slug>/buy/", views.LookBuyView.as_view(), name="buy"),
    path("<str:slug>/use/", views.LookUseView.as_view(), name="use"),
]
