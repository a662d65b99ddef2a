"""Thin views for renaming, the language, Settings, signing out everywhere and the session's state.

Signing in, up and out, email, passwords, passkeys and devices are django-allauth's views
(``urls.allauth_urlpatterns``), shaped for guests by ``adapter.py``."""

from functools import wraps

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import logout
from django.http import JsonResponse
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.utils.translation import check_for_language
from django.utils.translation import gettext as _
from django.views import i18n
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_POST

from . import services
from .forms import NameForm


@require_POST
def rename(request):
    """Change the display name of the player in this browser."""
    player = services.player_for_request(request)
    form = NameForm(request.POST, instance=player)
    if form.is_valid():
        services.player_rename(player=player, name=form.cleaned_data["name"])
        messages.success(request, _("Your name is now %(name)s.") % {"name": player.name})
    elif form.has_error("name", "name_control"):
        messages.error(request, form.errors["name"][0])
    else:
        messages.error(request, _("Please enter a name of 1 to 40 characters."))
    return redirect("settings")


@require_POST
def language_set(request):
    """Django's ``set_language`` (cookie, then back to ``next``), and the choice saved on the player.

    Posted by the footer and by Settings → Language; the saved language follows the
    player to any browser they log in on (``accounts.middleware``).
    """
    response = i18n.set_language(request)
    language = request.POST.get("language", "")
    if request.user.is_authenticated and language in dict(settings.LANGUAGES) and check_for_language(language):
        services.player_language_set(player=request.user, language=language)
    return response


def guest_to_signup(view):
    """``view`` for an account; a guest is sent to sign up, which keeps its games on the same row."""

    @wraps(view)
    def wrapped(request, *args, **kwargs):
        if request.user.is_authenticated and request.user.is_guest:
            return redirect("account_signup")
        return view(request, *args, **kwargs)

    return wrapped


def keeps_a_way_in(view):
    """allauth's passkey removal, refused for the player's last way in (no password, no verified email,
    no other passkey or app): the account would be lost."""

    @wraps(view)
    def wrapped(request, pk, *args, **kwargs):
        player = request.user
        if request.method == "POST" and player.is_authenticated and services.is_last_way_in(player, pk):
            messages.error(request, _("This passkey is your only way to sign in. Add another one or an email first."))
            return redirect("mfa_list_webauthn")
        return view(request, *args, pk=pk, **kwargs)

    return wrapped


@require_POST
def keep_with_passkey(request):
    """ "Keep it with a passkey", from the sign-up page or the Keep-your-progress card: on to allauth's add-a-passkey
    page, which secures the guest of this browser in place (``adapter.on_authenticator_added``).

    A visitor who has not played yet has no guest to secure: this POST makes one first (the guest limit applies),
    so a passkey is a whole sign-up in one step.
    """
    if not request.user.is_authenticated:
        services.player_for_request(request)
    return redirect("mfa_add_webauthn")


@require_POST
def device_end(request, session_id: int):
    """Settings → Signed-in devices: sign out one device of the account (its session ends in the store)."""
    if request.user.is_authenticated and services.device_end(player=request.user, session_id=session_id):
        messages.success(request, _("That device is signed out."))
    return redirect("usersessions_list")


@require_POST
def sign_out_everywhere(request):
    """Settings → Sign out everywhere: every session of the account ends, this one too, and its API token is rotated.

    Not for a guest: it has no password to sign back in with, so its games would be lost.
    """
    player = request.user
    if not player.is_authenticated or player.is_guest:
        return redirect("settings")
    services.sessions_end(player=player)
    logout(request)
    messages.success(request, _("You are signed out on every device. Sign in again to carry on."))
    return redirect("account_login")


def account_close(request):
    """Settings → Close my account: a page that says what goes and what is kept, then (POST, the box ticked)
    the account is closed (``services.account_close``) and this browser signed out."""
    player = request.user
    if not player.is_authenticated:
        return redirect("settings")
    if request.method == "POST":
        if request.POST.get("confirm") != "close":
            messages.error(request, _("Tick the box to confirm that you want to close your account."))
            return redirect("accounts:close")
        services.account_close(player=player)
        logout(request)
        messages.success(request, _("Your account is closed. Your games stay, shown as played by a closed account."))
        return redirect("game:play")
    return render(request, "accounts/close.html")


@require_POST
def developer_key_replace(request):
    """Settings → For developers: the API token is retired; the next ``POST /api/auth/token/`` gets a new one."""
    if request.user.is_authenticated and not request.user.is_guest:
        services.token_rotate(request.user)
        messages.success(request, _("Your developer key is replaced: programs using the old one must sign in again."))
    return redirect("settings")


@require_GET
def settings_page(request):
    """Settings: sound, account links, display name, and How scoring works."""
    return render(request, "settings.html")


@never_cache
@require_GET
def session_state(request):
    """Who this browser's session plays as now, and its CSRF token (JSON); never makes a guest.

    Asked by the board after a refused token (a log-in or log-out in another tab):
    ``{"player": id or null, "guest": bool, "csrf_token": "..."}``.
    """
    user = request.user
    signed_in = user.is_authenticated
    return JsonResponse(
        {
            "player": user.pk if signed_in else None,
            "guest": signed_in and user.is_guest,
            "csrf_token": get_token(request),
        }
    )
