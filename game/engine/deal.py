"""The fair deal: a hand of three that can always be placed in full (docs/rules.md § The fair deal).

Each piece is drawn uniformly from the set's **eligible** pieces. The rule is
versioned, so a stored game replays with the dealer it was dealt with
(:data:`DEALERS`; new games: :data:`CURRENT_DEALER`, a new Daily: :data:`DAILY_DEALER`):

- **dealer 1**: a piece is eligible when it can be placed together with the
  pieces already drawn for the hand, in some order, line clears applied between
  placements (piece 1: it fits the board); stream :class:`~game.engine.stream.DealStream`;
- **dealer 2**: also, it fits the board as the hand is dealt (it has a legal
  anchor there before any piece of the hand is placed); stream
  :class:`~game.engine.stream.HmacStream`;
- **dealer 3** (the Daily): dealer 2's rule, and its stream
  :class:`~game.engine.stream.SharedStartStream` reads no client seed for deal 0
  (the same first hand for everyone from the day's seed) and the player's from deal 1 on;
- **dealer 4** (Classic, Challenge, Practice): dealer 2's rule, and its stream
  :class:`~game.engine.stream.LabelledStream` reads the game's label (:func:`deal_label`) too,
  so a game shown under another mode or challenge re-deals differently.

So every hand dealt can be placed in full, in at least one order. The only
inputs are the board, the game's piece set and the deal's random stream —
never the score, the player or the time. Candidates are decided exactly by
:class:`~game.engine.together.Together`.

>>> from game.engine.pieces import BASE_SET
>>> from game.engine.stream import DealStream, HmacStream
>>> [piece.id for piece in deal_hand(0, BASE_SET, DealStream(b"example seed", 0))]
['T4-up', 'I3-v', 'T4-down']
>>> [piece.id for piece in deal_hand(0, BASE_SET, DEALERS[2].stream(b"example seed", None, 0))]
['T4-left', 'L4-180', 'J4-180']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol, TypeAlias

from .bitboard import Bitboard, validate_board
from .errors import InvalidRulesError
from .pieces import Piece
from .rules import CHALLENGE
from .solver import can_place_all
from .stream import DealStream, HmacStream, LabelledStream, SharedStartStream
from .tables import piece_table
from .together import Together

__all__ = [
    "CURRENT_DEALER",
    "DAILY_DEALER",
    "DEALERS",
    "HAND_SIZE",
    "Dealer",
    "Hand",
    "Stream",
    "deal_hand",
    "deal_label",
    "dealer_of",
    "eligible_counts",
    "fair_pieces",
]

HAND_SIZE = 3
"""Pieces in a hand (docs/rules.md § Turn structure)."""

Hand: TypeAlias = tuple[Piece, Piece, Piece]
"""A dealt hand, by slot 0, 1, 2."""

Stream: TypeAlias = DealStream | HmacStream
"""A deal's random stream; its ``dealer`` attribute is the version of the rule it deals with."""


class StreamMaker(Protocol):
    """``stream(server seed, client seed or None, k, label)``: the random stream of deal ``k``."""

    def __call__(self, seed: bytes, client_seed: str | None, k: int, label: str = "") -> Stream: ...


def _blake2b_stream(seed: bytes, client_seed: str | None, k: int, label: str = "") -> DealStream:
    if client_seed is not None:
        raise InvalidRulesError("dealer 1 takes no client seed")
    return DealStream(seed, k)


def _hmac_stream(seed: bytes, client_seed: str | None, k: int, label: str = "") -> HmacStream:
    return HmacStream(seed, client_seed, k)  # dealers 2 and 3 were published before labels: they read none


def _shared_start_stream(seed: bytes, client_seed: str | None, k: int, label: str = "") -> HmacStream:
    return SharedStartStream(seed, client_seed, k)


def _labelled_stream(seed: bytes, client_seed: str | None, k: int, label: str = "") -> HmacStream:
    return LabelledStream(seed, client_seed, k, label)


@dataclass(frozen=True)
class Dealer:
    """One published version of the fair deal.

    :ivar version: the number stored with every game dealt by it.
    :ivar stream: ``stream(server seed, client seed or None, k, label)``: the random stream of deal ``k``
        (``label``, the game's :func:`deal_label`, is read only where :attr:`labelled`).
    :ivar fits_as_dealt: a piece must also fit the board as dealt to be eligible (rule 1).
    :ivar labelled: the stream reads the game's label (its mode, a challenge's number and version).
    """

    version: int
    stream: StreamMaker
    fits_as_dealt: bool
    labelled: bool = False


DEALERS: dict[int, Dealer] = {
    1: Dealer(1, _blake2b_stream, fits_as_dealt=False),
    2: Dealer(2, _hmac_stream, fits_as_dealt=True),
    3: Dealer(3, _shared_start_stream, fits_as_dealt=True),
    4: Dealer(4, _labelled_stream, fits_as_dealt=True, labelled=True),
}
"""Every dealer version ever used, by number: never change one, add a new one."""

CURRENT_DEALER = 4
"""The version new Classic, Challenge and Practice games are dealt with: their label in every deal."""

DAILY_DEALER = 3
"""The version a new Daily is dealt with: the day's seed alone for the first hand, the player's seed mixed in after."""


def deal_label(mode: str, challenge: int | None = None, challenge_version: int | None = None) -> str:
    """The label a dealer-4 game's deals read: its mode, and a challenge's number and ladder version —
    the replay's own ``mode``, ``challenge`` and ``challenge_version`` (docs/fair-deal.md).

    >>> deal_label("classic"), deal_label("challenge", 1, 1)
    ('classic', 'challenge 1 version 1')

    :raises ValueError: a challenge without a whole number and version from 1, or a number for another mode.
    """
    numbers = (challenge, challenge_version)
    whole = all(isinstance(n, int) and not isinstance(n, bool) and n >= 1 for n in numbers)
    if mode == CHALLENGE and whole:
        return f"challenge {challenge} version {challenge_version}"
    if mode != CHALLENGE and numbers == (None, None):
        return mode
    raise ValueError(f"no deal label for mode {mode!r}, challenge {challenge!r}, version {challenge_version!r}")


def dealer_of(version: int) -> Dealer:
    """The :class:`Dealer` of ``version``.

    >>> dealer_of(CURRENT_DEALER).fits_as_dealt
    True

    :raises InvalidRulesError: no such version.
    """
    found = DEALERS.get(version) if isinstance(version, int) and not isinstance(version, bool) else None
    if found is None:
        raise InvalidRulesError(f"unknown dealer version {version!r}")
    return found


def fair_pieces(
    board: Bitboard, pieces: Sequence[Piece], drawn: Sequence[Piece] = (), dealer: int = 1
) -> tuple[Piece, ...]:
    """The eligible pieces of the set for the draw after ``drawn``, under dealer version ``dealer``.

    >>> from game.engine.bitboard import from_rows
    >>> from game.engine.pieces import PIECES, BASE_SET
    >>> board = from_rows(["#######."] * 7 + ["#......."])
    >>> [p.id for p in fair_pieces(board, BASE_SET)][:5]
    ['mono', 'I2-h', 'I2-v', 'I3-h', 'I3-v']
    >>> [len(fair_pieces(board, BASE_SET, [PIECES["I5-v"]], dealer=version)) for version in (1, 2)]
    [35, 13]

    :raises InvalidBoardError: ``board`` is not an int in ``[0, 2**64)``.
    :raises InvalidRulesError: an unknown dealer version.
    """
    rule = dealer_of(dealer)
    validate_board(board)
    drawn = list(drawn)
    if not can_place_all(board, drawn):
        return ()
    distinct = piece_table(pieces).pieces
    table = piece_table([*distinct, *drawn])  # a list: not kept in the by-object cache
    together = Together(table, board, rule.fits_as_dealt, len(distinct))
    if len(drawn) >= HAND_SIZE:
        return tuple(distinct[i] for i in together.candidates if can_place_all(board, [*drawn, distinct[i]]))
    index = {piece.id: i for i, piece in enumerate(table.pieces)}
    return tuple(distinct[i] for i in together.eligible([index[piece.id] for piece in drawn]))


def deal_hand(board: Bitboard, pieces: Sequence[Piece], stream: Stream) -> Hand:
    """Deal a fair hand of three for ``board`` from the set ``pieces`` using ``stream``.

    The rule is that of the stream's dealer version (``stream.dealer``). Draw
    ``d`` takes ``stream.below(n)`` over the ``n`` eligible pieces, listed in the
    set's order (each id once). If no piece of the set is eligible — impossible
    on a reachable board, which has no full line and so always takes the
    monomino — that draw and the rest of the hand are uniform over the whole
    set, and the game ends at once with no moves.

    :param board: the board the hand is dealt for.
    :param pieces: the game's piece set (``Rules.pieces``).
    :param stream: the deal's random stream, ``DEALERS[version].stream(seed, client_seed, k)``.
    :returns: the hand by slot.
    :raises InvalidBoardError: ``board`` is not an int in ``[0, 2**64)``.
    :raises InvalidRulesError: ``pieces`` is empty.
    """
    validate_board(board)
    table = piece_table(pieces)
    distinct = table.pieces
    if not distinct:
        raise InvalidRulesError("cannot deal from an empty piece set")
    together = Together(table, board, DEALERS[stream.dealer].fits_as_dealt)
    drawn: list[int] = []
    while len(drawn) < HAND_SIZE:
        eligible = together.eligible(drawn)
        if not eligible:
            break
        drawn.append(eligible[stream.below(len(eligible))])
    while len(drawn) < HAND_SIZE:
        drawn.append(stream.below(len(distinct)))
    return distinct[drawn[0]], distinct[drawn[1]], distinct[drawn[2]]


def eligible_counts(board: Bitboard, pieces: Sequence[Piece], hand: Sequence[Piece], dealer: int) -> tuple[int, ...]:
    """How many pieces of the set were eligible at each draw of ``hand``, dealt on ``board`` by ``dealer``.

    The same rule and the same code path as :func:`deal_hand`: draw ``d`` chose
    among ``counts[d]`` pieces (the first count is the hand's "deal luck").

    >>> from game.engine.bitboard import from_rows
    >>> from game.engine.pieces import PIECES, BASE_SET
    >>> eligible_counts(0, BASE_SET, [PIECES["O9"]] * 3, dealer=2)
    (35, 35, 35)
    >>> checkerboard = from_rows(["#.#.#.#.", ".#.#.#.#"] * 4)
    >>> eligible_counts(checkerboard, BASE_SET, [PIECES["mono"]] * 3, dealer=1)
    (1, 1, 1)

    :raises InvalidBoardError: ``board`` is not an int in ``[0, 2**64)``.
    :raises InvalidRulesError: an unknown dealer version.
    :raises KeyError: a piece of ``hand`` is not in the set.
    """
    rule = dealer_of(dealer)
    validate_board(board)
    table = piece_table(pieces)
    together = Together(table, board, rule.fits_as_dealt)
    index = {piece.id: i for i, piece in enumerate(table.pieces)}
    counts: list[int] = []
    drawn: list[int] = []
    for piece in hand:
        counts.append(len(together.eligible(drawn)))
        drawn.append(index[piece.id])
    return tuple(counts)
