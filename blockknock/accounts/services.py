"""Writes for players: guests, sign-up from a guest, display names, language, signing out everywhere."""

import secrets

from django.conf import settings
from django.contrib.auth import login
from django.db import transaction
from django.db.models import F, Sum
from django.http import HttpRequest
from django.utils import timezone
from rest_framework.authtoken.models import Token

from blockknock import throttles

from .models import Player, StarEntry
from .names import guest_name
from .player_cache import player_changed

GUEST_BACKEND = "blockknock.accounts.auth.CachedModelBackend"


@transaction.atomic
def guest_create() -> Player:
    """Create a new guest player with an unusable password and a generated name."""
    player = Player(username=f"guest-{secrets.token_hex(8)}", name=guest_name(), is_guest=True)
    player.set_unusable_password()
    player.save()
    return player


def player_for_request(request: HttpRequest) -> Player:
    """The signed-in player, or a new guest logged in to this browser session.

    No sign-up is needed to play: a page that starts a game on a visit, or a first
    write (a name, a look), creates a guest and binds it to the session, so closing
    the tab and coming back finds the same player. The play page does not call this
    for a visitor: its first move creates the guest (``game.pending``).
    """
    if request.user.is_authenticated:
        return request.user
    throttles.check(request, "guest")  # raises RateLimited (answered 429 by blockknock.middleware)
    player = guest_create()
    login(request, player, backend=GUEST_BACKEND)
    return player


@transaction.atomic
def player_signup(*, player: Player | None, username: str, password: str) -> Player:
    """Turn a guest into an account (same row, so its games stay) or create one.

    :param player: the guest playing in this browser, or ``None``.
    :raises ValueError: if ``player`` is already a signed-up account.
    """
    if player is None:
        player = Player(name=username)
    elif not player.is_guest:
        raise ValueError(f"player {player.pk!r} has already signed up")
    player.username = username
    player.is_guest = False
    player.set_password(password)
    player.save()
    return player


def player_rename(*, player: Player, name: str) -> Player:
    """Set the display name shown on the site and leaderboards."""
    player.name = name
    player.save(update_fields=["name"])
    return player


def player_language_set(*, player: Player, language: str) -> Player:
    """Remember the language the player chose (``""``: follow the browser).

    :raises ValueError: ``language`` is not one of ``settings.LANGUAGES``.
    """
    if language and language not in dict(settings.LANGUAGES):
        raise ValueError(f"unsupported language {language!r}")
    player.language = language
    player.save(update_fields=["language"])
    return player


def token_rotate(player: Player) -> None:
    """Retire the player's API token: its key is refused from now on, and the next sign-in
    (``POST /api/auth/token/``) is given a new one. Its cache entry goes with it (``auth.on_token_change``)."""
    Token.objects.filter(user=player).delete()


@transaction.atomic
def sessions_end(*, player: Player) -> None:
    """Sign out everywhere: every session of the player ends and its API token is rotated.

    A session is only valid while its auth hash matches the player's, which covers
    :attr:`~.models.Player.signed_out_at`: setting it ends them all, on their next request.
    """
    player.signed_out_at = timezone.now()
    player.save(update_fields=["signed_out_at"])
    token_rotate(player)


def on_password_set(sender, instance: Player, created: bool, **kwargs) -> None:
    """``post_save`` of a Player: a new password in place of another rotates its API token, whatever set it.

    Settings → Change password, a reset by staff in the admin, ``manage.py changepassword``:
    each calls ``set_password`` (which keeps the raw password in ``_password`` until the save is
    done) and ``save``. Django ends the other sessions itself, the session auth hash being the
    password's; the browser that changed it is kept signed in (``update_session_auth_hash``).
    Not a guest's first password (sign-up), nor Django re-hashing the same one at a log-in
    (``check_password`` clears ``_password`` before it saves).
    """
    password = instance._password  # type: ignore[attr-defined]  # AbstractBaseUser's private name, not in the stubs
    if password is not None and not created and getattr(instance, "password_replaced", False):
        token_rotate(instance)


def stars_add(*, player: Player, amount: int, reason: str, day, game=None) -> StarEntry:
    """Append a star ledger row and move the cached balance with it, in one transaction.

    Must run inside the caller's transaction (``@transaction.atomic`` services).
    :raises django.db.IntegrityError: the game already paid this reason, or the
        balance would go below zero (database constraints).
    """
    # The ledger row's post_save, and the commit, drop the cached player (blockknock.accounts.player_cache).
    entry = StarEntry.objects.create(player=player, amount=amount, reason=reason, day=day, game=game)
    Player.objects.filter(pk=player.pk).update(stars=F("stars") + amount)
    player.refresh_from_db(fields=["stars"])
    return entry


def level_raise(*, player_id) -> None:
    """One level up for the player (a finished Classic game of 2,500 points or more, docs/rules.md § Stars, levels)."""
    Player.objects.filter(pk=player_id).update(level=F("level") + 1)
    player_changed(player_id)  # an update sends no signal


def stars_paid_on(*, player: Player, day, reason: str) -> int:
    """Stars a player was paid for ``reason`` on game-calendar ``day``."""
    return StarEntry.objects.filter(player=player, day=day, reason=reason).aggregate(total=Sum("amount"))["total"] or 0


def device_end(*, player: Player, session_id: int) -> bool:
    """End one of ``player``'s signed-in devices (allauth's ``UserSession``); False if it is not the player's."""
    from allauth.usersessions.models import UserSession

    session = UserSession.objects.filter(user=player, pk=session_id).first()
    if session is None:
        return False
    session.end()
    return True


def is_last_way_in(player: Player, authenticator_id) -> bool:
    """Whether removing authenticator ``authenticator_id`` would leave ``player`` no way to sign in: no password,
    no verified email (a reset link), no other passkey or authenticator app (recovery codes only back one up)."""
    from allauth.account.models import EmailAddress
    from allauth.mfa.models import Authenticator

    if player.has_usable_password() or EmailAddress.objects.filter(user=player, verified=True).exists():
        return False
    others = Authenticator.objects.filter(user=player).exclude(pk=authenticator_id)
    return not others.exclude(type=Authenticator.Type.RECOVERY_CODES).exists()


@transaction.atomic
def account_close(*, player: Player) -> None:
    """Settings → Close my account: the name, email, passkeys and authenticators, sessions and token go.

    The row stays, anonymised (no name, no email, a username that names no one, no password, inactive),
    so the games keep their proofs and the star ledger its sums: every page and answer shows the
    player as "closed account" (:func:`~.names.shown_name`). docs/accounts.md § Closing an account.
    """
    from allauth.account.models import EmailAddress
    from allauth.mfa.models import Authenticator
    from allauth.usersessions.models import UserSession

    EmailAddress.objects.filter(user=player).delete()
    Authenticator.objects.filter(user=player).delete()
    for session in UserSession.objects.filter(user=player):
        session.end()  # the session itself goes from the store, not only allauth's row
    token_rotate(player)
    now = timezone.now()
    player.username = f"closed-{player.pk}"
    player.name = player.email = player.first_name = player.last_name = player.language = ""
    player.set_unusable_password()
    player.is_active = player.is_staff = player.is_superuser = False
    player.closed_at = player.signed_out_at = now  # any session left (a cookie not in allauth's list) ends too
    player.save()
