"""A game as a sequence of immutable states (docs/rules.md § Turn structure, § End of game, § Modes).

``new_game`` deals hand 0; ``play`` places one piece and returns a new
:class:`GameState` with its :class:`~game.engine.scoring.MoveResult`;
``continue_game`` and ``decline`` answer "No moves left". Nothing is mutated:
a refused action raises and the old state is still the state.

The rules of a game are data (:class:`~game.engine.rules.Rules`, see :mod:`.rules`).

A game replays exactly from its rules, seed, dealer version, client seed, label, start
board and events (see :func:`replay`); deal ``k`` reads only its dealer's stream
``DEALERS[dealer].stream(seed, client_seed, k, label)`` (:mod:`.deal`; dealer 4 reads the label).

>>> from .rules import CLASSIC
>>> state = new_game(CLASSIC, b"example seed", dealer=1)
>>> [piece.id for piece in state.hand], state.status
(['T4-up', 'I3-v', 'T4-down'], <Status.PLAYING: 'playing'>)
>>> state, result = play(state, 0, 0, 0)
>>> result.points, state.score, state.used, state.moves
(40, 40, (True, False, False), 1)
>>> state.board_rows[:3]
['.#......', '###.....', '........']
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import Any, TypeAlias

from .bitboard import SIZE, Bitboard, to_rows, validate_board
from .board import anchors, check_cell, place
from .deal import DEALERS, HAND_SIZE, Hand, Stream, deal_hand, dealer_of
from .errors import InvalidMoveError, NoContinueError, NotPlayingError, SlotUsedError
from .rules import Rules
from .scoring import Combo, MoveResult
from .stream import check_client_seed

__all__ = [
    "Event",
    "GameState",
    "Move",
    "Status",
    "apply_event",
    "continue_game",
    "decline",
    "legal_moves",
    "new_game",
    "play",
    "replay",
]

Move: TypeAlias = tuple[int, int, int]
"""A move: ``(slot, row, col)`` — hand slot 0..2, anchor cell on the board."""

Event: TypeAlias = tuple[Any, ...] | list[Any] | str
"""A replay event: ``("move", slot, row, col)`` (or ``("move", (slot, row, col))``),
``("continue",)`` / ``"continue"``, ``("decline",)`` / ``"decline"``."""


class Status(StrEnum):
    """Where a game stands (docs/api.md ``Game.status``, engine part)."""

    PLAYING = "playing"
    """Pieces are waiting to be placed."""
    NO_MOVES = "no_moves"
    """No unplaced piece fits and a Continue is possible: Continue or No thanks."""
    OVER = "over"
    """Finished: no moves left without a Continue, or No thanks."""
    WON = "won"
    """Finished: the challenge target score was reached."""


FINISHED = frozenset({Status.OVER, Status.WON})


@dataclass(frozen=True)
class GameState:
    """One position of a game; every action returns a new one.

    :ivar rules: the game's rules (their ``version`` is the rules version it is played by).
    :ivar seed: the secret seed (never sent to the client).
    :ivar board: the bitboard (bit ``row * 8 + col`` = filled).
    :ivar hand: the current hand by slot.
    :ivar used: per slot, whether that piece is placed.
    :ivar deals: hands dealt so far, i.e. the index ``k`` of the next deal.
    :ivar score: points so far.
    :ivar combo: the combo state (``combo``, ``moves_left``).
    :ivar moves: pieces placed so far.
    :ivar continues_left: Continues still available.
    :ivar status: :class:`Status`.
    :ivar dealer: the dealer version the game is dealt with (:data:`~game.engine.deal.DEALERS`).
    :ivar client_seed: the player's client seed (dealer 2 and later), or ``None``.
    :ivar label: the game's deal label (:func:`~game.engine.deal.deal_label`), read by dealer 4; ``""`` before.
    """

    rules: Rules
    seed: bytes
    board: Bitboard
    hand: Hand
    used: tuple[bool, bool, bool]
    deals: int
    score: int
    combo: Combo
    moves: int
    continues_left: int
    status: Status
    dealer: int
    client_seed: str | None = None
    label: str = ""

    @property
    def board_rows(self) -> list[str]:
        """The board's text form (8 strings, ``#``/``.``), see :func:`~game.engine.bitboard.to_rows`."""
        return to_rows(self.board)

    @property
    def board_text(self) -> str:
        """The board's text form as one string, rows joined by newlines."""
        return "\n".join(to_rows(self.board))

    @property
    def unplaced(self) -> tuple[int, ...]:
        """The slots whose pieces are still to be placed."""
        return tuple(slot for slot in range(HAND_SIZE) if not self.used[slot])

    @property
    def is_finished(self) -> bool:
        """Whether the game is over or won."""
        return self.status in FINISHED


def _seed_bytes(seed: bytes) -> bytes:
    if not isinstance(seed, (bytes, bytearray, memoryview)):
        raise TypeError(f"seed must be bytes, got {type(seed).__name__}")
    return bytes(seed)


def _stream(state: GameState, k: int) -> Stream:
    return DEALERS[state.dealer].stream(state.seed, state.client_seed, k, state.label)


def _any_fits(board: Bitboard, hand: Hand, used: tuple[bool, ...]) -> bool:
    return any(not used[slot] and anchors(board, hand[slot]) for slot in range(HAND_SIZE))


def _status(board: Bitboard, hand: Hand, used: tuple[bool, ...], continues_left: int) -> Status:
    """docs/rules.md § End of game: decided after clears and after any new deal."""
    if _any_fits(board, hand, used):
        return Status.PLAYING
    return Status.NO_MOVES if continues_left > 0 else Status.OVER


def new_game(
    rules: Rules,
    seed: bytes,
    start_board: Bitboard = 0,
    *,
    dealer: int,
    client_seed: str | None = None,
    label: str = "",
) -> GameState:
    """Start a game: deal 0 is dealt for ``start_board`` by dealer version ``dealer``, played by ``rules``
    (whose ``version`` is the rules version, :data:`~game.engine.rules.RULESETS`).

    The status is decided at once, so on a board where nothing fits the game
    starts at ``no_moves`` (or ``over`` without a Continue).

    >>> from .rules import CLASSIC, PRACTICE
    >>> new_game(PRACTICE, b"s", dealer=1).deals, new_game(PRACTICE, b"s", dealer=1).continues_left
    (1, 0)
    >>> [piece.id for piece in new_game(CLASSIC, b"example seed", dealer=2, client_seed="mine").hand]
    ['Z4-v', 'Z4-h', 'I5-h']

    :param client_seed: the player's seed (1–64 printable ASCII), dealer 2 and later; ``None`` for none.
    :param label: the game's deal label (:func:`~game.engine.deal.deal_label`), which dealer 4 reads.
    :raises InvalidBoardError: ``start_board`` is not a bitboard or has a full line.
    :raises InvalidRulesError: an unknown dealer version, or a client seed for dealer 1.
    :raises TypeError: ``seed`` is not bytes.
    :raises ValueError: a malformed client seed, or a malformed label for dealer 4.
    """
    seed = _seed_bytes(seed)
    dealer_of(dealer)
    client_seed = check_client_seed(client_seed)
    validate_board(start_board, reachable=True)
    hand = deal_hand(start_board, rules.pieces, DEALERS[dealer].stream(seed, client_seed, 0, label))
    used = (False, False, False)
    return GameState(
        rules=rules,
        seed=seed,
        board=start_board,
        hand=hand,
        used=used,
        deals=1,
        score=0,
        combo=Combo(),
        moves=0,
        continues_left=rules.continues,
        status=_status(start_board, hand, used, rules.continues),
        dealer=dealer,
        client_seed=client_seed,
        label=label,
    )


def check_move(slot: object, row: object, col: object) -> None:
    if not isinstance(slot, int) or isinstance(slot, bool) or not 0 <= slot < HAND_SIZE:
        raise InvalidMoveError(f"slot must be an int in 0..2, got {slot!r}")
    check_cell(row, col)


def play(state: GameState, slot: int, row: int, col: int) -> tuple[GameState, MoveResult]:
    """Place the piece of hand ``slot`` with its anchor on ``(row, col)``.

    After the placement and its clears the move is scored; reaching the target
    wins at once (no new hand); otherwise, if all three pieces are placed, the
    next hand is dealt; then, if no unplaced piece fits, the status becomes
    ``no_moves`` (a Continue is left) or ``over``.

    >>> from .rules import CLASSIC
    >>> state = new_game(CLASSIC, b"example seed", dealer=1)
    >>> play(state, 1, 6, 0)
    Traceback (most recent call last):
    ...
    game.engine.errors.IllegalMoveError: piece 'I3-v' (3x1) at (6, 0) leaves the board

    :returns: ``(new state, MoveResult)``.
    :raises InvalidMoveError: ``slot`` not in 0..2 or ``row``/``col`` not in 0..7 (checked first).
    :raises NotPlayingError: the status is not ``playing``.
    :raises SlotUsedError: that slot's piece is already placed.
    :raises IllegalMoveError: the piece leaves the board or overlaps a filled cell.
    """
    check_move(slot, row, col)
    if state.status != Status.PLAYING:
        raise NotPlayingError(f"cannot move: the game is {str(state.status)!r}, not 'playing'")
    if state.used[slot]:
        raise SlotUsedError(f"slot {slot!r} ({state.hand[slot].id!r}) is already placed")
    placement = place(state.board, state.hand[slot], row, col)
    result, combo = state.rules.scoring.score_placement(placement, state.combo)
    score, board = state.score + result.points, placement.board
    used = (slot == 0 or state.used[0], slot == 1 or state.used[1], slot == 2 or state.used[2])
    hand, deals = state.hand, state.deals
    if state.rules.target is not None and score >= state.rules.target:
        status = Status.WON
    else:
        if all(used):
            hand = deal_hand(board, state.rules.pieces, _stream(state, deals))
            used, deals = (False, False, False), deals + 1
        status = _status(board, hand, used, state.continues_left)
    new = replace(
        state,
        board=board,
        hand=hand,
        used=used,
        deals=deals,
        score=score,
        combo=combo,
        moves=state.moves + 1,
        status=status,
    )
    return new, result


def continue_game(state: GameState) -> GameState:
    """Use a Continue at "No moves left": a fresh fair hand of three (deal ``state.deals``).

    Board, score, combo and moves are kept; the unplaced pieces are replaced.

    :raises NoContinueError: the status is not ``no_moves`` or no Continue is left.
    """
    if state.status != Status.NO_MOVES:
        raise NoContinueError(f"Continue needs status 'no_moves', the game is {str(state.status)!r}")
    if state.continues_left <= 0:
        raise NoContinueError("no Continue left in this game")
    hand = deal_hand(state.board, state.rules.pieces, _stream(state, state.deals))
    used = (False, False, False)
    continues_left = state.continues_left - 1
    return replace(
        state,
        hand=hand,
        used=used,
        deals=state.deals + 1,
        continues_left=continues_left,
        status=_status(state.board, hand, used, continues_left),
    )


def decline(state: GameState) -> GameState:
    """ "No thanks" at "No moves left": the game is over.

    :raises NotPlayingError: the status is not ``no_moves``.
    """
    if state.status != Status.NO_MOVES:
        raise NotPlayingError(f"No thanks needs status 'no_moves', the game is {str(state.status)!r}")
    return replace(state, status=Status.OVER)


def legal_moves(state: GameState) -> Iterator[Move]:
    """Every legal ``(slot, row, col)`` now (none unless ``playing``), by slot then anchor.

    >>> from .rules import CLASSIC
    >>> state = new_game(CLASSIC, b"example seed", dealer=1)
    >>> len(list(legal_moves(state)))
    132
    """
    if state.status != Status.PLAYING:
        return
    for slot in state.unplaced:
        fitting = anchors(state.board, state.hand[slot])
        while fitting:
            low = fitting & -fitting
            fitting ^= low
            row, col = divmod(low.bit_length() - 1, SIZE)
            yield slot, row, col


def parse_event(event: Event) -> tuple[str, tuple[Any, ...]]:
    if isinstance(event, str):
        return event, ()
    if isinstance(event, (tuple, list)) and event:
        kind, args = event[0], tuple(event[1:])
        if len(args) == 1 and isinstance(args[0], (tuple, list)):
            args = tuple(args[0])
        return kind, args
    raise InvalidMoveError(f"unknown event {event!r}")


def apply_event(state: GameState, event: Event) -> tuple[GameState, MoveResult | None]:
    """Apply one replay event; a move gives its :class:`MoveResult`, Continue / No thanks give ``None``.

    >>> from .rules import CLASSIC
    >>> state, result = apply_event(new_game(CLASSIC, b"example seed", dealer=1), ("move", 0, 0, 0))
    >>> result.points
    40

    :raises InvalidMoveError: an unknown or malformed event.
    :raises EngineError: whatever :func:`play`, :func:`continue_game` or :func:`decline` raise.
    """
    kind, args = parse_event(event)
    if kind == "move" and len(args) == 3:
        return play(state, *args)
    if kind == "continue" and not args:
        return continue_game(state), None
    if kind == "decline" and not args:
        return decline(state), None
    raise InvalidMoveError(f"unknown event {event!r}")


def replay(
    rules: Rules,
    seed: bytes,
    start_board: Bitboard,
    events: Iterable[Event],
    *,
    dealer: int,
    client_seed: str | None = None,
    label: str = "",
) -> Iterator[tuple[GameState, Event, MoveResult | None]]:
    """Replay a game: yield ``(state after the event, event, result)`` for each event, in order.

    The state before the first event is
    ``new_game(rules, seed, start_board, dealer=dealer, client_seed=client_seed, label=label)``;
    ``event`` is yielded as given; ``result`` is ``None`` for Continue and No thanks.

    >>> from .rules import CLASSIC
    >>> steps = list(replay(CLASSIC, b"example seed", 0, [("move", 0, 0, 0), ("move", (1, 5, 0))], dealer=1))
    >>> [(state.score, result.points) for state, event, result in steps]
    [(40, 40), (70, 30)]

    :raises EngineError: an event the game refuses (raised when that step is reached).
    """
    state = new_game(rules, seed, start_board, dealer=dealer, client_seed=client_seed, label=label)
    for event in events:
        state, result = apply_event(state, event)
        yield state, event, result
