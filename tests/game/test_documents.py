"""game/history/documents.py: an ended game's replay, review and "Was it fair?" as immutable documents.

``ETag`` from the stored row, ``Cache-Control``, a conditional GET answered 304 with no replay
(replays counted at ``Game.replay``, the one place every replay of a record goes through), the API
replay kept in the cache, and the ``public`` throttle scope.
"""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import override_settings
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from blockknock.release import fingerprint
from game.models import Game
from tests.helpers import abandoned_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def replays(monkeypatch):
    """``replays()``: how many times a record was replayed since the fixture started."""
    calls = []
    original = Game.replay

    def counted(self, *args, **kwargs):
        calls.append(self.pk)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Game, "replay", counted)
    return lambda: len(calls)


@pytest.fixture
def ended(player):
    """``player``'s Classic game, one move played, then abandoned by a new game."""
    return abandoned_game(player)


def api_paths(game):
    return [f"/api/games/{game.public_id}/replay/", f"/api/games/{game.public_id}/review/"]


def page_paths(game):
    gid = game.public_id
    return [
        f"/games/{gid}/review/",
        f"/games/{gid}/review/?move=1",
        f"/games/{gid}/fair/",
        f"/leaderboards/replay/{gid}/",
    ]


def test_the_api_documents_are_public_for_ten_minutes_with_an_etag(ended):
    for path in api_paths(ended):
        response = APIClient().get(path)
        assert response.status_code == 200, path
        assert response["Cache-Control"] == "public, max-age=600"
        assert response["ETag"].startswith('"') and len(response["ETag"]) == 26


def test_a_conditional_get_of_an_api_document_is_304_with_one_query_and_no_replay(ended, replays):
    for path in api_paths(ended):
        etag = APIClient().get(path)["ETag"]
        before = replays()
        with CaptureQueriesContext(connection) as queries:
            response = APIClient().get(path, HTTP_IF_NONE_MATCH=etag)
        assert response.status_code == 304, path
        assert (response["ETag"], response["Cache-Control"]) == (etag, "public, max-age=600")
        assert response.content == b""
        assert replays() == before
        assert len(queries.captured_queries) == 1  # the game's row, for its stamp


def test_a_weak_etag_from_gzip_still_matches(ended, replays):
    path = api_paths(ended)[0]
    etag = APIClient().get(path)["ETag"]
    response = APIClient().get(path, HTTP_IF_NONE_MATCH=f"W/{etag}")
    assert response.status_code == 304


def test_the_api_replay_is_kept_in_the_cache_like_the_review(ended, replays):
    path = api_paths(ended)[0]
    first = APIClient().get(path)
    assert replays() == 1
    again = APIClient().get(path)
    assert again.json() == first.json() and again.json()["game"]["id"] == ended.public_id
    assert replays() == 1


def test_a_change_of_the_row_changes_the_etag(ended):
    path = api_paths(ended)[0]
    etag = APIClient().get(path)["ETag"]
    ended.stars = 3
    ended.save()
    response = APIClient().get(path, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 200
    assert response["ETag"] != etag


def test_the_pages_are_private_revalidated_and_vary_on_the_cookie(client, ended):
    for path in page_paths(ended):
        response = client.get(path)
        assert response.status_code == 200, path
        assert set(response["Cache-Control"].split(", ")) == {"private", "no-cache"}
        assert "Cookie" in response["Vary"]
        assert len(response["ETag"]) == 26


def test_a_conditional_get_of_a_page_is_304_without_a_replay(client, ended, replays):
    for path in page_paths(ended):
        client.get(path)  # the first visit may set the CSRF cookie: the page after it is the one kept
        etag = client.get(path)["ETag"]
        before = replays()
        response = client.get(path, HTTP_IF_NONE_MATCH=etag)
        assert response.status_code == 304, path
        assert response["ETag"] == etag and response.content == b""
        assert replays() == before, path


def test_a_page_held_under_other_cookies_or_another_language_is_drawn_again(client, ended):
    path = page_paths(ended)[0]
    client.get(path)
    etag = client.get(path)["ETag"]
    assert client.get(path, HTTP_IF_NONE_MATCH=etag, HTTP_ACCEPT_LANGUAGE="zh-hant").status_code == 200
    client.cookies["sessionid"] = "another-session"
    assert client.get(path, HTTP_IF_NONE_MATCH=etag).status_code == 200


def test_a_game_still_being_played_has_no_document(api, classic):
    for path in [*api_paths(classic), *page_paths(classic)]:
        response = APIClient().get(path)
        assert response.status_code == 404, path
        assert "ETag" not in response


@override_settings(REST_FRAMEWORK={"DEFAULT_THROTTLE_RATES": {"public": "2/min"}})
def test_anonymous_public_reads_are_throttled_per_address(ended, throttle_window):
    for path in [*api_paths(ended), "/api/dailies/", "/api/pieces/", "/api/leaderboards/classic/all/"]:
        cache.clear()
        answers = [APIClient().get(path).status_code for _ in range(3)]
        assert answers == [200, 200, 429], path
    cache.clear()
    page = page_paths(ended)[0]
    answers = [APIClient().get(page) for _ in range(3)]
    assert [answer.status_code for answer in answers] == [200, 200, 429]
    assert int(answers[2]["Retry-After"]) >= 1


def test_a_bad_token_on_a_throttled_board_is_no_token(ended):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token not-a-token")
    response = client.get("/api/leaderboards/classic/all/")
    assert response.status_code == 200 and response.json()["me"] is None


def test_the_release_fingerprint_follows_the_files(tmp_path):
    (tmp_path / "templates").mkdir()
    page = tmp_path / "templates" / "page.html"
    page.write_text("one")
    (tmp_path / "game" / "__pycache__").mkdir(parents=True)
    first = fingerprint(tmp_path)
    (tmp_path / "game" / "__pycache__" / "x.pyc").write_bytes(b"compiled")
    assert fingerprint(tmp_path) == first  # compiled files are no part of the release
    page.write_text("two")
    assert fingerprint(tmp_path) != first
    page.write_text("one")
    assert fingerprint(tmp_path) == first
