"""game/engine/deal.py, dealer 2: each piece fits the board as dealt (docs/rules.md § The fair deal).

The central check: 10,000+ dealer-2 hands — self-played games (base and
challenge sets, hands after a Continue) and challenge-style start boards with
the challenge piece sets — each confirmed by the separate brute-force solver of
``brute.py``: every piece has a legal anchor on the board it was dealt on, and
the hand can be placed in full.
"""

import hashlib
import random

import pytest

from game.engine.bitboard import from_rows, has_full_line
from game.engine.deal import CURRENT_DEALER, DEALERS, deal_hand, fair_pieces
from game.engine.errors import InvalidRulesError
from game.engine.game import Status, continue_game, new_game, play, replay
from game.engine.pieces import BASE_SET, PIECES, piece_set
from game.engine.rules import CLASSIC, DAILY, challenge_rules
from game.engine.stream import HmacStream

from .brute import board_cells, greedy_bot, hand_shapes, naive_can_place_all, naive_drop, random_bot, self_play_hands
from .test_deal_pinned import SETS, pinned_random_boards

RULE_MIX = [CLASSIC, DAILY, challenge_rules(10, 10**9), challenge_rules(15, 10**9)]
CROWDED = from_rows(["#######."] * 7 + ["#......."])


def fits_now(filled, shape):
    return any(naive_drop(filled, shape, row, col) is not None for row in range(8) for col in range(8))


def client_seed(game):
    return None if game % 3 == 0 else f"player-{game}"


def challenge_start_hands(count, rng):
    """Hands dealt on random challenge-style start boards (no full line) with the challenge piece sets."""
    hands = []
    game = 0
    while len(hands) < count:
        number = 1 + game % 32
        board = sum(1 << cell for cell in rng.sample(range(64), rng.randint(10, 40)))
        if has_full_line(board):
            continue
        state = new_game(
            challenge_rules(number, 10**9), b"start-%d" % game, board, dealer=2, client_seed=client_seed(game)
        )
        hands.append((board, state.hand))
        if state.status == Status.NO_MOVES:
            state = continue_game(state)
            hands.append((board, state.hand))
        game += 1
    return hands


def test_ten_thousand_dealer_two_hands_fit_as_dealt_and_are_placeable_by_a_separate_brute_force_solver():
    rng = random.Random(20260101)
    hands = challenge_start_hands(1_500, rng)
    game = continued = 0
    while len(hands) < 10_500:
        rules = RULE_MIX[game % len(RULE_MIX)]
        bot = random_bot if game % 2 == 0 else greedy_bot
        dealt = self_play_hands(rules, b"d2-%d" % game, bot, rng, 120, dealer=2, client_seed=client_seed(game))
        continued += len(dealt) > 1 and rules.continues > 0
        hands.extend(dealt)
        game += 1
    assert game >= 100 and continued >= 20
    dense = 0
    for board, hand in hands:
        filled = board_cells(board)
        assert all(fits_now(filled, shape) for shape in hand_shapes(hand)), (board, [p.id for p in hand])
        assert naive_can_place_all(filled, hand_shapes(hand)), (board, [p.id for p in hand])
        dense += board.bit_count() >= 28
    assert dense >= 1_000


def test_each_dealer_two_draw_is_exactly_the_pieces_that_fit_now_and_are_placeable_with_those_drawn():
    rng = random.Random(11)
    boards = [CROWDED]
    for game in range(30):
        boards.extend(
            board for board, _ in self_play_hands(CLASSIC, b"exact2-%d" % game, random_bot, rng, 60, dealer=1)
        )
    rng.shuffle(boards)
    for board in [CROWDED, *boards[:100]]:
        filled = board_cells(board)
        now = [p for p in BASE_SET if fits_now(filled, p.cells)]
        first = rng.choice(now)
        assert fair_pieces(board, BASE_SET, dealer=2) == tuple(now)
        expected = [p.id for p in now if naive_can_place_all(filled, [first.cells, p.cells])]
        assert [p.id for p in fair_pieces(board, BASE_SET, [first], dealer=2)] == expected
    for board in [CROWDED, *[b for b in boards if b.bit_count() >= 30][:25]]:
        filled = board_cells(board)
        first, second = deal_hand(board, BASE_SET, HmacStream(b"exact", None, board % 1000))[:2]
        expected = [
            p.id
            for p in BASE_SET
            if fits_now(filled, p.cells) and naive_can_place_all(filled, [first.cells, second.cells, p.cells])
        ]
        assert [p.id for p in fair_pieces(board, BASE_SET, [first, second], dealer=2)] == expected


def test_on_a_crowded_board_a_later_piece_no_longer_relies_on_a_clear():
    straight = fair_pieces(CROWDED, BASE_SET, dealer=2)
    i5 = next(p for p in BASE_SET if p.id == "I5-v")
    assert len(straight) == 13
    assert len(fair_pieces(CROWDED, BASE_SET, [i5], dealer=1)) == 35  # dealer 1: whatever fits after the clear
    assert fair_pieces(CROWDED, BASE_SET, [i5], dealer=2) == straight


def test_drawn_pieces_from_outside_the_set_are_never_candidates_themselves():
    r6, i5 = PIECES["R6-v"], PIECES["I5-v"]  # R6-v is not in the base set; it fits once I5-v clears rows 0-4
    assert [p.id for p in fair_pieces(CROWDED, BASE_SET, [r6, i5], dealer=2)] == [
        "mono",
        "I2-h",
        "I2-v",
        "I3-h",
        "I3-v",
        "I4-h",
        "I4-v",
        "I5-h",
        "I5-v",
        "V3-nw",
        "L4-270",
        "J4-0",
        "V5-se",
    ]
    assert len(fair_pieces(CROWDED, BASE_SET, [r6, i5], dealer=1)) == 35
    assert fair_pieces(0, BASE_SET, [r6], dealer=2) == BASE_SET


def test_dealer_two_draws_are_uniform_over_the_eligible_pieces_by_chi_square():
    eligible = [p.id for p in fair_pieces(CROWDED, BASE_SET, dealer=2)]
    draws = 13_000
    counts = dict.fromkeys(eligible, 0)
    for i in range(draws):
        hand = deal_hand(CROWDED, BASE_SET, HmacStream(bytes(32), f"c{i}", 0))
        assert {p.id for p in hand} <= counts.keys()  # every slot fits the board as dealt
        counts[hand[0].id] += 1
    expected = draws / len(eligible)
    chi2 = sum((o - expected) ** 2 / expected for o in counts.values())
    assert sum(counts.values()) == draws
    assert chi2 < 32.91, chi2  # chi-square 0.001 critical value for 12 degrees of freedom


def ids(hand):
    return " ".join(piece.id for piece in hand)


def test_dealer_two_gives_the_pinned_hands():
    """Regression guard: computed once from this implementation. Never regenerate: a change
    here means games dealt by dealer 2 no longer replay."""
    assert ids(new_game(CLASSIC, b"block-knock", dealer=2).hand) == "T4-right Z4-h mono"
    assert ids(new_game(CLASSIC, bytes(range(32)), dealer=2, client_seed="lucky 7").hand) == "mono I4-v S4-h"
    assert ids(deal_hand(CROWDED, piece_set(15), HmacStream(b"crowded", "x", 4))) == "I4-h I4-h V5-se"
    hands = [
        ids(deal_hand(board, SETS[name], HmacStream(seed, name, k)))
        for board, name, seed, k in pinned_random_boards(1000)
    ]
    digest = hashlib.sha256("\n".join(hands).encode()).hexdigest()
    assert digest == "f6401227456af9e69abbf9d15bee3f8c918778e625a870c6fe5c19b0d09b2f55"


def test_a_dealer_two_game_replays_exactly_and_dealer_one_stays_the_default():
    state = new_game(CLASSIC, b"replay-2", dealer=2, client_seed="abc")
    rng, events = random.Random(3), []
    while state.status == Status.PLAYING and len(events) < 60:
        move = random_bot(state, rng)
        state, _ = play(state, *move)
        events.append(("move", *move))
    replayed = list(replay(CLASSIC, b"replay-2", 0, events, dealer=2, client_seed="abc"))[-1][0]
    assert replayed == state and (state.dealer, state.client_seed) == (2, "abc")
    assert new_game(CLASSIC, b"replay-2", dealer=1).dealer == 1
    hands = {ids(new_game(CLASSIC, b"replay-2", dealer=2, client_seed=f"s{i}").hand) for i in range(20)}
    assert len(hands) > 10  # the client seed, with the server seed, picks the hands
    assert CURRENT_DEALER == 4 and sorted(DEALERS) == [1, 2, 3, 4]


def test_unknown_dealers_and_bad_client_seeds_are_refused():
    for dealer in (0, 5, True, "2"):
        with pytest.raises(InvalidRulesError):
            new_game(CLASSIC, b"x", dealer=dealer)
        with pytest.raises(InvalidRulesError):
            fair_pieces(0, BASE_SET, dealer=dealer)
    with pytest.raises(InvalidRulesError):
        new_game(CLASSIC, b"x", client_seed="abc", dealer=1)  # dealer 1 has no client seed
    for bad in ("", "x" * 65, "tab\there", "ü", b"bytes"):
        with pytest.raises(ValueError, match="a client seed is 1-64 printable ASCII characters"):
            new_game(CLASSIC, b"x", dealer=2, client_seed=bad)
    assert new_game(CLASSIC, b"x", dealer=2, client_seed="~" * 64).client_seed == "~" * 64


def test_dealer_three_deals_the_first_hand_from_the_server_seed_alone_and_mixes_in_the_client_seed_after():
    firsts = {ids(new_game(DAILY, b"day seed", dealer=3, client_seed=f"s{i}").hand) for i in range(20)}
    assert firsts == {ids(new_game(DAILY, b"day seed", dealer=2).hand)}  # dealer 2 without a client seed, deal 0
    seconds = set()
    for i in range(20):
        state = new_game(DAILY, b"day seed", dealer=3, client_seed=f"s{i}")
        rng = random.Random(i)
        while state.deals == 1:
            state = play(state, *random_bot(state, rng))[0]
        assert state.deals == 2
        seconds.add(ids(state.hand))
    assert len(seconds) > 10  # from deal 1 on, the player's seed picks the hands
    with pytest.raises(ValueError, match="a client seed is"):
        new_game(DAILY, b"day seed", dealer=3, client_seed="tab\there")  # checked for deal 0 too
