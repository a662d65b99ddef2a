"""How did I play? A finished game's moves and hands, judged by the rules (pure; docs/rules.md is the rule book).

Per move, on the board and hand as they were before it:

- **as played**: the points, lines and combo of the move (the game's own scoring:
  Classic, or Practice for Practice);
- **hand placeable**: whether the pieces of the hand still unplaced after the move
  can all be placed, in some order, line clears between (the exact solver,
  :func:`~game.engine.solver.can_place_all`); a hand's last piece leaves nothing to place;
- **stranded**: the move that made that impossible (the hand could be placed in
  full before it and not after it: the move that ended the game or forced the
  Continue), with a **safe** placement that keeps the whole hand placeable: the
  best-scoring placement of the same piece that does, else the solver's first
  placement of the hand (another piece first);
- **missed clear**: a placement of the same piece that completes more lines than
  the one played, scores more, and (where the played move kept it so) still
  leaves the rest of the hand placeable; the best-scoring one is shown, with
  ``combo_lost`` when the played move let a running combo run out and it would not have.

Per hand: how many pieces of the set were eligible at each draw (the game's
dealer rule, :func:`~game.engine.deal.eligible_counts`); the first count is its
"deal luck". Points left on the table are each missed clear's points minus the
points played, summed (the rest of the game is not replayed).

>>> from game.engine.bitboard import from_rows
>>> from game.engine.pieces import PIECES
>>> from game.engine.rules import CLASSIC
>>> from game.engine.scoring import Combo
>>> board = from_rows(["#######."] * 4 + ["........"] * 4)
>>> verdict = judge_move(board, (PIECES["mono"],) * 3, (False,) * 3, (0, 5, 5), Combo(), CLASSIC.scoring)
>>> verdict.played.points, verdict.better.row, verdict.better.col, verdict.better.lines, verdict.better.points
(10, 0, 7, 1, 110)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from .bitboard import SIZE, Bitboard, cells
from .board import Placement, anchors, place
from .deal import HAND_SIZE, Hand, eligible_counts
from .game import GameState, Move
from .pieces import Piece
from .scoring import Combo, Scoring
from .solver import can_place_all, witness

__all__ = ["GameReview", "HandReview", "MoveReview", "Option", "judge_move", "review_game"]


@dataclass(frozen=True)
class Option:
    """One placement of a piece and what it would have scored.

    :ivar slot: the hand slot of the piece.
    :ivar piece: its id.
    :ivar row: the anchor row.
    :ivar col: the anchor column.
    :ivar points: the move's points (the game's scoring, with the combo as it stood).
    :ivar lines: rows + columns it completes.
    :ivar combo: the combo after it.
    """

    slot: int
    piece: str
    row: int
    col: int
    points: int
    lines: int
    combo: int


@dataclass(frozen=True)
class MoveReview:
    """One placement as played and judged (see the module docstring).

    :ivar number: the move's index in the game (pieces placed before it).
    :ivar deal: the index of the hand it belongs to.
    :ivar board: the board before the move.
    :ivar played: the placement as played, its points, lines and the combo after it.
    :ivar emptied: the move left the board empty.
    :ivar hand_placeable: the rest of the hand could still be placed in full after it.
    :ivar stranded: this move made that impossible.
    :ivar safe: for a stranding move, a placement keeping the whole hand placeable (or ``None``).
    :ivar better: a missed clear (or ``None``).
    :ivar combo_lost: the played move let the combo run out and ``better`` keeps it.
    """

    number: int
    deal: int
    board: Bitboard
    played: Option
    emptied: bool
    hand_placeable: bool
    stranded: bool = False
    safe: Option | None = None
    better: Option | None = None
    combo_lost: bool = False


@dataclass(frozen=True)
class HandReview:
    """One dealt hand.

    :ivar deal: its index ``k`` (0 = the first hand).
    :ivar board: the board it was dealt on.
    :ivar pieces: its piece ids by slot.
    :ivar eligible: per draw, how many pieces of the set were eligible.
    :ivar continued: dealt by a Continue.
    :ivar lost: one of its moves stranded the rest of it.
    """

    deal: int
    board: Bitboard
    pieces: tuple[str, ...]
    eligible: tuple[int, ...]
    continued: bool
    lost: bool = False

    @property
    def luck(self) -> int:
        """The hand's deal luck: pieces eligible at its first draw."""
        return self.eligible[0]


@dataclass(frozen=True)
class GameReview:
    """A game's hands and moves judged; the summary is computed from them.

    :ivar set_size: pieces in the game's set (deal luck is out of this many).
    """

    hands: tuple[HandReview, ...]
    moves: tuple[MoveReview, ...]
    set_size: int

    @property
    def hands_kept(self) -> int:
        """Hands in which no move stranded a piece."""
        return sum(not hand.lost for hand in self.hands)

    @property
    def clears_missed(self) -> int:
        return sum(move.better is not None for move in self.moves)

    @property
    def points_missed(self) -> int:
        """Points left on the table: each missed clear's points minus the points played."""
        return sum(move.better.points - move.played.points for move in self.moves if move.better is not None)


def _option(
    board: Bitboard, piece: Piece, slot: int, index: int, combo: Combo, scoring: Scoring
) -> tuple[Option, Placement]:
    """``(Option, Placement)`` for ``piece`` (slot ``slot``) at anchor bit ``index``."""
    row, col = divmod(index, SIZE)
    placement = place(board, piece, row, col)
    result, after = scoring.score_placement(placement, combo)
    return Option(slot, piece.id, row, col, result.points, result.lines, after.combo), placement


def _options(
    board: Bitboard, piece: Piece, slot: int, combo: Combo, scoring: Scoring
) -> list[tuple[Option, Placement]]:
    """Every placement of ``piece``, best points first (then anchor order)."""
    found = [_option(board, piece, slot, row * SIZE + col, combo, scoring) for row, col in cells(anchors(board, piece))]
    found.sort(key=lambda pair: -pair[0].points)
    return found


def _placeable(board: Bitboard, rest: Sequence[Piece]) -> bool:
    return not rest or can_place_all(board, rest)


def _safe(
    board: Bitboard, hand: Hand, unplaced: Sequence[int], slot: int, combo: Combo, scoring: Scoring
) -> Option | None:
    """A placement keeping every unplaced piece placeable: the same piece's best, else the solver's first step."""
    rest = [hand[i] for i in unplaced if i != slot]
    for option, placement in _options(board, hand[slot], slot, combo, scoring):
        if _placeable(placement.board, rest):
            return option
    found = witness(board, [hand[i] for i in unplaced])
    if not found:
        return None
    first, row, col = found[0]
    return _option(board, hand[unplaced[first]], unplaced[first], row * SIZE + col, combo, scoring)[0]


def _lines_completed(board: Bitboard, piece: Piece, index: int) -> int:
    """Lines that placing ``piece`` (known to fit) at anchor bit ``index`` completes (``board`` has no full line)."""
    filled = board | piece.mask << index
    return sum(filled & line == line for line in piece.lines_at[index])


def _better(
    board: Bitboard,
    piece: Piece,
    played: Option,
    rest: Sequence[Piece],
    keep: bool,
    combo: Combo,
    scoring: Scoring,
) -> Option | None:
    """The best placement of ``piece`` completing more lines and scoring more (leaving ``rest`` placeable if ``keep``).

    Only the placements completing more lines than the one played are scored (a quick count of
    the lines through the piece first).
    """
    more = [
        _option(board, piece, played.slot, row * SIZE + col, combo, scoring)
        for row, col in cells(anchors(board, piece))
        if _lines_completed(board, piece, row * SIZE + col) > played.lines
    ]
    more.sort(key=lambda pair: -pair[0].points)
    for option, placement in more:
        if option.points > played.points and (not keep or _placeable(placement.board, rest)):
            return option
    return None


def judge_move(
    board: Bitboard,
    hand: Hand,
    used: Sequence[bool],
    move: Move,
    combo: Combo,
    scoring: Scoring,
    *,
    placeable_before: bool = True,
    number: int = 0,
    deal: int = 0,
) -> MoveReview:
    """Judge placing ``hand[slot]`` at ``(row, col)`` on ``board`` (``used``: the slots placed before it).

    :param placeable_before: the unplaced pieces could all be placed before this move.
    :raises IllegalMoveError: the move does not fit (as :func:`~game.engine.board.place`).
    """
    slot, row, col = move
    piece = hand[slot]
    unplaced = [i for i in range(HAND_SIZE) if not used[i]]
    rest = [hand[i] for i in unplaced if i != slot]
    played, placement = _option(board, piece, slot, row * SIZE + col, combo, scoring)
    placeable = _placeable(placement.board, rest)
    stranded = placeable_before and not placeable
    better = _better(board, piece, played, rest, placeable, combo, scoring)
    return MoveReview(
        number=number,
        deal=deal,
        board=board,
        played=played,
        emptied=placement.board_empty,
        hand_placeable=placeable,
        stranded=stranded,
        safe=_safe(board, hand, unplaced, slot, combo, scoring) if stranded else None,
        better=better,
        combo_lost=better is not None and combo.combo > 0 and played.combo == 0,
    )


def _hand(state: GameState, continued: bool) -> HandReview:
    deal = state.deals - 1
    eligible = eligible_counts(state.board, state.rules.pieces, state.hand, state.dealer)
    return HandReview(deal, state.board, tuple(piece.id for piece in state.hand), eligible, continued)


def review_game(start: GameState, turns: Iterable[tuple[Move | None, GameState]]) -> GameReview:
    """Judge a game from its first state and its turns, ``(move or None for Continue / No thanks, state after)``.

    >>> from game.engine.game import new_game, play
    >>> from game.engine.rules import CLASSIC
    >>> start = new_game(CLASSIC, b"example seed", dealer=1)
    >>> review = review_game(start, [((0, 0, 0), play(start, 0, 0, 0)[0])])
    >>> [hand.eligible for hand in review.hands], review.moves[0].played.points, review.moves[0].hand_placeable
    ([(35, 35, 35)], 40, True)
    """
    hands, moves = [_hand(start, False)], []
    before, placeable = start, True
    for move, after in turns:
        if move is not None:
            if before.unplaced == (0, 1, 2):
                placeable = can_place_all(before.board, before.hand)
            verdict = judge_move(
                before.board,
                before.hand,
                before.used,
                move,
                before.combo,
                before.rules.scoring,
                placeable_before=placeable,
                number=before.moves,
                deal=before.deals - 1,
            )
            moves.append(verdict)
            placeable = verdict.hand_placeable
            if verdict.stranded:
                hands[-1] = replace(hands[-1], lost=True)
        if after.deals > before.deals:
            hands.append(_hand(after, move is None))
        before = after
    return GameReview(tuple(hands), tuple(moves), len({piece.id for piece in start.rules.pieces}))
