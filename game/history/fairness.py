"""'Was it fair?': for each hand a game was dealt, one order and placement that places all three (reads only).

docs/rules.md § The fair deal promises that every hand can be placed in full. For an
ended game this selector replays the game from its seed, start board and events
(:func:`~game.history.steps.game_steps`, as the audit does), takes the board each
hand was dealt on, and asks the engine's solver for a witness
(:func:`game.engine.witness`): which piece first, where, then the next, line
clears applied between. Each step comes with the board after it, as text rows
and as a grid of cell states for drawing:

- ``""`` empty, ``"filled"`` filled before this step,
- ``"placed"`` a cell of the piece just placed that stays,
- ``"cleared"`` a cell removed by the lines this step completed (the piece's or the board's).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from .. import engine
from ..models import Game, piece_view
from .steps import game_steps, start_state

__all__ = ["HandProof", "WitnessStep", "game_fairness"]

EMPTY, FILLED, PLACED, CLEARED = "", "filled", "placed", "cleared"
"""Cell states of the drawn boards (also the CSS modifiers in static/css/fairness.css)."""


@dataclass(frozen=True)
class WitnessStep:
    """One placement of a witness.

    :ivar slot: the hand slot (0–2) of the piece placed.
    :ivar piece: its id.
    :ivar row: the anchor row.
    :ivar col: the anchor column.
    :ivar lines: rows and columns this placement completed (and cleared).
    :ivar board: the board after it, 8 text rows (``#`` filled).
    :ivar grid: 8 rows of 8 cell states (see the module docstring).
    """

    slot: int
    piece: str
    row: int
    col: int
    lines: int
    board: list[str]
    grid: list[list[str]]


@dataclass(frozen=True)
class HandProof:
    """One dealt hand and a witness that all three of its pieces fit.

    :ivar deal: the deal index ``k`` (0 = the first hand).
    :ivar board: the board the hand was dealt on, 8 text rows.
    :ivar grid: that board as cell states.
    :ivar pieces: the three piece ids by slot.
    :ivar shapes: the three pieces as :func:`~game.models.piece_view` dicts plus ``"rows"``,
        their shape as rows of booleans (for drawing).
    :ivar steps: the witness, three :class:`WitnessStep`; empty if the engine found
        none (only possible on a board where no hand fits, which the rules rule out).
    """

    deal: int
    board: list[str]
    grid: list[list[str]]
    pieces: list[str]
    shapes: list[dict]
    steps: tuple[WitnessStep, ...]


def _grid(
    before: engine.Bitboard, placed: engine.Bitboard = 0, after: engine.Bitboard | None = None
) -> list[list[str]]:
    after = before | placed if after is None else after
    grid = []
    for r in range(engine.SIZE):
        row = []
        for c in range(engine.SIZE):
            cell = engine.bit(r, c)
            if after & cell:
                row.append(PLACED if placed & cell else FILLED)
            elif (before | placed) & cell:
                row.append(CLEARED)
            else:
                row.append(EMPTY)
        grid.append(row)
    return grid


def _shape(slot: int, piece: engine.Piece) -> dict:
    view = piece_view(slot, piece.id, False)
    filled = set(piece.cells)
    view["rows"] = [[(r, c) in filled for c in range(piece.width)] for r in range(piece.height)]
    return view


def _proof(deal: int, board: engine.Bitboard, hand: tuple[engine.Piece, ...]) -> HandProof:
    steps = []
    found = engine.witness(board, hand) or ()
    current = board
    for slot, row, col in found:
        piece = hand[slot]
        placement = engine.place(current, piece, row, col)
        placed = piece.mask << (row * engine.SIZE + col)
        steps.append(
            WitnessStep(
                slot=slot,
                piece=piece.id,
                row=row,
                col=col,
                lines=placement.lines,
                board=engine.to_rows(placement.board),
                grid=_grid(current, placed, placement.board),
            )
        )
        current = placement.board
    return HandProof(
        deal=deal,
        board=engine.to_rows(board),
        grid=_grid(board),
        pieces=[piece.id for piece in hand],
        shapes=[_shape(slot, piece) for slot, piece in enumerate(hand)],
        steps=tuple(steps),
    )


def _dealt(game: Game, last: int) -> Iterator[tuple[int, engine.Bitboard, tuple[engine.Piece, ...]]]:
    """``(deal index, board it was dealt on, hand)`` for deals ``0 .. last``, by replaying the game."""
    start = start_state(game)
    yield 0, start.board, start.hand
    try:
        for step in game_steps(game):
            if step.deal >= last:
                return
            if step.dealt:
                yield step.deal + 1, step.after.board, step.after.hand
    except engine.EngineError:  # a stored game that no longer replays: `manage.py verify_deals` reports it
        return


def game_fairness(*, game: Game, deals: Iterable[int] | None = None) -> list[HandProof]:
    """A :class:`HandProof` for each hand ``game`` was dealt (or only the deal indices in ``deals``), in order.

    The game is replayed from its seed and events; pass a ``range`` to prove one
    page of a long game (the replay stops after its last deal).
    """
    wanted = range(game.deals) if deals is None else deals
    wanted = sorted(set(wanted))
    if not wanted:
        return []
    keep = set(wanted)
    return [_proof(k, board, hand) for k, board, hand in _dealt(game, wanted[-1]) if k in keep]
