from django.contrib.auth import views as auth_views
from django.urls import path

from blockknock.throttles import throttle

from . import views

app_name = "accounts"

urlpatterns = [
    path("signup/", throttle("signup")(views.signup), name="signup"),  # POSTs: per-address rate
    path("login/", throttle("login")(auth_views.LoginView.as_view()), name="login"),  # POSTs: per-address rate
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("name/", views.rename, name="rename"),
    # POSTs check the old password: per-address rate, as logging in
    path("password/", throttle("login")(views.PasswordChangeView.as_view()), name="password_change"),
    path("sign-out-everywhere/", views.sign_out_everywhere, name="sign_out_everywhere"),
    path("session/", views.session_state, name="session"),  # the board's check after a stale token
]
