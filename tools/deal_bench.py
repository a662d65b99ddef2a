"""Benchmark of the fair deal: ``python -m tools.deal_bench [BOARDS]`` (prints figures; not a test).

Times, in one run and on the same boards (a file of hex boards, bit ``row * 8 + col``,
one a line; default ``tools/bench_data/boards.txt``: 3,000 boards, 2,000 from random self-play
and 1,000 random fillings of 30–75 % with no full line):

- the engine's dealer 1 and dealer 2 (:func:`game.engine.deal.deal_hand`, base set,
  deal ``i`` on board ``i`` with ``DEALERS[v].stream(b"bench", None, i)``);
- the naive C dealer ``dealc.c`` found next to the boards (``--dealc`` to point
  elsewhere), compiled with ``gcc -O2`` into a temporary directory at run time and run
  with the rule of each engine dealer (its second argument: ``1`` a piece placeable with
  the pieces already drawn, ``2`` today's rule, also fitting the board as dealt), so
  each dealer is held to the C dealer of its own rule.

It prints median, p99 and max per dealer (wall clock, as the C dealer measures)
and the median ratios engine / C; absolute times on a shared machine move from
run to run, the ratios much less. ``--naive N`` also deals the first ``N`` boards
with :func:`naive_deal_hand`, a plain reference dealer written here (both
versions), and checks that the engine deals exactly the same hands.

The reference decides each candidate with a memoised depth-first search over
placements in every order (:func:`naive_can_place_all`): every remaining piece,
every anchor of its placement table, all 16 lines checked after each placement.
It shares nothing with the engine's deal, tables or solver but the pieces.

>>> from game.engine.pieces import BASE_SET
>>> from game.engine.stream import DealStream, HmacStream
>>> [p.id for p in naive_deal_hand(0, BASE_SET, DealStream(b"example seed", 0))]
['T4-up', 'I3-v', 'T4-down']
>>> [p.id for p in naive_deal_hand(0, BASE_SET, HmacStream(b"example seed", None, 0))]
['T4-left', 'L4-180', 'J4-180']
"""

from __future__ import annotations

import argparse
import gc
import os
import platform
import re
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeAlias

from game.engine.bitboard import LINE_MASKS, Bitboard
from game.engine.deal import DEALERS, HAND_SIZE, Hand, Stream, deal_hand
from game.engine.pieces import BASE_SET, Piece

__all__ = ["main", "naive_can_place_all", "naive_deal_hand", "naive_fits"]

REPO_ROOT = Path(__file__).resolve().parents[1]

DEFAULT_BOARDS = REPO_ROOT / "tools" / "bench_data" / "boards.txt"
"""The fixed benchmark boards (with ``dealc.c`` beside them)."""

MAX_MS = 5.0
"""Target: no deal takes longer."""

C_RATIO = 10.0
"""Target: the engine's dealer-2 median is within this factor of the C dealer's."""

SEED = b"bench"


# ---------------------------------------------------------------------------
# The reference dealer
# ---------------------------------------------------------------------------


def _naive_clear(board: Bitboard) -> Bitboard:
    full = 0
    for line in LINE_MASKS:
        if board & line == line:
            full |= line
    return board & ~full


def naive_fits(board: Bitboard, piece: Piece) -> bool:
    """Whether ``piece`` has a placement on ``board`` (its placement table, one AND each)."""
    return any(not board & mask for _, mask in piece.placements)


#: a dealer function: :func:`game.engine.deal.deal_hand` or :func:`naive_deal_hand`
Dealer: TypeAlias = Callable[[Bitboard, Sequence[Piece], Stream], Hand]
#: the reference search's memo, ``{(board, ids): placeable}``
NaiveMemo: TypeAlias = dict[tuple[Bitboard, tuple[str, ...]], bool]


def naive_can_place_all(board: Bitboard, pieces: Sequence[Piece], memo: NaiveMemo | None = None) -> bool:
    """Reference: try every remaining piece first, at every anchor, recursively; memoised on (board, ids).

    >>> from game.engine.pieces import PIECES
    >>> naive_can_place_all(0, [PIECES["O9"]] * 4), naive_can_place_all(0, [PIECES["O9"]] * 5)
    (True, False)
    """
    memo = {} if memo is None else memo
    rem = tuple(sorted(pieces, key=lambda piece: piece.id))
    return _naive_search(board, rem, memo)


def _naive_search(board: Bitboard, rem: tuple[Piece, ...], memo: NaiveMemo) -> bool:
    if not rem:
        return True
    key = (board, tuple(piece.id for piece in rem))
    if key in memo:
        return memo[key]
    found = False
    for i, piece in enumerate(rem):
        rest = rem[:i] + rem[i + 1 :]
        for _, mask in piece.placements:
            if not board & mask and _naive_search(_naive_clear(board | mask), rest, memo):
                found = True
                break
        if found:
            break
    memo[key] = found
    return found


def naive_deal_hand(board: Bitboard, pieces: Sequence[Piece], stream: Stream) -> Hand:
    """Reference dealer: the rule of docs/rules.md § The fair deal of the stream's dealer, spelled out.

    Same draws as :func:`game.engine.deal.deal_hand`: candidates in the set's
    order (each id once) — under dealer 2 only those that fit the board as
    dealt — ``stream.below(len(candidates))``, and the whole set when no
    candidate is left.
    """
    first: dict[str, Piece] = {}
    for piece in pieces:
        first.setdefault(piece.id, piece)
    distinct = tuple(first.values())
    if DEALERS[stream.dealer].fits_as_dealt:
        candidates = tuple(piece for piece in distinct if naive_fits(board, piece))
    else:
        candidates = distinct
    memo: NaiveMemo = {}
    drawn: list[Piece] = []
    while len(drawn) < HAND_SIZE:
        fair = [p for p in candidates if naive_can_place_all(board, [*drawn, p], memo)]
        if not fair:
            break
        drawn.append(fair[stream.below(len(fair))])
    while len(drawn) < HAND_SIZE:
        drawn.append(distinct[stream.below(len(distinct))])
    return drawn[0], drawn[1], drawn[2]


# ---------------------------------------------------------------------------
# Timing
# ---------------------------------------------------------------------------


def time_deals(dealer: Dealer, boards: Sequence[Bitboard], version: int) -> tuple[list[float], list[float], list[Hand]]:
    """Per deal, wall-clock and CPU milliseconds, and the hands: deal ``i`` on ``boards[i]`` (base set).

    The CPU time (this thread's) leaves out time spent waiting for a CPU on a busy machine.
    """
    make_stream = DEALERS[version].stream
    times, cpu, hands = [], [], []
    clock, cpu_clock = time.perf_counter_ns, time.thread_time_ns
    dealer(boards[0], BASE_SET, make_stream(SEED, None, 0))  # warm up: tables are built once per set
    gc.collect()
    for i, board in enumerate(boards):
        stream = make_stream(SEED, None, i)
        start_cpu, start = cpu_clock(), clock()
        hand = dealer(board, BASE_SET, stream)
        end, end_cpu = clock(), cpu_clock()
        times.append((end - start) / 1e6)
        cpu.append((end_cpu - start_cpu) / 1e6)
        hands.append(hand)
    return times, cpu, hands


def figures(times: Sequence[float]) -> dict[str, float]:
    """``median``, ``p99`` (nearest rank) and ``max``, in milliseconds."""
    ordered = sorted(times)
    rank = max(0, -(-99 * len(ordered) // 100) - 1)
    return {"median": statistics.median(ordered), "p99": ordered[rank], "max": ordered[-1]}


def c_figures(dealc: Path, boards: Path, rules: Sequence[int]) -> dict[int, dict[str, float]]:
    """Compile ``dealc`` with ``gcc -O2`` in a temporary directory, run it on ``boards`` under each rule."""
    figures_by_rule = {}
    with tempfile.TemporaryDirectory() as tmp:
        binary = Path(tmp) / "dealc"
        subprocess.run(["gcc", "-O2", "-w", "-o", str(binary), str(dealc)], check=True)
        for rule in rules:
            run = [str(binary), str(boards), str(rule)]
            out = subprocess.run(run, check=True, capture_output=True, text=True).stdout
            found = re.search(rf"rule {rule}\): n=\d+ median=([\d.]+)ms p99=([\d.]+)ms max=([\d.]+)ms", out)
            if found is None:
                raise RuntimeError(f"unexpected output of {dealc.name} {rule}: {out!r}")
            figures_by_rule[rule] = dict(zip(("median", "p99", "max"), map(float, found.groups())))
    return figures_by_rule


def _row(name: str, stats: dict[str, float]) -> str:
    return f"  {name:<18} median {stats['median']:8.4f} ms  p99 {stats['p99']:8.4f} ms  max {stats['max']:8.3f} ms"


def _check(boards: Sequence[Bitboard], hands: dict[int, list[Hand]]) -> bool:
    """Deal the boards with the reference dealer (both versions); print and answer whether all hands agree."""
    same = True
    for version, dealt in hands.items():
        reference = time_deals(naive_deal_hand, boards, version)[2]
        agree = sum(a == b for a, b in zip(dealt, reference))
        print(f"dealer {version}: same hands as the reference dealer on {agree} / {len(boards)} boards")
        same = same and agree == len(boards)
    return same


def main(argv: Sequence[str] | None = None) -> int:
    """Run the benchmark and print the figures; returns 1 if the engine and the reference ever disagree."""
    parser = argparse.ArgumentParser(prog="python -m tools.deal_bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("boards", nargs="?", type=Path, default=DEFAULT_BOARDS, help="hex boards, one a line")
    parser.add_argument("--dealc", type=Path, default=None, help="the naive C dealer (default: beside the boards)")
    parser.add_argument("--naive", type=int, default=0, metavar="N", help="check N boards against the reference")
    args = parser.parse_args(argv)
    boards = [int(line, 16) for line in args.boards.read_text().split()]
    dealc = args.dealc or args.boards.parent / "dealc.c"
    load = " ".join(f"{x:.2f}" for x in os.getloadavg())
    print(
        f"Block Knock! deal benchmark — Python {platform.python_version()}, {os.cpu_count()} CPUs, "
        f"load {load}; {len(boards)} boards from {args.boards.name}, base set"
    )

    results = {f"engine dealer {v}": time_deals(deal_hand, boards, v) for v in (1, 2)}
    stats = {name: figures(times) for name, (times, _, _) in results.items()}
    cpu = {name: figures(times) for name, (_, times, _) in results.items()}
    c = c_figures(dealc, args.boards, (1, 2))
    stats.update({f"C naive (rule {rule})": row for rule, row in c.items()})
    print("wall clock:")
    for name, row in stats.items():
        print(_row(name, row))
    print("CPU time (this thread):")
    for name, row in cpu.items():
        print(_row(name, row))
    one, two = stats["engine dealer 1"], stats["engine dealer 2"]
    for v in (1, 2):
        ratio = stats[f"engine dealer {v}"]["median"] / c[v]["median"]
        print(f"median ratio engine dealer {v} / C rule {v}: {ratio:.1f}×")
    print(
        f"targets: dealer 2 median ≤ dealer 1 median {'ok' if two['median'] <= one['median'] else 'MISSED'}; "
        f"dealer 2 / C rule 2 ≤ {C_RATIO:g}× {'ok' if two['median'] <= C_RATIO * c[2]['median'] else 'MISSED'}; "
        f"dealer 2 max < {MAX_MS:g} ms (CPU) {'ok' if cpu['engine dealer 2']['max'] < MAX_MS else 'MISSED'}"
    )
    if args.naive:
        dealt = {v: results[f"engine dealer {v}"][2][: args.naive] for v in (1, 2)}
        return 0 if _check(boards[: args.naive], dealt) else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
