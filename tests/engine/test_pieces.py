"""game/engine/pieces.py: the 50 shapes, their ids and the piece sets (docs/rules.md § Pieces)."""

import pytest

from game.engine.errors import InvalidRulesError
from game.engine.pieces import BASE_SET, PIECES, Piece, piece_set

# Transcribed by hand from docs/fair-deal.md § Board and pieces (id -> shape rows, '/' between rows).
CONTRACT_SHAPES = {
    "mono": "#",
    "I2-h": "##",
    "I2-v": "#/#",
    "I3-h": "###",
    "I3-v": "#/#/#",
    "I4-h": "####",
    "I4-v": "#/#/#/#",
    "I5-h": "#####",
    "I5-v": "#/#/#/#/#",
    "V3-nw": ".#/##",
    "V3-ne": "#./##",
    "V3-sw": "##/.#",
    "V3-se": "##/#.",
    "O4": "##/##",
    "L4-0": "#./#./##",
    "L4-90": "###/#..",
    "L4-180": "##/.#/.#",
    "L4-270": "..#/###",
    "J4-0": ".#/.#/##",
    "J4-90": "#../###",
    "J4-180": "##/#./#.",
    "J4-270": "###/..#",
    "T4-down": "###/.#.",
    "T4-up": ".#./###",
    "T4-right": "#./##/#.",
    "T4-left": ".#/##/.#",
    "S4-h": ".##/##.",
    "S4-v": "#./##/.#",
    "Z4-h": "##./.##",
    "Z4-v": ".#/##/#.",
    "V5-nw": "###/#../#..",
    "V5-ne": "###/..#/..#",
    "V5-sw": "#../#../###",
    "V5-se": "..#/..#/###",
    "O9": "###/###/###",
    "R6-h": "###/###",
    "R6-v": "##/##/##",
    "D2-a": "#./.#",
    "D2-b": ".#/#.",
    "D3-a": "#../.#./..#",
    "D3-b": "..#/.#./#..",
    "X5": ".#./###/.#.",
    "T5-down": "###/.#./.#.",
    "T5-up": ".#./.#./###",
    "T5-right": "#../###/#..",
    "T5-left": "..#/###/..#",
    "U5-up": "#.#/###",
    "U5-down": "###/#.#",
    "U5-right": "##/#./##",
    "U5-left": "##/.#/##",
}

CONTRACT_FAMILIES = {
    "V3": {"V3-nw", "V3-ne", "V3-sw", "V3-se"},
    "L4": {"L4-0", "L4-90", "L4-180", "L4-270", "J4-0", "J4-90", "J4-180", "J4-270"},
    "S4": {"S4-h", "S4-v", "Z4-h", "Z4-v"},
    "R6": {"R6-h", "R6-v"},
    "D2": {"D2-a", "D2-b"},
    "D3": {"D3-a", "D3-b"},
}

# docs/rules.md § Pieces, base set table: family -> (cells, versions).
BASE_FAMILIES = {
    "mono": (1, 1),
    "I2": (2, 2),
    "I3": (3, 2),
    "I4": (4, 2),
    "I5": (5, 2),
    "V3": (3, 4),
    "O4": (4, 1),
    "L4": (4, 8),
    "T4": (4, 4),
    "S4": (4, 4),
    "V5": (5, 4),
    "O9": (9, 1),
}


def cells_of(shape):
    return {(r, c) for r, line in enumerate(shape.split("/")) for c, ch in enumerate(line) if ch == "#"}


def test_the_base_set_has_35_pieces():
    assert len(BASE_SET) == 35
    assert piece_set() == piece_set(None) == BASE_SET


@pytest.mark.parametrize(
    ("challenge", "count"),
    [(1, 35), (5, 35), (6, 37), (9, 37), (10, 41), (14, 41), (15, 50), (30, 50)],
)
def test_challenge_sets_have_37_from_6_41_from_10_and_50_from_15(challenge, count):
    assert len(piece_set(challenge)) == count


def test_there_are_50_pieces_with_unique_ids_in_every_set():
    assert len(PIECES) == 50
    for challenge in (None, 6, 10, 15):
        ids = [piece.id for piece in piece_set(challenge)]
        assert len(ids) == len(set(ids))
    assert set(PIECES) == set(CONTRACT_SHAPES)


@pytest.mark.parametrize("piece_id", sorted(CONTRACT_SHAPES))
def test_every_contract_id_has_exactly_its_shape(piece_id):
    piece = PIECES[piece_id]
    assert piece.id == piece_id
    assert piece.shape == CONTRACT_SHAPES[piece_id]
    assert set(piece.cells) == cells_of(CONTRACT_SHAPES[piece_id])
    assert piece.size == len(piece.cells)
    rows = CONTRACT_SHAPES[piece_id].split("/")
    assert (piece.height, piece.width) == (len(rows), len(rows[0]))
    assert piece.mask == sum(1 << (r * 8 + c) for r, c in piece.cells)


def test_families_group_turned_and_mirrored_versions():
    for family, ids in CONTRACT_FAMILIES.items():
        assert {p.id for p in PIECES.values() if p.family == family} == ids
    for family, (size, versions) in BASE_FAMILIES.items():
        members = [p for p in BASE_SET if p.family == family]
        assert len(members) == versions, family
        assert {p.size for p in members} == {size}, family


def test_the_base_set_is_the_35_base_family_pieces_and_additions_join_by_number():
    assert {p.family for p in BASE_SET} == set(BASE_FAMILIES)
    assert {p.id for p in piece_set(6)} - {p.id for p in BASE_SET} == {"R6-h", "R6-v"}
    assert {p.id for p in piece_set(10)} - {p.id for p in piece_set(9)} == {"D2-a", "D2-b", "D3-a", "D3-b"}
    added = {p.id for p in piece_set(15)} - {p.id for p in piece_set(14)}
    assert added == {
        "X5",
        "T5-down",
        "T5-up",
        "T5-right",
        "T5-left",
        "U5-up",
        "U5-down",
        "U5-right",
        "U5-left",
    }


def test_no_two_pieces_share_a_shape():
    shapes = [piece.cells for piece in PIECES.values()]
    assert len(shapes) == len(set(shapes))


def test_the_anchor_is_the_top_left_of_the_bounding_box_even_when_empty():
    for piece in PIECES.values():
        assert min(r for r, _ in piece.cells) == 0
        assert min(c for _, c in piece.cells) == 0
    assert (0, 0) not in PIECES["J4-0"].cells
    assert (0, 0) not in PIECES["V3-nw"].cells


def test_placement_tables_list_every_on_board_anchor_with_its_mask():
    for piece in PIECES.values():
        expected = [
            (r * 8 + c, sum(1 << ((r + dr) * 8 + c + dc) for dr, dc in piece.cells))
            for r in range(9 - piece.height)
            for c in range(9 - piece.width)
        ]
        assert list(piece.placements) == expected
        assert piece.anchor_mask == sum(1 << index for index, _ in expected)


def test_pieces_compare_and_hash_by_their_shape_fields():
    again = Piece.from_shape("O4", "O4", "##/##")
    assert again == PIECES["O4"]
    assert hash(again) == hash(PIECES["O4"])


@pytest.mark.parametrize("shape", ["", "#./#", "#x", "..../.#.."])
def test_a_malformed_shape_is_refused(shape):
    with pytest.raises(ValueError, match=r"piece 'bad'( has no cells|: bad shape text| cells .* are not anchored)"):
        Piece.from_shape("bad", "bad", shape)


def test_inconsistent_piece_fields_are_refused():
    with pytest.raises(ValueError, match=r"mask 1 does not match cells \(\(0, 0\), \(0, 1\)\)"):
        Piece("bad", "bad", ((0, 0), (0, 1)), 0b1, 1, 2)
    with pytest.raises(ValueError, match=r"cells \(\(1, 1\),\) are not anchored at the top-left"):
        Piece("bad", "bad", ((1, 1),), 1 << 9, 2, 2)


@pytest.mark.parametrize("challenge", [0, -3, "6", 2.0, True])
def test_piece_set_refuses_a_challenge_number_below_one_or_not_an_int(challenge):
    with pytest.raises(InvalidRulesError):
        piece_set(challenge)
