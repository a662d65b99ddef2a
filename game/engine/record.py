"""A game's moves as a compact log: one byte per event (docs/record.md).

A game is fully determined by its rules version, dealer version, seeds, start and
its events, so its events are all it stores of its history. Each event is one
byte, appended as it is played:

- a placement ``(slot, row, col)`` is ``slot × 64 + row × 8 + col``: 0–191
  (the anchor cell's index ``row × 8 + col`` in the slot's block of 64);
- a Continue is :data:`CONTINUE` (192), a No thanks :data:`DECLINE` (193).

Every other byte value is refused.

>>> log = encode([("move", 0, 0, 0), ("move", 2, 7, 7), ("continue",), ("move", (1, 3, 4)), "decline"])
>>> log.hex(), decode(log)
('00bfc05cc1', [('move', 0, 0, 0), ('move', 2, 7, 7), ('continue',), ('move', 1, 3, 4), ('decline',)])
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any

from .bitboard import SIZE
from .errors import InvalidMoveError
from .game import Event, check_move, parse_event

__all__ = ["CONTINUE", "DECLINE", "code_of", "decode", "encode", "event_of", "events_of"]

ANCHORS = SIZE * SIZE
"""Anchor cells of a slot: the codes of slot ``s`` are ``s × 64 … s × 64 + 63``."""

CONTINUE = 3 * ANCHORS
"""The code of a Continue (192)."""

DECLINE = CONTINUE + 1
"""The code of a No thanks (193)."""


def code_of(event: Event) -> int:
    """The byte of one event (an engine event, as :func:`~game.engine.game.apply_event` takes).

    >>> code_of(("move", 1, 2, 3)), code_of("continue"), code_of(("decline",))
    (83, 192, 193)

    :raises InvalidMoveError: an unknown or malformed event, or a slot, row or column out of range.
    """
    kind, args = parse_event(event)
    if kind == "move" and len(args) == 3:
        slot, row, col = args
        check_move(slot, row, col)
        return int(slot * ANCHORS + row * SIZE + col)
    if kind == "continue" and not args:
        return CONTINUE
    if kind == "decline" and not args:
        return DECLINE
    raise InvalidMoveError(f"unknown event {event!r}")


def event_of(code: int) -> tuple[Any, ...]:
    """The engine event of one byte.

    >>> event_of(83), event_of(192), event_of(193)
    (('move', 1, 2, 3), ('continue',), ('decline',))

    :raises InvalidMoveError: a byte that is no event (194–255).
    """
    if 0 <= code < CONTINUE:
        slot, anchor = divmod(code, ANCHORS)
        return ("move", slot, *divmod(anchor, SIZE))
    if code == CONTINUE:
        return ("continue",)
    if code == DECLINE:
        return ("decline",)
    raise InvalidMoveError(f"byte {code!r} is no event")


def encode(events: Iterable[Event]) -> bytes:
    """The log of ``events``, in order (see :func:`code_of`)."""
    return bytes(code_of(event) for event in events)


def events_of(log: bytes | bytearray | memoryview) -> Iterator[tuple[Any, ...]]:
    """The engine events of a log, in order, one at a time (a replay stops at a byte that is no event).

    :raises InvalidMoveError: a byte that is no event, when it is reached.
    """
    return (event_of(code) for code in bytes(log))


def decode(log: bytes | bytearray | memoryview) -> list[tuple[Any, ...]]:
    """The engine events of a log, in order (see :func:`event_of`).

    :raises InvalidMoveError: a byte that is no event.
    """
    return list(events_of(log))
