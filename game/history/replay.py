"""A finished game, step by step, recomputed from its record (docs/api.md ``Replay``, docs/record.md)."""

from .. import engine
from ..models import Game, piece_view
from .steps import Step, game_steps

__all__ = ["game_replay"]


def _hand(state: engine.GameState) -> list[dict]:
    return [piece_view(slot, piece.id, used) for slot, (piece, used) in enumerate(zip(state.hand, state.used))]


def _view(step: Step) -> dict:
    board = engine.to_rows(step.after.board)
    if step.kind == "decline":
        return {"decline": True, "hand": _hand(step.before), "board": board}
    if step.move is None:
        return {"continue": True, "hand": _hand(step.after), "board": board}
    slot, row, col = step.move
    move = {"slot": slot, "row": row, "col": col}
    return {"hand": _hand(step.before), "move": move, "result": step.result, "board": board}


def game_replay(game: Game) -> dict:
    """``{"game", "start_board", "piece_set", "steps", "stars_detail"}``: each step has the hand before it and the
    board after it; ``piece_set`` lists the pieces the game is dealt from, in deal order; ``stars_detail`` is the
    breakdown of the game's stars (``None`` where the mode pays none), for the verifiers to check.

    One step per event of the record, in its order (``steps[i]`` is event ``i``): a Continue is a step with
    ``"continue": True`` and the new hand; No thanks one with ``"decline": True`` and the hand it declined.
    """
    steps = [_view(step) for step in game_steps(game)]
    stars_detail = game.stars_detail if game.policy.pays_stars else None
    return {
        "game": game,
        "start_board": game.start_board_rows,
        "piece_set": game.rules.pieces,
        "steps": steps,
        "stars_detail": stars_detail,
    }
