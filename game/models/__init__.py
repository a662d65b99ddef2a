"""The game app's models: games (each its record and live position), the Challenge ladder, closed Dailies,
server seeds drawn ahead, the dealer cut-overs."""

from ..stats.models import GameSummary  # noqa: F401 (Stats' per-game summary table: registered with the game app)
from .challenges import Challenge, ChallengeVersion
from .dailies import DailyClose
from .dealers import DealerCutover
from .games import (
    ENDED_OFF_BOARD,
    FINISHED,
    UNFINISHED,
    Game,
    Mode,
    Status,
    board_text,
    piece_view,
)
from .seeds import DailySeed, NextSeed, seed_commitment, seed_draw

__all__ = [
    "ENDED_OFF_BOARD",
    "FINISHED",
    "UNFINISHED",
    "Challenge",
    "ChallengeVersion",
    "DailyClose",
    "DailySeed",
    "DealerCutover",
    "Game",
    "Mode",
    "NextSeed",
    "Status",
    "board_text",
    "piece_view",
    "seed_commitment",
    "seed_draw",
]
