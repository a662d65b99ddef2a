"""The game app's models: games and their events, the Challenge ladder."""

from .challenges import Challenge
from .games import ENDED_OFF_BOARD, FINISHED, UNFINISHED, Event, Game, Mode, Move, Status, board_text, piece_view

__all__ = [
    "Challenge", "ENDED_OFF_BOARD", "FINISHED", "UNFINISHED", "Event", "Game", "Mode", "Move", "Status", "board_text", "piece_view",
]
