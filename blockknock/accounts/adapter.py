"""Where guests, secured accounts and sign-up meet: django-allauth's adapters for this site.

A guest is a real :class:`~.models.Player` row, signed in to its browser from its first
move (``services.player_for_request``). Everything allauth does about a player goes
through the adapters below, so:

- **Sign-up secures the guest in place.** :meth:`AccountAdapter.new_user` hands
  allauth's sign-up the guest playing in this browser instead of a new row, and
  :meth:`AccountAdapter.save_user` turns it into an account: the same id, so every game,
  star, look and level stays. A visitor who never played gets a new row.
- **A passkey secures the guest in place too.** A guest may add a passkey (allauth's
  "add a passkey" page) without re-entering a password it never had
  (:meth:`AccountAdapter.is_reauthentication_required`); :func:`on_authenticator_added`
  makes it an account.
- **Sessions stay cached.** Every sign-in is recorded against the site's cached backend
  (:meth:`AccountAdapter.login`), so a page costs no query for its player (``auth.py``).

Whether a player can get back in on another device is :attr:`Player.is_secured
<.models.Player.is_secured>` (a verified email or an authenticator).
"""

from __future__ import annotations

from allauth.account.adapter import DefaultAccountAdapter
from allauth.account.internal.flows.login import record_authentication
from allauth.core import context
from allauth.mfa.adapter import DefaultMFAAdapter
from django.conf import settings
from django.shortcuts import resolve_url
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from blockknock.proxies import client_ip

from .middleware import saved_language
from .models import Player
from .services import GUEST_BACKEND

SITE_NAME = _("Block Knock!")


def user_display(player) -> str:
    """How allauth names a player in its pages and mails: the display name."""
    return str(player)


def _guest(request) -> Player | None:
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated and getattr(user, "is_guest", False):
        return user
    return None


class AccountAdapter(DefaultAccountAdapter):
    """allauth's account adapter, aware of guests."""

    def new_user(self, request):
        """The guest of this browser, to be secured in place; else a new player."""
        return _guest(request) or Player()

    def save_user(self, request, user, form, commit=True):
        """allauth's (username, email, password), and the row becomes an account: no longer a guest.

        A new player is named by its username; a guest keeps the name it played under.
        """
        user = super().save_user(request, user, form, commit=False)
        user.is_guest = False
        if not user.name:
            user.name = user.username
        if commit:
            user.save()
        return user

    def post_login(self, request, user, *, signup: bool, **kwargs):
        """allauth's; after a sign-up its message says the progress is kept rather than "signed in"."""
        self._signed_up = signup
        return super().post_login(request, user, signup=signup, **kwargs)

    def add_message(self, request, level, message_template=None, message_context=None, extra_tags="", message=None):
        """allauth's, in the language of the page that shows it: a sign-in brings the player's saved language
        (``middleware.saved_language``), which the request that signs in was not yet shown in."""
        if message_template == "account/messages/logged_in.txt" and getattr(self, "_signed_up", False):
            message_template = "account/messages/signed_up.txt"
        with translation.override(saved_language(request) or translation.get_language()):
            super().add_message(request, level, message_template, message_context, extra_tags, message)

    def login(self, request, user) -> None:
        """allauth's, with the session bound to the cached backend whichever backend checked the password."""
        user.backend = GUEST_BACKEND
        super().login(request, user)

    def get_password_change_redirect_url(self, request) -> str:
        return resolve_url("settings")

    def is_reauthentication_required(self, *, app: str, **kwargs) -> bool:
        """A guest has nothing to re-enter (no password, no passkey yet): the session is its only key."""
        request = context.request
        if request is not None and _guest(request) is not None:
            return False
        return super().is_reauthentication_required(app=app, **kwargs)

    def get_client_ip(self, request) -> str:
        """The address allauth's limits and the devices list count: the one the site's throttles count."""
        return client_ip(request)

    def format_email_subject(self, subject: str) -> str:
        return f"[{SITE_NAME}] {subject}"

    def get_from_email(self) -> str:
        return settings.DEFAULT_FROM_EMAIL


class MFAAdapter(DefaultMFAAdapter):
    """allauth's MFA adapter: passkeys and authenticator apps name the site, not the host."""

    def _get_site_name(self) -> str:
        return str(SITE_NAME)


def on_authenticator_added(sender, request, user, authenticator, **kwargs) -> None:
    """``allauth.mfa.signals.authenticator_added``: a guest who adds a passkey is an account from now on.

    It keeps its generated username (it signs in with the passkey) and the name it played under. Making
    the passkey verified the player on the device (its fingerprint, face or screen lock), so the session
    records it as a fresh sign-in with it: the backup codes shown next ask for nothing more.
    """
    if user.is_guest:
        user.is_guest = False
        user.save(update_fields=["is_guest"])
        record_authentication(request, user, "mfa", type=authenticator.type, id=authenticator.pk, reauthenticated=True)
