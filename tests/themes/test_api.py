"""The looks API (docs/api.md § Leaderboards, looks): shapes and codes."""

import pytest
from rest_framework.test import APIClient

from blockknock.accounts.models import StarEntry, StarReason

from .conftest import give_stars

pytestmark = pytest.mark.usefixtures("looks")

PLAYER_FIELDS = {"name", "is_guest", "stars", "level", "theme", "high_score", "challenge_best", "next_commitment"}


def test_the_list_needs_credentials():
    answer = APIClient().get("/api/themes/")
    assert answer.status_code == 401
    assert answer.json()["error"] == "not_authenticated"


@pytest.mark.parametrize("action", ["buy", "use"])
def test_buying_and_using_need_credentials(action):
    assert APIClient().post(f"/api/themes/aurora/{action}/").status_code == 401


def test_the_list_has_every_look_with_price_owned_and_active(api):
    answer = api.get("/api/themes/")
    assert answer.status_code == 200
    looks = answer.json()
    assert len(looks) == 17
    assert all(set(look) == {"slug", "name", "price", "owned", "active"} for look in looks)
    assert looks[0] == {"slug": "glass", "name": "Glass", "price": 0, "owned": True, "active": True}
    assert looks[3] == {"slug": "aurora", "name": "Aurora", "price": 50, "owned": False, "active": False}
    assert looks[-1] == {"slug": "paper-ink", "name": "Paper & Ink", "price": 1180, "owned": False, "active": False}


def test_names_follow_the_language(api):
    looks = api.get("/api/themes/", HTTP_ACCEPT_LANGUAGE="zh-hant").json()
    assert [look["name"] for look in looks if look["slug"] in ("glass", "paper-ink")] == ["玻璃", "紙與墨"]


def test_buy_answers_the_player_with_the_new_balance(api, player):
    give_stars(player, 75)
    answer = api.post("/api/themes/aurora/buy/")
    assert answer.status_code == 200
    body = answer.json()
    assert set(body) == PLAYER_FIELDS
    assert (body["stars"], body["theme"]) == (25, "glass")
    looks = {look["slug"]: look for look in api.get("/api/themes/").json()}
    assert (looks["aurora"]["owned"], looks["aurora"]["active"]) == (True, False)


def test_not_enough_stars_is_409(api, player):
    give_stars(player, 10)
    answer = api.post("/api/themes/aurora/buy/")
    assert answer.status_code == 409
    body = answer.json()
    assert body["error"] == "not_enough_stars"
    assert body["detail"] == "Aurora costs 50 stars and you have 10: 40 more to go."
    assert (body["price"], body["stars"]) == (50, 10)
    player.refresh_from_db()
    assert player.stars == 10


def test_buying_an_owned_look_is_a_no_op(api, player):
    give_stars(player, 100)
    first = api.post("/api/themes/aurora/buy/").json()
    again = api.post("/api/themes/aurora/buy/")
    assert again.status_code == 200
    assert again.json() == first
    assert StarEntry.objects.filter(player=player, reason=StarReason.PURCHASE).count() == 1
    free = api.post("/api/themes/velvet-dusk/buy/")
    assert (free.status_code, free.json()["stars"]) == (200, 50)


def test_use_puts_an_owned_look_on(api, player):
    answer = api.post("/api/themes/midnight-arcade/use/")
    assert answer.status_code == 200
    assert answer.json()["theme"] == "midnight-arcade"
    assert api.get("/api/me/").json()["theme"] == "midnight-arcade"
    active = [look["slug"] for look in api.get("/api/themes/").json() if look["active"]]
    assert active == ["midnight-arcade"]


def test_using_a_look_not_owned_is_403(api, player):
    answer = api.post("/api/themes/aurora/use/")
    assert answer.status_code == 403
    assert answer.json()["error"] == "not_owned"
    player.refresh_from_db()
    assert player.theme == "glass"


@pytest.mark.parametrize("action", ["buy", "use"])
@pytest.mark.parametrize("slug", ["no-such-look", "not.a.slug"])
def test_an_unknown_look_is_404(api, action, slug):
    answer = api.post(f"/api/themes/{slug}/{action}/")
    assert answer.status_code == 404
    assert answer.json()["error"] == "not_found"


def test_the_session_works_as_well(client, player):
    client.force_login(player)
    assert client.get("/api/themes/").status_code == 200


def test_the_schema_documents_the_looks():
    schema = APIClient().get("/api/schema/", HTTP_ACCEPT="application/json").json()
    paths = schema["paths"]
    assert set(paths["/api/themes/"]) == {"get"}
    assert {"200", "401", "404", "409"} <= set(paths["/api/themes/{slug}/buy/"]["post"]["responses"])
    assert {"200", "401", "403", "404"} <= set(paths["/api/themes/{slug}/use/"]["post"]["responses"])
    look = schema["components"]["schemas"]["Look"]
    assert set(look["properties"]) == {"slug", "name", "price", "owned", "active"}
