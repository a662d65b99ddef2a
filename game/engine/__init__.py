"""Block Knock! rules engine: pure Python, no Django (docs/rules.md is the rule book).

Modules, one job each:

- :mod:`.bitboard` — the 8×8 board as a 64-bit int, masks, text form, full lines;
- :mod:`.pieces` — the 50 fixed shapes with stable ids and the piece sets;
- :mod:`.board` — anchors, fits, place (with line clears);
- :mod:`.scoring` — MoveResult, Combo, Classic and Practice scoring strategies;
- :mod:`.stream` — the deterministic, version-independent deal streams (one per dealer version);
- :mod:`.solver` — can these pieces all be placed? (witness);
- :mod:`.tables` — per piece set bit tables and bit helpers the deal decides with;
- :mod:`.together` — can a piece join those drawn? (exact, bit-parallel);
- :mod:`.deal` — the fair deal, versioned (dealer 1, dealer 2);
- :mod:`.colours` — the colour board: which piece family filled each cell (decoration only);
- :mod:`.rules` — the versioned rules (:data:`RULESETS`) and each mode's rules under them;
- :mod:`.game` — game states, play / continue / decline / replay;
- :mod:`.record` — a game's events as a one-byte-per-event log (docs/record.md);
- :mod:`.errors` — the engine's ValueErrors with stable API codes.

Self-play bots and the deal benchmark live outside the engine, in the top-level
``tools`` package (:mod:`tools.bots`; ``python -m tools.deal_bench``).

>>> import game.engine as engine
>>> state = engine.new_game(engine.CLASSIC, b"example seed", dealer=1)
>>> state, result = engine.play(state, 2, 5, 5)
>>> result.squares, state.hand[2].id, engine.to_rows(state.board)[6]
(4, 'T4-down', '......#.')
"""

from .bitboard import (
    COL_MASKS,
    EMPTY,
    FULL,
    LINE_MASKS,
    ROW_MASKS,
    SIZE,
    Bitboard,
    Cell,
    bit,
    cells,
    clear_full_lines,
    from_cells,
    from_rows,
    full_lines,
    has_full_line,
    popcount,
    to_rows,
    to_text,
    validate_board,
)
from .board import Placement, anchors, fits, legal_anchors, place
from .deal import (
    CURRENT_DEALER,
    DAILY_DEALER,
    DEALERS,
    HAND_SIZE,
    Dealer,
    Hand,
    deal_hand,
    deal_label,
    dealer_of,
    fair_pieces,
)
from .errors import (
    EngineError,
    IllegalMoveError,
    InvalidBoardError,
    InvalidMoveError,
    InvalidRulesError,
    NoContinueError,
    NotPlayingError,
    SlotUsedError,
)
from .game import (
    Event,
    GameState,
    Move,
    Status,
    apply_event,
    continue_game,
    decline,
    legal_moves,
    new_game,
    play,
    replay,
)
from .pieces import BASE_SET, CHALLENGE_ADDITIONS, PIECES, Piece, piece_set
from .record import decode, encode, events_of
from .rules import (
    CLASSIC,
    CURRENT_RULES,
    DAILY,
    PRACTICE,
    RULESETS,
    Rules,
    Ruleset,
    StarNumbers,
    challenge_rules,
    ruleset,
)
from .scoring import ClassicScoring, Combo, MoveResult, PracticeScoring, Scoring
from .solver import Solution, can_place_all, solve, witness
from .stream import DealStream, HmacStream, LabelledStream, SharedStartStream

__all__ = [
    "BASE_SET",
    "CHALLENGE_ADDITIONS",
    "CLASSIC",
    "COL_MASKS",
    "CURRENT_DEALER",
    "CURRENT_RULES",
    "DAILY",
    "DAILY_DEALER",
    "DEALERS",
    "EMPTY",
    "FULL",
    "HAND_SIZE",
    "LINE_MASKS",
    "PIECES",
    "PRACTICE",
    "ROW_MASKS",
    "RULESETS",
    "SIZE",
    # bitboard
    "Bitboard",
    "Cell",
    "ClassicScoring",
    # scoring
    "Combo",
    # stream, solver, deal
    "DealStream",
    "Dealer",
    # errors
    "EngineError",
    "Event",
    "GameState",
    "Hand",
    "HmacStream",
    "IllegalMoveError",
    "InvalidBoardError",
    "InvalidMoveError",
    "InvalidRulesError",
    "LabelledStream",
    "Move",
    "MoveResult",
    "NoContinueError",
    "NotPlayingError",
    # pieces
    "Piece",
    # board
    "Placement",
    "PracticeScoring",
    "Rules",
    "Ruleset",
    "Scoring",
    "SharedStartStream",
    "SlotUsedError",
    "Solution",
    "StarNumbers",
    # game
    "Status",
    "anchors",
    "apply_event",
    "bit",
    "can_place_all",
    "cells",
    "challenge_rules",
    "clear_full_lines",
    "continue_game",
    "deal_hand",
    "deal_label",
    "dealer_of",
    "decline",
    "decode",
    "encode",
    "events_of",
    "fair_pieces",
    "fits",
    "from_cells",
    "from_rows",
    "full_lines",
    "has_full_line",
    "legal_anchors",
    "legal_moves",
    "new_game",
    "piece_set",
    "place",
    "play",
    "popcount",
    "replay",
    "ruleset",
    "solve",
    "to_rows",
    "to_text",
    "validate_board",
    "witness",
]
