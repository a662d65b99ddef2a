"""Benchmark of the game review: ``python -m tools.review_bench [--moves 300] [--runs 5]`` (prints figures; not a test).

Plays a Classic game of at least ``--moves`` placements with the self-play bots
(:func:`tools.bots.greedy_bot`, taking the Continue; a new seed until a game lasts
that long), then times, ``--runs`` times each on that game:

- the replay alone (:func:`game.engine.replay`, what every read of a stored game costs);
- the replay and the review together (:func:`game.engine.review.review_game` fed by it),
  which is what the first view of a review costs (later views read the cache).

Prints the game's size, median and max in milliseconds, and the review's summary.
Target: well under a second (:data:`TARGET_MS`) for a 300-move game.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import deque
from collections.abc import Callable
from functools import partial
from typing import TypeAlias

from game.engine.game import GameState, continue_game, new_game, play, replay
from game.engine.review import GameReview, review_game
from game.engine.rules import CLASSIC

from .bots import greedy_bot

__all__ = ["long_game", "main"]

#: a bench game's event: ``("continue",)`` or ``("move", slot, row, col)``
Played: TypeAlias = tuple[str] | tuple[str, int, int, int]

TARGET_MS = 1000.0
"""The review of a 300-move game takes well under this."""


def long_game(moves: int, *, dealer: int = 2) -> tuple[bytes, list[Played]]:
    """``(seed, events)`` of a Classic game the greedy bot played to ``moves`` placements or more."""
    for attempt in range(1000):
        seed, rng = b"review bench %d" % attempt, random.Random(attempt)
        state, events = new_game(CLASSIC, seed, dealer=dealer), list[Played]()
        while state.status in ("playing", "no_moves") and state.moves < moves:
            if state.status == "no_moves":
                state = continue_game(state)
                events.append(("continue",))
                continue
            move = greedy_bot(state, rng)
            state, _ = play(state, *move)
            events.append(("move", *move))
        if state.moves >= moves:
            return seed, events
    raise RuntimeError(f"no game of {moves} moves in 1000 seeds")


def _review(seed: bytes, events: list[Played], dealer: int) -> GameReview:
    start = new_game(CLASSIC, seed, dealer=dealer)
    turns = (
        (event[1:] if len(event) == 4 else None, state)
        for event, (state, _, _) in zip(events, replay(CLASSIC, seed, 0, events, dealer=dealer))
    )
    return review_game(start, turns)


def _replay(seed: bytes, events: list[Played], dealer: int) -> GameState:
    last = deque(replay(CLASSIC, seed, 0, events, dealer=dealer), maxlen=1)
    return last[0][0] if last else new_game(CLASSIC, seed, dealer=dealer)


def _times(action: Callable[[], object], runs: int) -> list[float]:
    found = []
    for _ in range(runs):
        began = time.perf_counter()
        action()
        found.append((time.perf_counter() - began) * 1000)
    return found


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--dealer", type=int, default=2)
    args = parser.parse_args(argv)
    seed, events = long_game(args.moves, dealer=args.dealer)
    final = _replay(seed, events, args.dealer)
    review = _review(seed, events, args.dealer)
    print(
        f"game: {final.moves} moves, {len(events) - final.moves} Continue(s), {final.deals} hands, score {final.score}"
    )
    for name, action in (("replay", _replay), ("replay + review", _review)):
        times = _times(partial(action, seed, events, args.dealer), args.runs)
        print(f"{name:>16}: median {statistics.median(times):7.1f} ms, max {max(times):7.1f} ms ({args.runs} runs)")
    print(
        f"review: {review.hands_kept} of {len(review.hands)} hands kept, {review.clears_missed} clears missed,"
        f" {review.points_missed} points left; target under {TARGET_MS:.0f} ms"
    )


if __name__ == "__main__":
    main()
