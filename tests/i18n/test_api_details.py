"""Every API ``detail`` is in the request's language: the site's own answers (404, 400, 500, 503) as well as DRF's.

The texts go through gettext, so the catalogue test (test_catalogue.py) fails
while one is missing from the .po; here each is asked for in Traditional Chinese.
"""

import ast
from pathlib import Path

import pytest
from django.db import OperationalError
from django.test import Client
from redis.exceptions import ConnectionError as RedisConnectionError

from tests.helpers import api_client_for

pytestmark = pytest.mark.django_db

ZH = {"HTTP_ACCEPT_LANGUAGE": "zh-Hant"}
ROOT = Path(__file__).resolve().parents[2]
UNAVAILABLE = "遊戲伺服器暫時無法使用，請稍後再試。"


def _outage(monkeypatch, error):
    def fail(player):
        raise error("server closed the connection unexpectedly")

    monkeypatch.setattr("blockknock.accounts.api.me_data", fail)


@pytest.mark.parametrize("error", [OperationalError, RedisConnectionError])
def test_an_outage_is_503_in_chinese_in_the_api(monkeypatch, player, error):
    _outage(monkeypatch, error)
    answer = api_client_for(player).get("/api/me/", **ZH)
    assert (answer.status_code, answer.json(), answer["Retry-After"]) == (
        503,
        {"error": "unavailable", "detail": UNAVAILABLE},
        "2",
    )
    english = api_client_for(player).get("/api/me/").json()["detail"]
    assert english == "The game server is briefly unavailable. Try again in a moment."


def test_an_outage_is_503_in_chinese_on_a_page(monkeypatch, client):
    def fail(request, *args, **kwargs):
        raise OperationalError("the database system is shutting down")

    monkeypatch.setattr("blockknock.accounts.views.render", fail)
    answer = client.get("/settings/", **ZH)
    assert (answer.status_code, answer.content.decode()) == (503, UNAVAILABLE)


def test_an_unrouted_api_path_is_404_in_chinese():
    answer = Client().get("/api/leaderboards/daily/not-a-date/", **ZH)
    assert (answer.status_code, answer.json()) == (404, {"error": "not_found", "detail": "找不到資源。"})


def test_a_method_the_api_does_not_take_is_405_in_chinese(player):
    answer = api_client_for(player).delete("/api/me/", **ZH)
    assert (answer.status_code, answer.json()) == (
        405,
        {"error": "method_not_allowed", "detail": "不允許使用「DELETE」方法。"},
    )


def test_a_request_django_refuses_before_any_view_is_400_in_chinese():
    answer = Client().get("/api/me/", HTTP_HOST="elsewhere.example", **ZH)
    assert (answer.status_code, answer.json()) == (400, {"error": "invalid", "detail": "錯誤的請求。"})


def test_a_server_error_is_500_in_chinese(monkeypatch, player):
    _outage(monkeypatch, RuntimeError)
    client = api_client_for(player)
    client.raise_request_exception = False
    answer = client.get("/api/me/", **ZH)
    assert (answer.status_code, answer.json()) == (500, {"error": "server_error", "detail": "伺服器錯誤。"})


def test_no_api_detail_is_an_english_literal():
    """A ``"detail": "..."`` written as a plain string would skip gettext (and the catalogue test)."""
    literals = []
    for path in ROOT.glob("*/**/*.py"):
        if path.relative_to(ROOT).parts[0] in {".venv", "tests", "node_modules", "var"}:
            continue
        for node in ast.walk(ast.parse(path.read_text(), str(path))):
            if isinstance(node, ast.Dict):
                for key, value in zip(node.keys, node.values, strict=True):
                    if isinstance(key, ast.Constant) and key.value == "detail" and isinstance(value, ast.Constant):
                        literals.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert literals == []
