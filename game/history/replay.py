"""A finished game, step by step, recomputed from its seed, start board and events (API.md ``Replay``)."""

from .. import engine
from ..models import EventKind, Game, piece_view


def _hand(state: engine.GameState) -> list[dict]:
    return [piece_view(slot, piece.id, used) for slot, (piece, used) in enumerate(zip(state.hand, state.used))]


def game_replay(game: Game) -> dict:
    """``{"game", "start_board", "steps"}``: each step has the hand before it and the board after it.

    A Continue is a step with ``"continue": True`` and the new hand; No thanks
    changes no board and is not a step.
    """
    state = engine.new_game(game.rules, bytes.fromhex(game.seed), engine.from_rows(game.start_board_rows))
    steps = []
    for event in game.events.exclude(kind=EventKind.DECLINE):
        if event.kind == EventKind.CONTINUE:
            state = engine.continue_game(state)
            steps.append({"continue": True, "hand": _hand(state), "board": engine.to_rows(state.board)})
            continue
        hand = _hand(state)
        state, result = engine.play(state, event.slot, event.row, event.col)
        steps.append({
            "hand": hand,
            "move": {"slot": event.slot, "row": event.row, "col": event.col},
            "result": result,
            "board": engine.to_rows(state.board),
        })
    return {"game": game, "start_board": game.start_board_rows, "steps": steps}
