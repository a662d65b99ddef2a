"""'No moves left' on the end card of every game that ended because no piece fits (docs/rules.md § End of
game, seed 000: the game "tells you: 'No moves left'"), then the summary — in every mode, decided
from the game's state, never from its mode's name."""

import re

import pytest
from django.test import Client

from game.models import Game
from tests.helpers import EMPTY, log_in_new_guest, open_page, set_position

HTMX = {"HTTP_HX_REQUEST": "true"}
# Only a single square fits here; after the monomino goes to (0, 1) the two I5s fit nowhere.
CHECKERBOARD = ["#.#.#.#.", ".#.#.#.#"] * 4
STUCK = ("mono", "I5-h", "I5-h")
KICKER = '<p class="overlay-kicker" data-testid="ended-no-moves">No moves left</p>'


@pytest.fixture
def site(db):
    client = Client()
    log_in_new_guest(client)
    return client


def last_move_leaves_nothing_that_fits(site, path: str, **fields) -> tuple[Game, str]:
    """Open ``path``, put its game on the checkerboard, and play the monomino through the board's view."""
    open_page(site, path)
    game = Game.objects.filter(status="playing").latest("pk")
    set_position(game, CHECKERBOARD, STUCK)
    Game.objects.filter(pk=game.pk).update(**fields)
    html = site.post(f"/games/{game.pk}/move/", {"slot": 0, "row": 0, "col": 1, "move_number": game.moves}, **HTMX)
    game.refresh_from_db()
    return game, html.content.decode()


@pytest.mark.parametrize(
    ("path", "fields", "points"),
    [
        ("/daily/", {}, 10),
        ("/practice/", {}, 1),
        ("/", {"continues_left": 0}, 10),
        ("/challenges/1/", {"continues_left": 0}, 10),
    ],
    ids=["daily", "practice", "classic-after-its-continue", "challenge-after-its-continue"],
)
def test_a_game_over_with_no_continue_possible_says_no_moves_left_then_the_summary(site, path, fields, points):
    game, html = last_move_leaves_nothing_that_fits(site, path, **fields)
    assert game.status == "over" and game.ended_with_no_moves
    card = re.search(r'<div class="overlay overlay--over.*?</div>\s*</div>', html, re.S).group(0)
    assert card.index(KICKER) < card.index('id="over-title"') < card.index('data-testid="final-score"')
    assert f"No moves left. Game over. Final score {points}." in re.sub(r"\s+", " ", html)  # the live region


def test_no_thanks_at_no_moves_left_ends_with_the_same_words(site):
    game, html = last_move_leaves_nothing_that_fits(site, "/")
    assert game.status == "no_moves" and KICKER not in html  # the Continue card says it itself
    html = site.post(f"/games/{game.pk}/decline/", **HTMX).content.decode()
    assert KICKER in html and "Game over" in html


def test_a_won_challenge_and_a_game_ended_with_pieces_that_fit_do_not_say_it(site):
    game, html = last_move_leaves_nothing_that_fits(site, "/challenges/1/", score=1490)
    assert game.status == "won" and not game.ended_with_no_moves and KICKER not in html
    site.get("/")
    classic = Game.objects.get(mode="classic", status="playing")
    set_position(classic, EMPTY, ("mono", "mono", "mono"))
    Game.objects.filter(pk=classic.pk).update(status="over")
    classic.refresh_from_db()
    assert not classic.ended_with_no_moves
