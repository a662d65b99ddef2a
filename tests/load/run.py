"""Load run: Locust players against gunicorn on PostgreSQL + Redis, then the books are checked.

``scripts/loadtest`` (10 minutes, 100 players) or ``scripts/loadtest --smoke``
(30 s, 10 players). Everything is on 127.0.0.1 and stops by itself:

1. starts PostgreSQL / Redis if they are down; a fresh database ``blockknock_load``
   and a flushed Redis database 3;
2. ``migrate`` + ``collectstatic`` and gunicorn with ``blockknock.settings.production``
   (HTTPS is pretended with ``X-Forwarded-Proto``);
3. Locust, headless (tests/load/locustfile.py);
4. stops gunicorn; check.py compares every client's ledger with the games' records
   and replays every game; ``manage.py verify_deals`` replays them again.

Prints moves/s, p50/p99 of the move and of ``GET /api/me/``, errors, the
me-to-move speed ratio and the verdict against the targets (zero errors, zero lost or
doubled moves, move p99 < 100 ms, the move at least half as fast as ``/api/me/``).
Writes var/load/<run>/summary.json. Exit status 0 only if every target holds.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

from tests.load import server
from tests.load.players import ME, MOVE
from tests.load.server import log, percentile

TARGET_P99_MS = 100.0
TARGET_RATIO = 0.5  # move speed / me speed, by median latency


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--smoke", action="store_true", help="30 s with 10 players (a quick check)")
    parser.add_argument("--users", type=int, help="simulated players (default 100; smoke 10)")
    parser.add_argument("--duration", type=int, help="seconds of load (default 600; smoke 30)")
    parser.add_argument("--workers", type=int, default=3, help="gunicorn workers (default 3 on 2 cores)")
    parser.add_argument("--port", type=int, default=8765)
    parser.add_argument("--database", default="blockknock_load")
    args = parser.parse_args(argv)
    users = args.users or (10 if args.smoke else 100)
    duration = args.duration or (30 if args.smoke else 600)

    out = server.ROOT / "var" / "load" / time.strftime("%Y%m%d-%H%M%S")
    out.mkdir(parents=True, exist_ok=True)
    server.ensure_services()
    env = server.server_env(server.fresh_database(args.database), out / "var")
    log(f"migrating {args.database}")
    server.prepare(env)
    with server.Gunicorn(env, args.port, args.workers, out / "gunicorn.log") as web:
        log(f"gunicorn up at {web.url} ({args.workers} workers); locust: {users} players for {duration} s")
        started = time.monotonic()
        loads: list[float] = []
        sampling = threading.Event()
        sampler = threading.Thread(target=_sample_load, args=(loads, sampling), daemon=True)
        sampler.start()
        with open(out / "locust.log", "w") as locust_log:
            locust = server.python(
                "-m",
                "locust",
                "-f",
                "tests/load/locustfile.py",
                "--headless",
                "--only-summary",
                "-u",
                str(users),
                "-r",
                str(max(1, users // 10)),
                "-t",
                f"{duration}s",
                "--stop-timeout",
                "10",
                "--host",
                web.url,
                "--loglevel",
                "WARNING",
                env={**env, "LOAD_OUT": str(out)},
                timeout=duration + 180,
                stdout=locust_log,
                stderr=subprocess.STDOUT,
            )
        elapsed = time.monotonic() - started
        sampling.set()
    log(f"locust exited {locust.returncode} after {elapsed:.0f} s; gunicorn stopped; checking the books")

    data = json.loads((out / "timings.json").read_text())
    figures = {}
    for name, times in sorted(data["timings"].items()):
        figures[name] = {
            "count": len(times),
            "failures": data["failures"].get(name, 0),
            "p50_ms": round(percentile(times, 50), 1),
            "p99_ms": round(percentile(times, 99), 1),
            "mean_ms": round(statistics.fmean(times), 1),
            "max_ms": round(max(times), 1),
        }
    server_times = _server_times(out / "access.log")
    for name, f in figures.items():
        times = server_times.get(name, [])
        f["server_p50_ms"] = round(percentile(times, 50), 1) if times else None
        f["server_p99_ms"] = round(percentile(times, 99), 1) if times else None
    errors = sum(f["failures"] for f in figures.values())
    move, me = figures.get(MOVE, {}), figures.get(ME, {})
    moves_ok = move.get("count", 0) - move.get("failures", 0)
    ratio = me["p50_ms"] / move["p50_ms"] if move and me else float("nan")

    check = server.python("-m", "tests.load.check", str(out / "ledger.json"), env=env, capture_output=True)
    books = (
        json.loads(check.stdout.strip().splitlines()[-1])
        if check.stdout.strip()
        else {"ok": False, "error": check.stderr[-2000:]}
    )
    verify = server.manage(env, "verify_deals", check=False)

    summary = {
        "users": users,
        "duration_s": duration,
        "workers": args.workers,
        "elapsed_s": round(elapsed, 1),
        "moves_per_s": round(moves_ok / duration, 1),
        "requests": figures,
        "errors": errors,
        "me_to_move_speed_ratio": round(ratio, 2),
        "books": books,
        "verify_deals": (verify.stdout + verify.stderr).strip().splitlines()[-1:],
        "verify_deals_ok": verify.returncode == 0,
        "load_average": {
            "min": min(loads, default=None),
            "max": max(loads, default=None),
            "mean": round(statistics.fmean(loads), 2) if loads else None,
            "cores": os.cpu_count(),
        },
    }
    targets = {
        "zero errors": errors == 0 and locust.returncode == 0,
        "zero lost or doubled moves": bool(books.get("ok")) and not books.get("lost") and not books.get("doubled"),
        f"move p99 < {TARGET_P99_MS:.0f} ms": move.get("p99_ms", 1e9) < TARGET_P99_MS,
        "move at least half as fast as /api/me/": ratio >= TARGET_RATIO,
        "verify_deals clean": verify.returncode == 0,
    }
    summary["targets"] = targets
    (out / "summary.json").write_text(json.dumps(summary, indent=2))

    print()
    print(f"Load: {users} players, {duration} s, gunicorn {args.workers} workers, PostgreSQL + Redis on 127.0.0.1")
    print("client-side latency (Locust), and server-side (gunicorn access log) p50/p99:")
    print(
        f"{'request':32} {'count':>6} {'fail':>4} {'p50 ms':>7} {'p99 ms':>7} {'mean':>7} {'max':>7} "
        f"{'srv p50':>7} {'srv p99':>7}"
    )
    for name, f in figures.items():
        print(
            f"{name:32} {f['count']:>6} {f['failures']:>4} {f['p50_ms']:>7} {f['p99_ms']:>7} {f['mean_ms']:>7} "
            f"{f['max_ms']:>7} {f['server_p50_ms']!s:>7} {f['server_p99_ms']!s:>7}"
        )
    print(f"load average during the run (1 min, sampled): {summary['load_average']}")
    print(f"moves/s: {summary['moves_per_s']}   errors: {errors}   /api/me/ p50 ÷ move p50: {ratio:.2f}")
    print("books:", books.get("summary") or _books_line(books))
    print("verify_deals:", " ".join(summary["verify_deals"]))
    for name, ok in targets.items():
        print(f"  [{'PASS' if ok else 'FAIL'}] {name}")
    print(f"details: {out / 'summary.json'}")
    return 0 if all(targets.values()) else 1


def _sample_load(loads: list[float], done: threading.Event) -> None:
    """The 1-minute load average every 10 s: the machine is shared, so say how busy it was."""
    while not done.wait(10):
        loads.append(os.getloadavg()[0])


def _server_times(path: Path) -> dict[str, list[float]]:
    """Server-side milliseconds per request name, from the access log ("%(M)s %(m)s %(U)s %(s)s")."""
    times: dict[str, list[float]] = {}
    if not path.exists():
        return times
    for line in path.read_text().splitlines():
        parts = line.split()
        if len(parts) != 4:
            continue
        name = f"{parts[1]} {re.sub(r'/games/[0-9]+/', '/games/[id]/', parts[2])}"
        times.setdefault(name, []).append(float(parts[0]))
    return times


def _books_line(books: dict) -> str:
    if "error" in books:
        return "check failed: " + books["error"]
    return (
        f"games {books['games']} (+{books['unseen_games']} unseen), moves answered 200: {books['moves_ok']}, "
        f"stored: {books['moves_stored']}, lost: {len(books['lost'])}, doubled: {len(books['doubled'])}, "
        f"mismatched: {len(books['mismatched'])}, replay mismatches: {len(books['audit'])}"
    )


if __name__ == "__main__":
    sys.exit(main())
