"""The Django admin behind allauth's sign-in (its rate limits) and a second factor for staff.

``/admin/login/`` does not check a password itself: it sends the visitor to allauth's
sign-in, so the admin has the same per-address and per-account limits as the site. A
staff member reaches the admin only from a session that went through allauth's
second-factor step (a passkey or an authenticator app); staff without one are told to
add one in Settings.
"""

from __future__ import annotations

from allauth.account.internal.flows.login import get_authentication_records
from allauth.mfa.adapter import get_adapter as get_mfa_adapter
from django.contrib import admin
from django.contrib.auth import REDIRECT_FIELD_NAME
from django.shortcuts import redirect, render, resolve_url
from django.urls import reverse
from django.utils.http import url_has_allowed_host_and_scheme, urlencode
from django.utils.translation import gettext_lazy as _


def second_factor_passed(request) -> bool:
    """The player has an authenticator and this session was signed in through it (allauth's ``mfa`` step)."""
    user = request.user
    if not user.is_authenticated or not get_mfa_adapter().is_mfa_enabled(user):
        return False
    return any(record.get("method") == "mfa" for record in get_authentication_records(request, user))


class SecuredAdminSite(admin.AdminSite):
    """Django's admin site, for active staff whose session passed a second factor."""

    site_header = _("Block Knock! admin")
    site_title = _("Block Knock! admin")

    def has_permission(self, request) -> bool:
        return super().has_permission(request) and second_factor_passed(request)

    def login(self, request, extra_context=None):
        """allauth's sign-in for a visitor; a page saying what is missing for staff without a second factor."""
        next_url = request.GET.get(REDIRECT_FIELD_NAME) or request.POST.get(REDIRECT_FIELD_NAME) or ""
        if not url_has_allowed_host_and_scheme(next_url, {request.get_host()}, request.is_secure()):
            next_url = ""
        next_url = next_url or reverse("admin:index", current_app=self.name)
        user = request.user
        if not user.is_authenticated:
            return redirect(f"{resolve_url('account_login')}?{urlencode({REDIRECT_FIELD_NAME: next_url})}")
        if self.has_permission(request):
            return redirect(next_url)
        staff = user.is_active and user.is_staff
        return render(request, "accounts/admin_refused.html", {"staff": staff}, status=403)
