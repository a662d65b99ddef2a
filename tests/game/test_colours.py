"""The colour board of a game (Game.colours, API ``colours``) and the hand's ``fits``."""

import importlib

from blockknock.accounts.services import guest_create
from game import engine, services
from game.models import Game
from tests.helpers import EMPTY, hands_of, log_in_new_guest, set_position

from .conftest import SERVER_SEED

migration = importlib.import_module("game.migrations.0007_game_colours")

TWO_ROWS_OPEN_AT_RIGHT = [
    "######..",
    "######..",
    "........",
    "........",
    "........",
    "........",
    "........",
    ".......#",
]
# every 2x2 square holds a filled cell, yet no row or column is full
NO_ROOM_FOR_A_SQUARE = ["#.#.#.#.", "........"] * 4


def post_move(api, game, slot, row, col):
    return api.post(
        f"/api/games/{game.pk}/moves/", {"slot": slot, "row": row, "col": col, "move_number": game.moves}, format="json"
    )


def test_a_placed_piece_keeps_its_family_key_and_a_read_gives_it_again(api, classic):
    set_position(classic, ["#.......", *EMPTY[1:]], ("T4-down", "mono", "L4-0"))
    game = post_move(api, classic, 0, 2, 3).json()["game"]
    assert game["colours"] == ["#.......", "........", "...ttt..", "....t...", *EMPTY[4:]]
    assert game["board"] == ["#.......", "........", "...###..", "....#...", *EMPTY[4:]]
    assert api.get(f"/api/games/{classic.pk}/").json()["colours"] == game["colours"]
    classic.refresh_from_db()
    assert classic.colours == "#" + "." * 18 + "ttt" + "." * 6 + "t" + "." * 35


def test_cells_cleared_by_lines_are_cleared_in_the_colour_board(api, classic):
    set_position(classic, TWO_ROWS_OPEN_AT_RIGHT, ("O4", "mono", "mono"), combo=2, moves_left=2)
    game = post_move(api, classic, 0, 0, 6).json()["game"]
    assert game["colours"] == [*EMPTY[:7], ".......#"]


def test_the_hand_says_which_pieces_fit_somewhere_now(api, classic):
    set_position(classic, NO_ROOM_FOR_A_SQUARE, ("O4", "mono", "I2-h"), used=(False, False, True))
    hand = api.get(f"/api/games/{classic.pk}/").json()["hand"]
    assert [(slot["piece"], slot["fits"]) for slot in hand] == [("O4", False), ("mono", True), ("I2-h", False)]


def test_the_migration_derives_a_played_game_s_colours_from_its_events(db, fixed_seeds):
    # fixed seeds: the same game every run (with random ones the first-legal-move player now and then
    # cleared no line in its 60 moves, and the test could not say anything). The player is made after
    # them: a new player draws its next game's seed at once (game/seeds.py), and one made by a fixture
    # set up before fixed_seeds played a random game.
    player = guest_create()
    game = services.game_start(player=player, mode="classic")
    assert game.seed == SERVER_SEED.hex()
    lines = 0
    while game.status == "playing" and game.moves < 60:
        slot, row, col = next(engine.legal_moves(game.state))
        game, result = services.move_place(
            player=player, game_id=game.pk, slot=slot, row=row, col=col, move_number=game.moves
        )
        lines += result.lines
    assert lines > 0, "the game should have cleared lines for this test to mean something"
    events = [(*event, None, None, None)[:4] for event in game.events]
    start = "".join(game.start_board_rows)
    assert migration.derived_colours(start, game.board, hands_of(game), events) == game.colours
    assert set(game.colours) - set(".#") and "#" not in game.colours


def test_the_migration_marks_filled_cells_neutral_when_the_events_do_not_replay(player):
    game = services.game_start(player=player, mode="classic")
    board = "#" * 7 + "." * 57
    start = "".join(game.start_board_rows)
    assert migration.derived_colours(start, board, hands_of(game), [("move", 0, 9, 9)]) == board
    assert Game.objects.get(pk=game.pk).colours == "." * 64


def test_the_page_colours_filled_cells_and_marks_a_piece_that_fits_nowhere(client, db):
    log_in_new_guest(client)
    client.get("/")
    game = Game.objects.get()
    set_position(game, NO_ROOM_FOR_A_SQUARE, ("O4", "mono", "O9"))
    html = client.get("/").content.decode()
    assert html.count('data-c="#"') == 16
    assert html.count('aria-disabled="true"') == 2
    assert 'data-slot="0" data-piece="O4" data-c="o"' in html
    assert html.count("Doesn’t fit anywhere now") == 2
