"""The fair deal on the site's pages: the browser's client seed in new-game posts, the next commitment
in Settings, the new-game dialog and the end card, the Daily's next 7 commitments, the dealer-1 notice."""

import datetime as dt
import re
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest
import time_machine

from game import services
from game.models import DailySeed, Game, NextSeed
from tests.helpers import EMPTY, abandoned_game, first_move, log_in_new_guest, open_page, set_position

PLAY_BUNDLE_ENTRY = Path(__file__).resolve().parents[2] / "static" / "js" / "pages" / "play.js"

pytestmark = pytest.mark.django_db

HX = {"HTTP_HX_REQUEST": "true"}
LA = ZoneInfo("America/Los_Angeles")


def test_a_new_game_posted_by_the_board_takes_the_browsers_client_seed(client):
    log_in_new_guest(client)
    open_page(client, "/")
    first = Game.objects.get()
    assert client.post("/games/new/", {"client_seed": "from the browser"}, **HX).status_code == 200
    new = Game.objects.exclude(pk=first.pk).get()
    assert (new.dealer, new.client_seed) == (4, "from the browser")


def test_a_malformed_client_seed_from_the_board_is_refused_with_the_error_event(client):
    log_in_new_guest(client)
    open_page(client, "/")
    answer = client.post("/games/new/", {"client_seed": "é" * 3}, **HX)
    assert answer.status_code == 400 and '"code": "invalid"' in answer["HX-Trigger"]
    assert Game.objects.count() == 1


def test_the_page_carries_the_next_commitment_out_of_sight_and_how_to_play_shows_it(client):
    log_in_new_guest(client)
    page = open_page(client, "/").content.decode()
    game = Game.objects.get()
    commitment = NextSeed.objects.get(player=game.player).commitment
    assert f'data-next-commitment="{commitment}"' in page
    assert page.count(commitment) == 1  # the dialog shows no commitment, only the hidden tag has it
    assert 'src="/static/build/js/pages/play.js"' in page  # the page's bundle: client-seed.js is in it
    assert '"../client-seed.js"' in PLAY_BUNDLE_ENTRY.read_text()
    # Settings shows no commitment or seed, only "Fair deal ✓" to the explanation, which has them.
    settings = client.get("/settings/").content.decode()
    assert commitment not in settings and 'id="client-seed"' not in settings
    assert 'href="/how-to-play/#fair-deal" data-testid="fair-deal-link">Fair deal ✓</a>' in settings
    explained = client.get("/how-to-play/").content.decode()
    assert f'data-testid="settings-commitment">{commitment}<' in explained
    assert 'id="client-seed"' in explained and "js/client-seed.js" in explained


def test_a_move_answer_does_not_read_the_next_commitment(client):
    log_in_new_guest(client)
    open_page(client, "/")
    game = set_position(Game.objects.get(), EMPTY, ("mono", "mono", "mono"))
    answer = client.post(f"/games/{game.pk}/move/", {"slot": 0, "row": 0, "col": 0, "move_number": 0}, **HX)
    assert answer.status_code == 200 and Game.objects.get(pk=game.pk).moves == 1
    assert "data-next-commitment" not in answer.content.decode()


def test_the_end_card_carries_the_next_commitment_hidden_and_a_dealer_1_game_says_it_cannot_be_checked(client):
    log_in_new_guest(client)
    open_page(client, "/")
    game = Game.objects.get()
    Game.objects.filter(pk=game.pk).update(status="over")
    card = client.get(f"/games/{game.pk}/", **HX).content.decode()
    assert f'<span hidden data-next-commitment="{NextSeed.objects.get(player=game.player).commitment}">' in card
    assert "<details" not in card and "SHA-256" not in card
    assert 'data-testid="dealt-before-verifiable"' not in card
    Game.objects.filter(pk=game.pk).update(dealer=1)
    assert 'data-testid="dealt-before-verifiable"' in client.get(f"/games/{game.pk}/", **HX).content.decode()


def test_the_daily_page_carries_the_next_7_commitments_out_of_sight(client):
    with time_machine.travel(dt.datetime(2026, 12, 1, 9, tzinfo=LA), tick=False):
        page = open_page(client, "/daily/").content.decode()
    ahead = DailySeed.objects.filter(day__gt=dt.date(2026, 12, 1)).order_by("day")
    assert [row.day for row in ahead] == [dt.date(2026, 12, 2) + dt.timedelta(days=n) for n in range(7)]
    listed = re.findall(r'<span hidden data-shown-commitment="([0-9a-f]{64})" data-testid="daily-commitment"', page)
    assert listed == [row.commitment for row in ahead]


def test_every_game_the_browser_starts_says_the_player_chose_its_client_seed_but_a_first_visits(client):
    with time_machine.travel(dt.datetime(2026, 12, 1, 9, tzinfo=LA), tick=False):
        first_move(client)
        for path in ("/practice/", "/daily/", "/challenges/1/"):
            assert client.get(path).context["start_url"]  # the page's GET starts nothing
            open_page(client, path, client_seed=f"seed for {path}")
        client.post("/games/new/", {"client_seed": "new game"}, **HX)  # abandons the first visit's game
        client.post("/practice/new/", {"client_seed": "play again"}, **HX)
    chosen = {(game.mode, game.client_seed, game.client_seed_by) for game in Game.objects.all()}
    first = Game.objects.order_by("pk").first()
    assert chosen == {
        ("classic", first.client_seed, "server"),
        ("practice", "seed for /practice/", "player"),
        ("daily", "seed for /daily/", "player"),
        ("challenge", "seed for /challenges/1/", "player"),
        ("classic", "new game", "player"),
        ("practice", "play again", "player"),
    }
    fair = client.get(f"/api/games/{first.pk}/").json()["fair"]
    assert (fair["client_seed"], fair["client_seed_by"]) == (first.client_seed, "server")
    replay = client.get(f"/api/games/{first.pk}/replay/").json()["game"]["fair"]
    assert replay["client_seed_by"] == "server"


def test_the_fair_page_says_in_plain_words_who_chose_the_client_seed(client):
    first_move(client)
    client.post("/games/new/", {"client_seed": "mine"}, **HX)  # abandons the first visit's game
    client.post("/games/new/", {"client_seed": "mine again"}, **HX)
    first, second = Game.objects.order_by("pk")[:2]
    server = client.get(f"/games/{first.pk}/fair/").content.decode()
    assert "The server chose the client seed: this game was dealt before your browser could send one" in server
    player = client.get(f"/games/{second.pk}/fair/").content.decode()
    assert "Your side chose the client seed: your browser (or your app) picked it at random" in player


def test_the_fair_page_says_the_plus_2_and_the_daily_cap_are_the_site_s_word_where_stars_are_paid(client):
    player = log_in_new_guest(client)
    classic = abandoned_game(player)
    practice = services.game_start(player=player, mode="practice")
    services.game_start(player=player, mode="practice")  # abandons it: an ended game
    note = "Two numbers of this game’s stars are the site’s word: the +2 for beating your best earlier score, and"
    assert note in client.get(f"/games/{classic.pk}/fair/").content.decode()
    assert note not in client.get(f"/games/{practice.pk}/fair/").content.decode()  # Practice pays no stars


@pytest.mark.parametrize(("language", "name"), [("en", "Was it fair?"), ("zh-hant", "公平嗎？")])
def test_the_end_cards_proof_link_has_the_name_of_the_page_it_opens(client, language, name):
    """A new player's trial: the link read "Fair deal ✓" and opened a page titled "Was it fair?"."""
    log_in_new_guest(client)
    open_page(client, "/")
    game = Game.objects.get()
    Game.objects.filter(pk=game.pk).update(status="over", score=120)
    end = client.get(f"/games/{game.public_id}/", HTTP_ACCEPT_LANGUAGE=language, **HX).content.decode()
    fair = client.get(f"/games/{game.public_id}/fair/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f'<a href="/games/{game.public_id}/fair/" data-testid="was-it-fair">{name}</a>' in end
    assert f"<h1>{name}</h1>" in fair
