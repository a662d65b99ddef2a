"""game/engine/record.py: a game's events as one byte each (docs/record.md § The event log)."""

import pytest

from game.engine import InvalidMoveError, decode, encode, events_of
from game.engine.record import CONTINUE, DECLINE, code_of, event_of


def test_the_codes_are_slot_times_64_plus_the_anchor_then_continue_and_no_thanks():
    assert [code_of(("move", 0, 0, 0)), code_of(("move", 1, 3, 4)), code_of(("move", 2, 7, 7))] == [0, 92, 191]
    assert (CONTINUE, DECLINE, code_of(("continue",)), code_of("decline")) == (192, 193, 192, 193)


def test_the_documented_example_logs():
    events = [("move", 0, 0, 0), ("move", 1, 2, 2), ("move", 2, 4, 4), ("continue",), ("move", 0, 0, 1)]
    assert encode(events).hex() == "0052a4c001"
    assert decode(bytes.fromhex("0052a4c001")) == events
    assert decode(b"") == []


def test_every_event_round_trips_and_every_other_byte_is_refused():
    assert [code_of(event_of(code)) for code in range(194)] == list(range(194))
    for code in range(194, 256):
        with pytest.raises(InvalidMoveError, match=f"byte {code} is no event"):
            event_of(code)


@pytest.mark.parametrize(
    "event", [("move", 3, 0, 0), ("move", 0, 8, 0), ("move", 0, 0, -1), ("move", 0, 0), ("jump",), ("continue", 1)]
)
def test_a_malformed_event_has_no_byte(event):
    with pytest.raises(InvalidMoveError):
        code_of(event)


def test_a_log_is_read_one_event_at_a_time_up_to_a_byte_that_is_no_event():
    read = events_of(bytes([5, 192, 250, 7]))
    assert (next(read), next(read)) == (("move", 0, 0, 5), ("continue",))
    with pytest.raises(InvalidMoveError):
        next(read)
