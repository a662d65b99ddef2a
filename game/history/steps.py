"""A stored game's record, replayed by the rules engine one :class:`Step` at a time (reads only).

A game replays exactly from its rules, secret seed, start board and events
(docs/rules.md § The fair deal): :func:`start_state` is ``engine.new_game`` for the
stored game, and :func:`game_steps` feeds the events of its record (docs/record.md,
one byte each) to ``engine.replay``. Each step carries the event, the state before and after it and
the move's result, so the API replay, the audit (``manage.py verify_deals``) and
the "Was it fair?" page all read the same replay.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from .. import engine
from ..models import Game

__all__ = ["Step", "game_steps", "start_state"]


@dataclass(frozen=True)
class Step:
    """One recorded event of a game and what it did.

    :ivar number: the event's index in the record (0-based).
    :ivar event: the engine event: ``("move", slot, row, col)``, ``("continue",)`` or ``("decline",)``.
    :ivar before: the engine state before the event (its board, hand, score …).
    :ivar after: the engine state after it.
    :ivar result: the :class:`~game.engine.MoveResult` of a placement; ``None`` for Continue and No thanks.
    """

    number: int
    event: tuple
    before: engine.GameState
    after: engine.GameState
    result: engine.MoveResult | None

    @property
    def kind(self) -> str:
        """``"move"``, ``"continue"`` or ``"decline"``."""
        return self.event[0]

    @property
    def move(self) -> engine.Move | None:
        """The placement ``(slot, row, col)``; ``None`` for Continue and No thanks."""
        return (self.event[1], self.event[2], self.event[3]) if self.kind == "move" else None

    @property
    def hand(self) -> engine.Hand:
        """The hand before the event, by slot."""
        return self.before.hand

    @property
    def deal(self) -> int:
        """The deal index ``k`` of that hand (0 = the first hand)."""
        return self.before.deals - 1

    @property
    def dealt(self) -> bool:
        """Whether the event dealt a new hand, deal ``deal + 1`` (the hand's last piece placed, or a Continue)."""
        return self.after.deals > self.before.deals


def start_state(game: Game) -> engine.GameState:
    """The state before ``game``'s first event: ``engine.new_game`` from its rules, seeds, dealer and start board.

    :raises ValueError: the stored seed is not hex or the start board is not a board
        (:class:`~game.engine.InvalidBoardError`).
    :raises TypeError: the stored rules or seed are not what the engine takes.
    """
    return engine.new_game(
        game.rules,
        bytes.fromhex(game.seed),
        game.start,
        dealer=game.dealer,
        client_seed=game.client_seed,
        label=game.deal_label,
    )


def game_steps(game: Game, events: Iterable[tuple] | None = None) -> Iterator[Step]:
    """Replay ``game`` with ``engine.replay``: one :class:`Step` per recorded event, in order.

    :param events: engine events in order (default: the game's record, decoded as the replay reaches each byte).
    :raises ValueError, TypeError: as :func:`start_state`, before the first step.
    :raises EngineError: a byte of the record that is no event, or an event the engine refuses, when that
        step is reached; the steps before it have been yielded.
    """
    before = start_state(game)
    recorded = engine.events_of(game.record) if events is None else events
    for number, (after, event, result) in enumerate(game.replay(recorded)):
        yield Step(number, event, before, after, result)
        before = after
