"""Guests bound to the browser, sign-up that keeps a guest's games, display names."""

import re

from blockknock.accounts.models import Player
from blockknock.accounts.names import guest_name
from game.models import Game
from tests.helpers import first_move


def test_a_generated_name_is_adjective_animal_number():
    assert re.fullmatch(r"[A-Z][a-z]+ [A-Z][a-z]+ [1-9]\d\d", guest_name())


def test_the_first_move_creates_one_guest_bound_to_the_session(client, db):
    first_move(client)
    game = Game.objects.get()
    assert client.get("/").context["game"] == game
    assert client.get("/").context["game"] == game
    assert Player.objects.filter(is_guest=True).count() == 1 and game.player.is_guest


def test_signing_up_from_a_guest_keeps_its_games(client, db):
    first_move(client)
    guest = Player.objects.get(is_guest=True)
    games = list(Game.objects.filter(player=guest).values_list("pk", flat=True))
    assert games
    response = client.post(
        "/accounts/signup/", {"username": "ada", "password1": "tiles-and-lines-42", "password2": "tiles-and-lines-42"}
    )
    assert response.status_code == 302
    player = Player.objects.get(username="ada")
    assert (player.pk, player.is_guest, player.name) == (guest.pk, False, guest.name)
    assert list(Game.objects.filter(player=player).values_list("pk", flat=True)) == games
    assert player.check_password("tiles-and-lines-42")


def test_a_player_can_change_the_display_name(client, db):
    client.get("/")
    client.post("/accounts/name/", {"name": "Tile Queen"})
    assert Player.objects.get().name == "Tile Queen"
