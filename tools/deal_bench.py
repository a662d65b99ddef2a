"""Benchmark of the fair deal: ``python -m tools.deal_bench`` (prints figures; not a test).

Deals 10,000 hands (by default) with :func:`game.engine.deal.deal_hand`: half on
the boards hands were dealt on in self-played games (the random and the greedy
bot of :mod:`tools.bots`, base set), half on random boards of density
30–75 % with no full line. Then it deals the same hands, on the same boards and
streams, with :func:`naive_deal_hand`, a plain reference dealer written here,
checks that both deal exactly the same hands, and prints median, p99 and max
time per deal for each and the speed-up.

The reference dealer decides each candidate with a memoised depth-first search
over placements in every order (:func:`naive_can_place_all`): every remaining
piece, every anchor of its placement table, all 16 lines checked after each
placement. It shares nothing with :mod:`game.engine.solver` but the pieces.

Options: ``--hands N`` (default 10,000), ``--seed S`` (board generation),
``--set N`` (deal from challenge N's piece set instead of the base set),
``--skip-naive``.

>>> from game.engine.pieces import BASE_SET
>>> from game.engine.stream import DealStream
>>> [p.id for p in naive_deal_hand(0, BASE_SET, DealStream(b"example seed", 0))]
['T4-up', 'I3-v', 'T4-down']
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence

from game.engine.bitboard import LINE_MASKS, Bitboard, has_full_line
from tools.bots import greedy_bot, random_bot
from game.engine.deal import HAND_SIZE, Hand, deal_hand
from game.engine.game import Status, continue_game, new_game, play
from game.engine.pieces import BASE_SET, Piece, piece_set
from game.engine.rules import CLASSIC
from game.engine.stream import DealStream

__all__ = ["naive_can_place_all", "naive_deal_hand", "random_boards", "self_play_boards", "main"]

DENSITY = (0.30, 0.75)
"""Filled share of the random boards (RULES.md: a reachable board has no full line)."""

TARGETS = {"median": 0.25, "p99": 2.0, "max": 10.0}
"""Targets of issue 8 in milliseconds on the 2-core machine; and 5× the reference at the median."""

SPEEDUP_TARGET = 5.0

MAX_GAME_MOVES = 240
"""Self-played games stop after this many moves, so many games (and seeds) are sampled."""


# ---------------------------------------------------------------------------
# The reference dealer
# ---------------------------------------------------------------------------


def _naive_clear(board: Bitboard) -> Bitboard:
    full = 0
    for line in LINE_MASKS:
        if board & line == line:
            full |= line
    return board & ~full


def naive_can_place_all(board: Bitboard, pieces: Sequence[Piece], memo: dict | None = None) -> bool:
    """Reference: try every remaining piece first, at every anchor, recursively; memoised on (board, ids).

    >>> from game.engine.pieces import PIECES
    >>> naive_can_place_all(0, [PIECES["O9"]] * 4), naive_can_place_all(0, [PIECES["O9"]] * 5)
    (True, False)
    """
    memo = {} if memo is None else memo
    rem = tuple(sorted(pieces, key=lambda piece: piece.id))
    return _naive_search(board, rem, memo)


def _naive_search(board: Bitboard, rem: tuple[Piece, ...], memo: dict) -> bool:
    if not rem:
        return True
    key = (board, tuple(piece.id for piece in rem))
    if key in memo:
        return memo[key]
    found = False
    for i, piece in enumerate(rem):
        rest = rem[:i] + rem[i + 1:]
        for _, mask in piece.placements:
            if not board & mask and _naive_search(_naive_clear(board | mask), rest, memo):
                found = True
                break
        if found:
            break
    memo[key] = found
    return found


def naive_deal_hand(board: Bitboard, pieces: Sequence[Piece], stream: DealStream) -> Hand:
    """Reference dealer: the rule of RULES.md § The fair deal, spelled out, one search per candidate.

    Same draws as :func:`game.engine.deal.deal_hand`: candidates in the set's
    order (each id once), ``stream.below(len(candidates))``, and the whole set
    when no candidate is left.
    """
    first: dict[str, Piece] = {}
    for piece in pieces:
        first.setdefault(piece.id, piece)
    distinct = tuple(first.values())
    memo: dict = {}
    drawn: list[Piece] = []
    degenerate = False
    for _ in range(HAND_SIZE):
        fair = [] if degenerate else [p for p in distinct if naive_can_place_all(board, [*drawn, p], memo)]
        if not fair:
            degenerate = True
            drawn.append(distinct[stream.below(len(distinct))])
        else:
            drawn.append(fair[stream.below(len(fair))])
    return drawn[0], drawn[1], drawn[2]


# ---------------------------------------------------------------------------
# Boards
# ---------------------------------------------------------------------------


def self_play_boards(count: int, rng: random.Random) -> list[Bitboard]:
    """The boards hands were dealt on in Classic games of the random and the greedy bot (alternating)."""
    boards: list[Bitboard] = []
    game = 0
    while len(boards) < count:
        bot = random_bot if game % 2 == 0 else greedy_bot
        state = new_game(CLASSIC, b"bench-%d" % game)
        boards.append(state.board)
        for _ in range(MAX_GAME_MOVES):
            if state.status == Status.NO_MOVES:
                state = continue_game(state)
                boards.append(state.board)
                continue
            if state.status != Status.PLAYING:
                break
            deals = state.deals
            state, _ = play(state, *bot(state, rng))
            if state.deals != deals:
                boards.append(state.board)
        game += 1
    return boards[:count]


def random_boards(count: int, rng: random.Random, density: tuple[float, float] = DENSITY) -> list[Bitboard]:
    """Boards with a uniform share of ``density`` of the cells filled at random, and no full line."""
    low, high = round(density[0] * 64), round(density[1] * 64)
    boards = []
    while len(boards) < count:
        board = sum(1 << cell for cell in rng.sample(range(64), rng.randint(low, high)))
        if not has_full_line(board):
            boards.append(board)
    return boards


# ---------------------------------------------------------------------------
# Timing
# ---------------------------------------------------------------------------

Dealer = Callable[[Bitboard, Sequence[Piece], DealStream], Hand]


def time_deals(
    dealer: Dealer, boards: Sequence[Bitboard], pieces: Sequence[Piece]
) -> tuple[list[float], list[float], list[Hand]]:
    """Per deal, wall-clock and CPU milliseconds, and the hands: deal ``i`` on ``boards[i]`` with ``DealStream(b"bench", i)``.

    The CPU time (this thread's) leaves out time the process waited for a CPU,
    so it is the fairer figure on a shared machine; both are printed.
    """
    wall, cpu, hands = [], [], []
    clock, cpu_clock = time.perf_counter_ns, time.thread_time_ns
    gc.collect()
    for i, board in enumerate(boards):
        stream = DealStream(b"bench", i)
        start_cpu = cpu_clock()
        start = clock()
        hand = dealer(board, pieces, stream)
        end = clock()
        end_cpu = cpu_clock()
        wall.append((end - start) / 1e6)
        cpu.append((end_cpu - start_cpu) / 1e6)
        hands.append(hand)
    return wall, cpu, hands


def figures(times: Sequence[float]) -> dict[str, float]:
    """``median``, ``p99`` (nearest rank), ``max`` and ``mean``, in milliseconds."""
    ordered = sorted(times)
    rank = max(0, -(-99 * len(ordered) // 100) - 1)
    return {
        "median": statistics.median(ordered),
        "p99": ordered[rank],
        "max": ordered[-1],
        "mean": statistics.fmean(ordered),
    }


def _row(name: str, stats: dict[str, float], count: int) -> str:
    return (
        f"  {name:<28} n={count:>6}  median {stats['median']:8.3f} ms  p99 {stats['p99']:8.3f} ms  "
        f"max {stats['max']:8.3f} ms  mean {stats['mean']:7.3f} ms"
    )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print the figures; returns 1 if the two dealers ever disagree."""
    parser = argparse.ArgumentParser(prog="python -m tools.deal_bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument("--set", type=int, default=None, dest="challenge", help="challenge number's piece set")
    parser.add_argument("--skip-naive", action="store_true")
    args = parser.parse_args(argv)
    rng = random.Random(args.seed)
    pieces = BASE_SET if args.challenge is None else piece_set(args.challenge)

    load = os.getloadavg() if hasattr(os, "getloadavg") else ("?",)
    print(f"Block Knock! deal benchmark — Python {platform.python_version()} ({platform.python_implementation()}), "
          f"{os.cpu_count()} CPUs, load average {' '.join(f'{x:.2f}' for x in load)}")
    started = time.perf_counter()
    half = args.hands // 2
    sources = {
        "self-play (random, greedy)": self_play_boards(half, rng),
        "random 30-75% no full line": random_boards(args.hands - half, rng),
    }
    boards = [board for group in sources.values() for board in group]
    filled = [board.bit_count() for board in boards]
    print(f"{len(boards)} boards ({', '.join(f'{len(b)} {name}' for name, b in sources.items())}) "
          f"in {time.perf_counter() - started:.1f} s; filled cells median {statistics.median(filled):.0f}, "
          f"max {max(filled)}; piece set of {len(pieces)}")

    results = {"engine deal_hand": time_deals(deal_hand, boards, pieces)}
    if not args.skip_naive:
        results["naive reference"] = time_deals(naive_deal_hand, boards, pieces)

    for name, (wall, cpu, _) in results.items():
        for clock, times in (("wall clock", wall), ("CPU time", cpu)):
            print(f"{name}, {clock}:")
            print(_row("all", figures(times), len(times)))
            offset = 0
            for source, group in sources.items():
                print(_row(source, figures(times[offset:offset + len(group)]), len(group)))
                offset += len(group)

    status = 0
    engine_wall, engine_cpu, engine_hands = results["engine deal_hand"]
    for clock, times in (("wall clock", engine_wall), ("CPU time", engine_cpu)):
        stats = figures(times)
        verdict = ", ".join(
            f"{key} {stats[key]:.3f} ≤ {limit} ms {'ok' if stats[key] <= limit else 'MISSED'}"
            for key, limit in TARGETS.items()
        )
        print(f"targets ({clock}): {verdict}")
    if "naive reference" in results:
        naive_wall, naive_cpu, naive_hands = results["naive reference"]
        for clock, mine, theirs in (("wall clock", engine_wall, naive_wall), ("CPU time", engine_cpu, naive_cpu)):
            engine, naive = figures(mine), figures(theirs)
            speedup = naive["median"] / engine["median"]
            print(f"speed-up over the reference ({clock}): median {speedup:.1f}× "
                  f"({'ok' if speedup >= SPEEDUP_TARGET else 'MISSED'} ≥ {SPEEDUP_TARGET:g}×), "
                  f"p99 {naive['p99'] / engine['p99']:.1f}×, max {naive['max'] / engine['max']:.1f}×")
        same = sum(a == b for a, b in zip(engine_hands, naive_hands))
        print(f"same hands as the reference: {same} / {len(boards)}")
        status = 0 if same == len(boards) else 1
    print(f"total {time.perf_counter() - started:.1f} s")
    return status


if __name__ == "__main__":
    sys.exit(main())
