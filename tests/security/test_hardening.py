"""Hardening: the admin is staff-only, CSRF guards every browser POST, the security headers
(a strict Content-Security-Policy, X-Frame-Options DENY, HSTS over HTTPS) are sent,
the templates need no inline script or style, and ``check --deploy`` passes."""

import datetime as dt
import os
import re
import secrets
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client, override_settings

from blockknock.accounts.models import Player
from game import services
from game.models import Game
from tests.accounts.second_factor import staff_signed_in_with_second_factor
from tests.helpers import first_fit, log_in_new_guest, url_routes

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]


# ------------------------------------------------------------------ admin


def admin_pages() -> list[str]:
    return [f"/admin/{model._meta.app_label}/{model._meta.model_name}/" for model in _admin_models()] + ["/admin/"]


def _admin_models():
    from django.contrib import admin

    return list(admin.site._registry)


def test_the_admin_sends_anyone_but_staff_to_its_login(client):
    pages = admin_pages()
    assert len(pages) > 3
    for page in pages:
        answer = client.get(page)
        assert answer.status_code == 302 and answer["Location"].startswith("/admin/login/"), page
    guest = Client()
    log_in_new_guest(guest)  # a guest player, signed in to this browser
    for page in pages:
        answer = guest.get(page)
        assert answer.status_code == 302 and answer["Location"].startswith("/admin/login/"), page
    assert guest.post("/admin/game/game/add/", {}).status_code == 302


def test_a_player_password_does_not_open_the_admin():
    player = Player.objects.create_user(username="alice", password="a-long-password-1", name="Alice")
    browser = Client()
    answer = browser.post("/admin/login/?next=/admin/", {"username": "alice", "password": "a-long-password-1"})
    assert (answer.status_code, answer["Location"]) == (302, "/accounts/login/?next=%2Fadmin%2F")  # allauth's
    browser.post(answer["Location"], {"login": "alice", "password": "a-long-password-1"})
    assert browser.get("/admin/login/").status_code == 403  # signed in, but not a staff account
    assert not player.is_staff


def test_staff_get_in():
    client = staff_signed_in_with_second_factor()  # tests/accounts/test_doors.py: not without it
    for page in admin_pages():
        assert client.get(page).status_code == 200, page


# ------------------------------------------------------------------- CSRF

# Views that take POSTs without the session, so with nothing for CSRF to protect:
# each answers from the request's own data (or not at all), never as the browser's
# signed-in player.
SESSIONLESS = {
    "api/auth/guest/": "creates a new guest and returns its token in the body; no cookie, no session",
    "api/auth/token/": "checks the posted username and password; returns a token in the body, no session",
    "api/pieces/": "public read without authentication: a POST is 405",
    "api/games/<str:game_id>/replay/": "public read without authentication: a POST is 405",
    "api/games/<str:game_id>/review/": "public read without authentication: a POST is 405",
    "api/dailies/": "public read without authentication: a POST is 405",
    "api/dailies/<str:day>/": "public read without authentication: a POST is 405",
    "api/challenges/": "public read without authentication: a POST is 405",
    "api/dealers/": "public read without authentication: a POST is 405",
}
SESSIONLESS_PREFIXES = ("api/leaderboards/",)  # public reads that never authenticate: a POST is 405


def concrete(route: str, values: dict) -> str | None:
    """The route with its parameters filled in, or None for a regex route without a fixed path."""
    if route.startswith("admin/^(?P<app_label>"):
        return "/admin/game/"
    if "(?P" in route or "$" in route:
        return None
    return "/" + re.sub(r"<(?:(\w+):)?(\w+)>", lambda m: str(values[m.group(2)]), route)


def test_every_browser_post_needs_the_csrf_token():
    staff = Player.objects.create_superuser(username="staff", password="a-long-password-1", name="Staff")
    game = services.game_start(player=staff, mode="classic")
    values = {
        "game_id": game.pk,
        "number": 1,
        "slug": "aurora",
        "day": dt.datetime.now(dt.UTC).date().isoformat(),
        "object_id": game.pk,
        "content_type_id": 1,
        "id": staff.pk,
        "language": "en",
        "pk": 1,
        "session_id": 1,
    }
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(staff)
    checked = 0
    for route in url_routes():
        url = concrete(route, values)
        if url is None:
            continue
        browser.cookies.pop(settings.CSRF_COOKIE_NAME, None)  # the refusal page sets a fresh one (for a reload)
        answer = browser.post(url, {"slot": 0, "row": 0, "col": 0, "move_number": 0, "name": "x"})
        if route in SESSIONLESS or route.startswith(SESSIONLESS_PREFIXES):
            assert "sessionid" not in answer.cookies, route
            assert answer.status_code in (201, 400, 405), (route, answer.status_code)
            continue
        assert answer.status_code == 403, (route, answer.status_code)
        checked += 1
    assert checked > 60
    game.refresh_from_db()
    assert (game.moves, game.status) == (0, "playing")  # no POST went through


def test_a_board_post_with_the_token_goes_through():
    browser = Client(enforce_csrf_checks=True)
    page = browser.get("/")  # a first visit: its first move makes the guest
    token = re.search(r'"X-CSRFToken": "([^"]+)"', page.content.decode()).group(1)
    slot, row, col = first_fit(page.context["game"])
    body = {"pending": page.context["pending"].token, "slot": slot, "row": row, "col": col, "move_number": 0}
    assert browser.post("/games/pending/move/", body, HTTP_HX_REQUEST="true").status_code == 403
    assert Player.objects.count() == 0
    answer = browser.post("/games/pending/move/", body, HTTP_HX_REQUEST="true", HTTP_X_CSRFTOKEN=token)
    assert answer.status_code == 200  # past CSRF: the move is judged on the board
    game = Game.objects.get()
    body = {"slot": next(s["slot"] for s in game.hand_view if s["fits"]), "row": 7, "col": 7, "move_number": 1}
    stale = browser.post(f"/games/{game.pk}/move/", body, HTTP_HX_REQUEST="true", HTTP_X_CSRFTOKEN=token)
    assert stale.status_code == 403  # the guest's log-in rotated the token: the answer said the new one
    fresh = browser.post(
        f"/games/{game.pk}/move/", body, HTTP_HX_REQUEST="true", HTTP_X_CSRFTOKEN=answer["X-CSRFToken"]
    )
    assert fresh.status_code in (200, 400)  # past CSRF


# ---------------------------------------------------------------- headers


def csp(answer) -> dict[str, list[str]]:
    header = answer["Content-Security-Policy"]
    return {d.split()[0]: d.split()[1:] for d in (part.strip() for part in header.split(";")) if d}


@pytest.mark.parametrize("path", ["/", "/settings/", "/leaderboards/", "/api/me/", "/accounts/login/"])
def test_every_answer_has_a_strict_content_security_policy(client, path):
    client.get("/")
    answer = client.get(path)
    policy = csp(answer)
    for directive in ("script-src", "style-src", "default-src"):
        assert policy[directive] == ["'self'"], directive
    assert policy["object-src"] == ["'none'"] and policy["frame-ancestors"] == ["'none'"]
    assert policy["base-uri"] == ["'self'"] and policy["form-action"] == ["'self'"]
    header = answer["Content-Security-Policy"]
    assert "unsafe-inline" not in header and "unsafe-eval" not in header
    assert answer["X-Frame-Options"] == "DENY"
    assert answer["X-Content-Type-Options"] == "nosniff"
    assert answer["Referrer-Policy"] == "same-origin"


def test_hsts_is_sent_over_https_only(client):
    with override_settings(
        SECURE_HSTS_SECONDS=31_536_000, SECURE_HSTS_INCLUDE_SUBDOMAINS=True, SECURE_HSTS_PRELOAD=True
    ):
        secure = client.get("/how-to-play/", secure=True)
        plain = client.get("/how-to-play/")
    assert secure["Strict-Transport-Security"] == "max-age=31536000; includeSubDomains; preload"
    assert "Strict-Transport-Security" not in plain


INLINE = [
    # a script element is code unless it loads a file or holds data (JSON, never run)
    (re.compile(r"<script(?![^>]*\b(?:src=|type=\"application/json\"))[^>]*>", re.I), "inline <script>"),
    (re.compile(r"<style\b", re.I), "inline <style>"),
    (re.compile(r"\sstyle=", re.I), "style attribute"),
    (re.compile(r"\son[a-z]+=", re.I), "inline event handler"),
    (re.compile(r"javascript:", re.I), "javascript: URL"),
]


def test_no_template_needs_unsafe_inline():
    found = []
    for template in sorted((ROOT / "templates").rglob("*.html")):
        text = re.sub(r"\{#.*?#\}|\{% comment %\}.*?\{% endcomment %\}", "", template.read_text(), flags=re.S)
        found += [f"{template.relative_to(ROOT)}: {what}" for pattern, what in INLINE if pattern.search(text)]
    assert found == []


def test_check_deploy_passes_with_production_settings():
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "blockknock.settings.production",
        "SECRET_KEY": secrets.token_urlsafe(50),
        # the servers production requires; `check` connects to none of them
        "DATABASE_URL": "postgres://blockknock@db.example:5432/blockknock",
        "REDIS_URL": "redis://cache.example:6379/0",
        "CELERY_BROKER_URL": "redis://cache.example:6379/1",
        "EMAIL_URL": "smtp+tls://mailer:secret@mail.example:587",  # a file or console mailer fails the check
    }
    env.pop("DJANGO_DEBUG", None)
    env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)  # set for the browser tests (tests/e2e/conftest.py), never in production
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    shown = subprocess.run(
        [
            sys.executable,
            "manage.py",
            "shell",
            "-c",
            "from django.conf import settings as s; "
            "print(s.SECURE_HSTS_SECONDS, s.X_FRAME_OPTIONS, s.SECURE_SSL_REDIRECT, "
            "s.SESSION_COOKIE_SECURE, s.CSRF_COOKIE_SECURE, 'csp' if s.SECURE_CSP else '-')",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    hsts, frame, redirect, session_secure, csrf_secure, has_csp = shown.stdout.strip().splitlines()[-1].split()
    assert int(hsts) >= 31_536_000 and frame == "DENY" and has_csp == "csp"
    assert (redirect, session_secure, csrf_secure) == ("True", "True", "True")
