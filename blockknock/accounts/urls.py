"""``/accounts/``: the site's own account pages, then django-allauth's (sign-in, sign-up, sign-out, email,
password, passkeys under ``2fa/``, signed-in devices under ``sessions/``).

allauth's pages keep allauth's URL names (``account_login``, ``account_signup``, ``mfa_index``…);
its rate limits (``ACCOUNT_RATE_LIMITS``) guard its posts.
"""

from allauth.account.views import PasswordChangeView, PasswordSetView
from allauth.mfa.totp import views as totp_views
from allauth.mfa.webauthn import views as webauthn_views
from django.urls import include, path

from . import views

app_name = "accounts"

urlpatterns = [
    path("name/", views.rename, name="rename"),
    path("sign-out-everywhere/", views.sign_out_everywhere, name="sign_out_everywhere"),
    path("session/", views.session_state, name="session"),  # the board's check after a stale token
    path("close/", views.account_close, name="close"),
    path("keep/passkey/", views.keep_with_passkey, name="keep_with_passkey"),
    path("devices/<int:session_id>/end/", views.device_end, name="device_end"),
    path("developer-key/", views.developer_key_replace, name="developer_key"),
]

allauth_urlpatterns = [
    # A guest has no password to change or set: it signs up (the same row keeps its games).
    path("password/change/", views.guest_to_signup(PasswordChangeView.as_view()), name="account_change_password"),
    path("password/set/", views.guest_to_signup(PasswordSetView.as_view()), name="account_set_password"),
    # A guest keeps its progress with a passkey or an email, not an authenticator app alone.
    path("2fa/totp/activate/", views.guest_to_signup(totp_views.activate_totp), name="mfa_activate_totp"),
    path(
        "2fa/webauthn/keys/<int:pk>/remove/",
        views.keeps_a_way_in(webauthn_views.remove_webauthn),
        name="mfa_remove_webauthn",
    ),
    path("", include("allauth.urls")),
]
