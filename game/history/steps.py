"""A stored game's events, replayed by the rules engine one :class:`Step` at a time (reads only).

A game replays exactly from its rules, secret seed, start board and events
(docs/rules.md § The fair deal): :func:`start_state` is ``engine.new_game`` for the
stored game, and :func:`game_steps` feeds its :class:`~game.models.GameEvent`
rows (each turned into an engine event by ``GameEvent.as_event``) to
``engine.replay``. Each step carries the row, the state before and after it and
the move's result, so the API replay, the audit (``manage.py verify_deals``) and
the "Was it fair?" page all read the same replay.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from .. import engine
from ..models import Game, GameEvent

__all__ = ["Step", "game_steps", "start_state"]


@dataclass(frozen=True)
class Step:
    """One stored event of a game and what it did.

    :ivar number: the event's index in the replay (0-based; its ``seq`` in a sound game).
    :ivar event: the stored row.
    :ivar before: the engine state before the event (its board, hand, score …).
    :ivar after: the engine state after it.
    :ivar result: the :class:`~game.engine.MoveResult` of a placement; ``None`` for Continue and No thanks.
    """

    number: int
    event: GameEvent
    before: engine.GameState
    after: engine.GameState
    result: engine.MoveResult | None

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
        engine.from_rows(game.start_board_rows),
        dealer=game.dealer,
        client_seed=game.client_seed,
    )


def game_steps(game: Game, events: Iterable[GameEvent] | None = None) -> Iterator[Step]:
    """Replay ``game`` with ``engine.replay``: one :class:`Step` per stored event, in order.

    :param events: the game's event rows in order (default: ``game.events``, ordered by ``seq``).
    :raises ValueError, TypeError: as :func:`start_state`, before the first step.
    :raises EngineError: an event the engine refuses (or a malformed row), when that
        step is reached; the steps before it have been yielded.
    """
    rows = list(game.events.order_by("seq") if events is None else events)
    before = start_state(game)
    replayed = game.replay([row.as_event for row in rows])
    for number, (row, (after, _, result)) in enumerate(zip(rows, replayed)):
        yield Step(number, row, before, after, result)
        before = after
