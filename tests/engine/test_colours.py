"""The colour board (game.engine.colours): placed cells keep their piece family's key, cleared cells empty."""

from game.engine import PIECES, from_rows, place
from game.engine.colours import FAMILY_KEYS, key_of, paint

EMPTY_COLOURS = "." * 64


def test_every_family_has_its_own_one_character_key():
    assert set(FAMILY_KEYS) == {piece.family for piece in PIECES.values()}
    assert len(set(FAMILY_KEYS.values())) == len(FAMILY_KEYS) == 18
    assert all(len(key) == 1 and key not in ".#" for key in FAMILY_KEYS.values())


def test_a_start_board_is_neutral():
    start = from_rows(["#......."] + ["........"] * 6 + [".......#"])
    assert paint("", start, None) == "#" + "." * 62 + "#"


def test_a_placed_piece_paints_its_cells_with_its_family_key():
    piece = PIECES["T4-down"]
    board = place(0, piece, 2, 3).board
    colours = paint(EMPTY_COLOURS, board, piece)
    assert [colours[r * 8 : (r + 1) * 8] for r in (2, 3)] == ["...ttt..", "....t..."]
    assert colours.count(".") == 60


def test_earlier_cells_keep_their_colour_and_cleared_cells_are_emptied():
    # row 0 holds a start cell at (0, 0) and an I4 at (0, 1)-(0, 4); an O4 at (0, 5) leaves
    # (0, 7) open; then an I2-v at (0, 7) fills row 0: it clears, the I2's lower cell stays.
    i4, o4, i2 = PIECES["I4-h"], PIECES["O4"], PIECES["I2-v"]
    board = from_rows(["#......."] + ["........"] * 7)
    colours = paint("", board, None)
    for piece, col in ((i4, 1), (o4, 5)):
        board = place(board, piece, 0, col).board
        colours = paint(colours, board, piece)
    assert colours[:16] == "#4444oo......oo."
    board = place(board, i2, 0, 7).board
    colours = paint(colours, board, i2)
    assert colours[:16] == ".............oo2"
    assert key_of(i2) == "2" and key_of(o4) == "o"
