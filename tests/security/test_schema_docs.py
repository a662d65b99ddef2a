"""The published OpenAPI schema (/api/schema/) says what the API does under rate limits and to
readers without credentials, and drf-spectacular validates it without a warning."""

import re
import subprocess
import sys
from pathlib import Path

import pytest
from django.urls import resolve

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]
METHODS = {"get", "post", "put", "patch", "delete"}


@pytest.fixture(scope="module")
def schema(django_db_blocker):
    from django.test import Client

    with django_db_blocker.unblock():
        return Client().get("/api/schema/", {"format": "json"}).json()


def _throttled(path: str) -> bool:
    view = resolve(re.sub(r"\{(\w+)\}", lambda m: "2026-01-01" if m.group(1) == "day" else "1", path)).func
    return bool(getattr(getattr(view, "view_class", None), "throttle_scope", None))


def test_every_throttled_call_documents_429_with_retry_after(schema):
    throttled = [
        (method.upper(), path)
        for path, operations in schema["paths"].items()
        if _throttled(path)
        for method, operation in operations.items()
        if method in METHODS
    ]
    assert sorted(throttled) == [
        ("GET", "/api/challenges/"),
        ("GET", "/api/dailies/"),
        ("GET", "/api/dailies/{day}/"),
        ("GET", "/api/dealers/"),
        ("GET", "/api/games/{game_id}/replay/"),
        ("GET", "/api/games/{game_id}/review/"),
        ("GET", "/api/leaderboards/challenge/"),
        ("GET", "/api/leaderboards/classic/all/"),
        ("GET", "/api/leaderboards/classic/week/"),
        ("GET", "/api/leaderboards/daily/"),
        ("GET", "/api/leaderboards/daily/{day}/"),
        ("GET", "/api/pieces/"),
        ("POST", "/api/auth/guest/"),
        ("POST", "/api/auth/token/"),
        ("POST", "/api/games/"),
        ("POST", "/api/games/{game_id}/moves/"),
    ]
    for method, path in throttled:
        answer = schema["paths"][path][method.lower()]["responses"]["429"]
        assert answer["content"]["application/json"]["schema"] == {"$ref": "#/components/schemas/Error"}, path
        assert answer["headers"]["Retry-After"]["schema"] == {"type": "integer"}, path
        assert answer["headers"]["Retry-After"]["required"] is True, path


def test_the_public_read_of_a_game_is_documented(schema):
    read = schema["paths"]["/api/games/{game_id}/"]["get"]
    assert {} in read["security"]
    assert read["responses"]["200"]["description"] == (
        "The game, to its owner; to anyone else (signed in or not, no credentials needed) once it has ended"
        " (a Daily once its day has closed)."
    )
    assert read["responses"]["404"]["description"] == (
        "No such game, or another player's game that is still being played (playing or no_moves)"
        " or a Daily of a day not closed yet."
    )


def test_the_schema_validates_without_warnings():
    result = subprocess.run(
        [sys.executable, "manage.py", "spectacular", "--validate", "--fail-on-warn", "--file", "/dev/null"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stdout + result.stderr
