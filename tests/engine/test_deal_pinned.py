"""game/engine/deal.py: the deal gives exactly the hands it gave before the speed work.

Stored games replay from their seed and events, so for the same (board, piece
set, stream) the deal must give the same three ids for ever. These pins were
computed once with the engine as it was *before* the deal was optimised:

- ``data/deals_pinned.json``: 420 deals with their boards stored literally —
  boards from self-play (random and greedy bots) with the base set and the
  challenge sets, random boards of density 30–86 %, and odd inputs (boards with
  full lines, a full board, piece sets reordered, doubled, or with no monomino);
- two hashes over deals whose inputs are rebuilt here from ``random.Random``'s
  ``getrandbits`` (stable across Python versions): 2,000 deals on random boards,
  and every hand of 40 games played by two fixed move-pickers.

Never regenerate these values: a change here means stored games no longer replay.
"""

import hashlib
import json
import random
from pathlib import Path

import pytest

from game.engine.bitboard import has_full_line
from game.engine.deal import deal_hand
from game.engine.game import Status, continue_game, legal_moves, new_game, play
from game.engine.pieces import BASE_SET, PIECES, piece_set
from game.engine.rules import CLASSIC, challenge_rules
from game.engine.stream import DealStream

PINNED = json.loads((Path(__file__).parent / "data" / "deals_pinned.json").read_text())

SETS = {
    "base": BASE_SET,
    "c6": piece_set(6),
    "c10": piece_set(10),
    "c15": piece_set(15),
    "reversed": tuple(reversed(piece_set(15))),
    "doubled": BASE_SET + BASE_SET[:5],
    "squares": (PIECES["O4"], PIECES["O9"]),
    "bars": tuple(PIECES[i] for i in ("I5-h", "I5-v", "I4-h", "O9", "V5-se")),
}

RANDOM_BOARDS_SHA256 = "3ba29c055489ae396da7cd1cac188eb5a161037551d9d09c45a39c311882b294"
GAMES_SHA256 = "628c96997b937051afcffac2beabfdf5a5570095b055ed89e5e7b25374d34b49"


def ids(hand):
    return " ".join(piece.id for piece in hand)


def sha256_lines(lines):
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()


def pinned_random_boards(count=2000):
    """``(board, set name, seed, k)`` rebuilt from ``getrandbits`` only: 19–48 filled cells, no full line."""
    names = ("base", "base", "c6", "c10", "c15")
    for i in range(count):
        rng = random.Random(i)
        filled = 19 + rng.getrandbits(8) % 30
        board = 0
        for _ in range(400):
            grown = board | 1 << rng.getrandbits(6)
            if not has_full_line(grown):
                board = grown
            if board.bit_count() == filled:
                break
        yield board, names[i % len(names)], b"pinned-%d" % i, i % 5


def first_move(state):
    return next(legal_moves(state))


def last_move(state):
    return list(legal_moves(state))[-1]


def pinned_game_hands():
    """Every hand dealt in 40 games played by two fixed move-pickers (150 moves at most each)."""
    for game in range(40):
        rules = CLASSIC if game % 4 < 2 else challenge_rules(15, 10**9)
        pick = first_move if game % 2 == 0 else last_move
        state = new_game(rules, b"pinned-game-%d" % game, dealer=1)
        yield ids(state.hand)
        for _ in range(150):
            if state.status == Status.NO_MOVES:
                state = continue_game(state)
                yield ids(state.hand)
                continue
            if state.status != Status.PLAYING:
                break
            deals = state.deals
            state, _ = play(state, *pick(state))
            if state.deals != deals:
                yield ids(state.hand)


def test_the_fixture_is_the_one_recorded():
    assert len(PINNED["deals"]) == 420
    assert sha256_lines(entry[4] for entry in PINNED["deals"]) == PINNED["sha256"]


@pytest.mark.parametrize("chunk", range(6))
def test_the_deal_gives_the_pinned_hands_on_recorded_boards(chunk):
    entries = PINNED["deals"][chunk * 70 : (chunk + 1) * 70]
    for board_hex, set_name, seed_hex, k, expected in entries:
        hand = deal_hand(int(board_hex, 16), SETS[set_name], DealStream(bytes.fromhex(seed_hex), k))
        assert ids(hand) == expected, (board_hex, set_name, seed_hex, k)


def test_the_deal_gives_the_pinned_hands_on_two_thousand_random_boards():
    hands = [ids(deal_hand(board, SETS[name], DealStream(seed, k))) for board, name, seed, k in pinned_random_boards()]
    assert sha256_lines(hands) == RANDOM_BOARDS_SHA256


def test_self_played_games_deal_the_pinned_hands():
    assert sha256_lines(pinned_game_hands()) == GAMES_SHA256
