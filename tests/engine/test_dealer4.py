"""game/engine, dealer 4: dealer 2's rule, its stream keyed by the game's label too (docs/fair-deal.md).

Challenges 1 and 2 start empty with the base set, like Classic: only the label read by every deal
tells them apart, so a game shown under another label re-deals differently from its first hand.
"""

import hashlib
import hmac
import random

import pytest

from game.engine.deal import DEALERS, deal_hand, deal_label
from game.engine.game import Status, continue_game, new_game, play, replay
from game.engine.pieces import BASE_SET
from game.engine.rules import CLASSIC, PRACTICE, challenge_rules
from game.engine.stream import LabelledStream

from .brute import random_bot

SEED = hashlib.sha256(b"block knock vector 1").digest()


def ids(hand):
    return " ".join(piece.id for piece in hand)


def test_the_labels_are_the_mode_and_a_challenges_number_and_version():
    assert deal_label("classic") == "classic"
    assert deal_label("practice") == "practice"
    assert deal_label("daily") == "daily"
    assert deal_label("challenge", 1, 1) == "challenge 1 version 1"
    assert deal_label("challenge", 32, 12) == "challenge 32 version 12"
    for mode, number, version in (
        ("challenge", 1, None),
        ("challenge", None, 1),
        ("classic", 1, 1),
        ("challenge", 0, 1),
    ):
        with pytest.raises(ValueError, match="no deal label for mode"):
            deal_label(mode, number, version)


def test_a_block_is_hmac_of_label_client_seed_deal_and_index():
    stream = LabelledStream(SEED, "abc", 3, "challenge 1 version 1")
    expected = b"".join(hmac.digest(SEED, f"challenge 1 version 1:abc:3:{i}".encode(), "sha256") for i in (0, 1))
    assert stream.read(64) == expected
    assert LabelledStream(SEED, None, 0, "classic").read(32) == hmac.digest(SEED, b"classic::0:0", "sha256")


def test_each_label_deals_its_own_first_hand_from_the_same_seeds():
    hands = {
        label: ids(new_game(CLASSIC, SEED, dealer=4, client_seed="abc", label=label).hand)
        for label in ("classic", "practice", "challenge 1 version 1", "challenge 2 version 1", "challenge 1 version 2")
    }
    assert hands == {
        "classic": "J4-0 J4-0 S4-h",
        "practice": "I5-h I2-v S4-h",
        "challenge 1 version 1": "V3-ne T4-down V5-se",
        "challenge 2 version 1": "O9 L4-0 S4-h",
        "challenge 1 version 2": "L4-0 I5-h J4-270",
    }
    assert ids(new_game(CLASSIC, SEED, dealer=2, client_seed="abc").hand) == "I4-h Z4-v I2-h"


def test_a_label_is_required_and_never_holds_a_colon():
    for bad in ("", "classic:x", "x" * 65, "tab\there"):
        with pytest.raises(ValueError, match="a deal label is 1-64 printable ASCII characters but ':'"):
            new_game(CLASSIC, SEED, dealer=4, client_seed="abc", label=bad)
    assert DEALERS[4].labelled and not any(DEALERS[v].labelled for v in (1, 2, 3))
    assert ids(new_game(CLASSIC, SEED, dealer=2, client_seed="abc", label="classic").hand) == "I4-h Z4-v I2-h"


def test_every_later_deal_and_a_continue_read_the_label_and_the_game_replays_exactly():
    rules = challenge_rules(1, 10**9)
    label = deal_label("challenge", 1, 1)
    state, rng, events = new_game(rules, SEED, dealer=4, client_seed="abc", label=label), random.Random(4), []
    hands = [state.hand]  # each deal's hand, by k
    while not state.is_finished:
        if state.status == Status.NO_MOVES:
            state, event = continue_game(state), ("continue",)
        else:
            move = random_bot(state, rng)
            state, event = play(state, *move)[0], ("move", *move)
        events.append(event)
        if state.deals > len(hands):
            hands.append(state.hand)
    assert ("continue",) in events and state.deals == len(hands) > 3 and state.label == label
    replayed = list(replay(rules, SEED, 0, events, dealer=4, client_seed="abc", label=label))[-1][0]
    assert replayed == state


def test_practice_and_classic_stream_from_their_own_labels():
    practice = new_game(PRACTICE, SEED, dealer=4, client_seed="abc", label="practice")
    assert ids(practice.hand) == ids(deal_hand(0, BASE_SET, LabelledStream(SEED, "abc", 0, "practice")))
    assert ids(practice.hand) != ids(new_game(CLASSIC, SEED, dealer=4, client_seed="abc", label="classic").hand)
