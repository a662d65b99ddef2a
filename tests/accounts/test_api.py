"""Players and authentication in the API (docs/api.md § Players and authentication)."""

from rest_framework.test import APIClient

from blockknock.accounts.models import Player

PLAYER_FIELDS = {"name", "is_guest", "stars", "level", "theme", "high_score", "challenge_best", "next_commitment"}


def test_a_guest_is_created_without_sign_up(db):
    response = APIClient().post("/api/auth/guest/")
    assert response.status_code == 201
    body = response.json()
    assert set(body) == {"token", "player"}
    assert set(body["player"]) == PLAYER_FIELDS
    assert body["player"]["is_guest"] is True
    assert (body["player"]["stars"], body["player"]["level"], body["player"]["theme"]) == (0, 0, "glass")
    assert (body["player"]["high_score"], body["player"]["challenge_best"]) == (0, 0)


def test_the_guest_token_answers_me(db):
    token = APIClient().post("/api/auth/guest/").json()["token"]
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    me = client.get("/api/me/")
    assert me.status_code == 200 and me.json()["is_guest"] is True


def test_a_username_and_password_give_a_token(db):
    Player.objects.create_user(username="ada", password="correct horse battery", name="Ada")
    ok = APIClient().post("/api/auth/token/", {"username": "ada", "password": "correct horse battery"}, format="json")
    bad = APIClient().post("/api/auth/token/", {"username": "ada", "password": "wrong"}, format="json")
    assert ok.status_code == 200 and len(ok.json()["token"]) == 40
    assert (bad.status_code, bad.json()["error"]) == (400, "invalid")


def test_no_or_bad_credentials_answer_401(db):
    assert APIClient().get("/api/me/").status_code == 401
    assert APIClient().post("/api/games/", {"mode": "classic"}, format="json").status_code == 401
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token not-a-token")
    response = client.get("/api/me/")
    assert (response.status_code, response.json()["error"]) == (401, "not_authenticated")


def test_public_reads_need_no_credentials(db):
    assert APIClient().get("/api/pieces/").status_code == 200
    assert APIClient().get("/api/schema/").status_code == 200


def test_a_bad_token_does_not_block_public_reads(db):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token not-a-token")
    assert client.get("/api/pieces/").status_code == 200
    assert client.get("/api/games/1/replay/").status_code == 404
