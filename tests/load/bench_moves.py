"""Benchmark: moves per second against the framework's floor, in one run on one server.

``scripts/benchmark`` (60 s per setting) or ``scripts/benchmark --smoke`` (a
quick check). Prints figures; it is not a timed test and asserts no target.

The server is the load run's (server.py: gunicorn with the production settings
on PostgreSQL and Redis on 127.0.0.1, a fresh database ``blockknock_bench``), with
the rate limits raised out of reach (bench_settings.py: the throttle still counts
every request). For each concurrency C (default 8, 32, 64), three closed-loop
phases of ``--seconds`` each, C clients at a time, every client on its own
keep-alive connection and posting its next request the moment the last is
answered:

- **moves**: each client is a guest (``POST /api/auth/guest/``) playing Classic
  games through the JSON API: a legal move computed from the Game JSON
  (players.quick_move), Continue or No thanks at "No moves left", a new game
  when one ends. Every answer goes into a ledger;
- **me**: guests reading ``GET /api/me/``;
- **bare**: ``GET /healthz``, a Django JSON view with no database and no auth:
  the framework's floor on this machine, measured in the same run because the
  machine is shared and the figures are only comparable within a run.

Each phase also reads, from /proc, the CPU time the web server (arbiter and
workers) and the database's backends spent in its timed window, per answered
request: on a shared machine the rates move with the other jobs, the work per
request much less.

The clients run in ``--client-procs`` processes (threads within each). Then
check.py compares the ledger with the games' records (no move lost or
doubled, scores add up, every game replays). Writes var/bench/<run>/summary.json.
"""

from __future__ import annotations

import argparse
import http.client
import json
import multiprocessing
import os
import random
import sys
import threading
import time
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from tests.load import server
from tests.load.players import Ledger, quick_move
from tests.load.server import log, percentile

HEADERS = {"X-Forwarded-Proto": "https", "Content-Type": "application/json"}
TIMEOUT_S = 30
PHASES = ("moves", "me", "bare")
SETTINGS_MODULE = "tests.load.bench_settings"


class Dropped(Exception):
    """A request without an answer (connection error or timeout): its outcome is unknown."""


@dataclass
class Tally:
    """One client process's figures for one phase."""

    done: int = 0  # answered as expected within the timed window (moves: 200s)
    times_ms: list[float] = field(default_factory=list)
    errors: Counter = field(default_factory=Counter)
    throttled: int = 0


class Client(threading.Thread):
    """One closed-loop client of a phase, on one keep-alive connection."""

    def __init__(self, kind: str, port: int, window: tuple[float, float], ledger: Ledger, seed: int):
        super().__init__(daemon=True)
        self.kind, self.port, self.window, self.ledger = kind, port, window, ledger
        self.rng = random.Random(seed)
        self.conn = http.client.HTTPConnection("127.0.0.1", port, timeout=TIMEOUT_S)
        self.headers = dict(HEADERS)
        self.tally = Tally()
        self.game: dict | None = None

    def request(self, method: str, path: str, body=None) -> tuple[int, dict, float]:
        started = time.perf_counter()
        try:
            self.conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=self.headers)
            answer = self.conn.getresponse()
            data = answer.read()
        except (OSError, http.client.HTTPException) as exc:
            self.conn.close()  # the next request reconnects
            self.tally.errors[type(exc).__name__] += 1
            raise Dropped(repr(exc)) from exc
        elapsed = (time.perf_counter() - started) * 1000
        if answer.status == 429:
            self.tally.throttled += 1
        elif answer.status >= 400:
            self.tally.errors[f"{answer.status} {method} {path.split('/')[2]}"] += 1
        return answer.status, (json.loads(data) if data else {}), elapsed

    def timed(self, elapsed_ms: float) -> None:
        if time.monotonic() < self.window[1]:
            self.tally.done += 1
            self.tally.times_ms.append(elapsed_ms)

    def run(self) -> None:
        if self.kind != "bare":
            status, guest, _ = self.request("POST", "/api/auth/guest/")
            if status != 201:
                return
            self.headers["Authorization"] = f"Token {guest['token']}"
            self.conn.close()  # a fresh connection at the start: the server may close an idle one meanwhile
        time.sleep(max(0.0, self.window[0] - time.monotonic()))
        while time.monotonic() < self.window[1]:
            try:
                self.step()
            except Dropped:
                if self.game is not None:
                    self.ledger.unknown(self.game["id"])
                    self.resync()

    def step(self) -> None:
        if self.kind == "me":
            status, _, elapsed = self.request("GET", "/api/me/")
            if status == 200:
                self.timed(elapsed)
        elif self.kind == "bare":
            status, _, elapsed = self.request("GET", "/healthz")
            if status == 200:
                self.timed(elapsed)
        elif self.game is None or self.game["status"] in ("over", "won"):
            status, game, _ = self.request("POST", "/api/games/", {"mode": "classic"})
            self.game = game if status == 201 else None
            if self.game:
                self.ledger.seen(game["id"], game)
        elif self.game["status"] == "no_moves":
            self.game_event("continue" if self.game["continues_left"] else "decline")
        else:
            self.move()

    def move(self) -> None:
        gid, number = self.game["id"], self.game["moves"]
        move = quick_move(self.game, self.rng)
        if move is None:  # the shown board has no room: the server says more
            self.resync()
            return
        slot, row, col = move
        body = {"slot": slot, "row": row, "col": col, "move_number": number}
        status, answer, elapsed = self.request("POST", f"/api/games/{gid}/moves/", body)
        if status == 200:
            self.timed(elapsed)
            self.ledger.move_ok(gid, number, answer["result"]["points"], answer["game"])
            self.game = answer["game"]
        else:
            self.resync()

    def game_event(self, kind: str) -> None:
        gid = self.game["id"]
        status, answer, _ = self.request("POST", f"/api/games/{gid}/{kind}/")
        if status == 200:
            self.ledger.event_ok(gid, kind, answer)
            self.game = answer
        else:
            self.resync()

    def resync(self) -> None:
        try:
            status, game, _ = self.request("GET", f"/api/games/{self.game['id']}/")
        except Dropped:
            return  # still unknown: try again on the next step
        if status == 200:
            self.game = game
            self.ledger.seen(game["id"], game)


def client_process(
    kind: str, clients: int, port: int, window: tuple[float, float], seed: int, ledger_path: str
) -> dict:
    """Run ``clients`` threads of ``kind`` for one phase (in a child process); their tally.

    ``window``: the timed part of the phase, in ``time.monotonic()`` (one clock for every process).
    """
    ledger = Ledger()
    threads = [Client(kind, port, window, ledger, seed * 1000 + i) for i in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if kind == "moves":
        ledger.save(Path(ledger_path))
    tally = Tally()
    for thread in threads:
        tally.done += thread.tally.done
        tally.times_ms += thread.tally.times_ms
        tally.errors.update(thread.tally.errors)
        tally.throttled += thread.tally.throttled
    return {"done": tally.done, "times_ms": tally.times_ms, "errors": dict(tally.errors), "throttled": tally.throttled}


def cpu_used(web: server.Gunicorn, database: str, window: tuple[float, float]) -> tuple[float, float]:
    """CPU seconds of the web server and of its database backends within ``window`` (waits for its end)."""
    time.sleep(max(0.0, window[0] - time.monotonic()))
    web_before, db_before = web.cpu_seconds(), server.database_cpu_seconds(database)
    time.sleep(max(0.0, window[1] - time.monotonic()))
    return web.cpu_seconds() - web_before, server.cpu_between(db_before, server.database_cpu_seconds(database))


def phase(kind: str, concurrency: int, args, out: Path, web: server.Gunicorn) -> dict:
    """One phase at ``concurrency`` clients: requests per second, p50/p99, errors, 429s, and
    the CPU milliseconds per answered request of the web server and of PostgreSQL (figures
    that the machine's other jobs disturb much less than the rates)."""
    procs = min(args.client_procs, concurrency)
    shares = [concurrency // procs + (i < concurrency % procs) for i in range(procs)]
    start = time.monotonic() + 2 + 0.05 * concurrency  # time for every client to become a guest first
    window = (start, start + args.seconds)
    jobs = [
        (kind, n, args.port, window, concurrency * 10 + i, str(out / f"ledger-{concurrency}-{i}.json"))
        for i, n in enumerate(shares)
    ]
    with multiprocessing.get_context("fork").Pool(procs) as pool:
        running = pool.starmap_async(client_process, jobs)
        web_cpu, db_cpu = cpu_used(web, args.database, window)
        tallies = running.get()
    done = sum(t["done"] for t in tallies)
    times = [t for tally in tallies for t in tally["times_ms"]]
    errors = Counter()
    for tally in tallies:
        errors.update(tally["errors"])
    return {
        "per_s": round(done / args.seconds, 1),
        "p50_ms": round(percentile(times, 50), 1),
        "p99_ms": round(percentile(times, 99), 1),
        "errors": dict(errors),
        "throttled": sum(t["throttled"] for t in tallies),
        "web_cpu_ms": round(web_cpu * 1000 / done, 2) if done else None,
        "db_cpu_ms": round(db_cpu * 1000 / done, 2) if done else None,
    }


def run(args, out: Path) -> tuple[dict, dict]:
    """Every phase at every concurrency against one server; then the books. ``(results, books)``."""
    server.ensure_services()
    env = server.server_env(server.fresh_database(args.database), out / "var")
    env["DJANGO_SETTINGS_MODULE"] = SETTINGS_MODULE
    server.prepare(env)
    results: dict = {}
    with server.Gunicorn(env, args.port, args.workers, out / "gunicorn.log", args.gunicorn) as web:
        log(f"gunicorn up at {web.url}: --workers {args.workers} {' '.join(args.gunicorn) or '(gunicorn.conf.py)'}")
        for concurrency in args.concurrency:
            for kind in PHASES:
                loads = os.getloadavg()[0]
                results[f"{concurrency} {kind}"] = figures = phase(kind, concurrency, args, out, web)
                figures["load_before"] = round(loads, 2)
                log(f"C={concurrency} {kind}: {figures}")
    ledgers = sorted(str(p) for p in out.glob("ledger-*.json"))
    check = server.python("-m", "tests.load.check", *ledgers, env=env, capture_output=True)
    lines = check.stdout.strip().splitlines()
    books = json.loads(lines[-1]) if lines else {"ok": False, "error": check.stderr[-2000:]}
    return results, books


def table(args, results: dict, books: dict) -> str:
    """The figures as a Markdown table (the issue's format), with errors, 429s and the books."""
    rows = [
        "| C | moves/s | move p50 / p99 | `/api/me/` per s (p50 / p99) | bare view per s (p50 / p99) "
        "| moves ÷ bare | errors | 429 |"
        " web CPU ms per move / me / bare | PostgreSQL CPU ms per move |",
        "|---|---|---|---|---|---|---|---|---|---|",
    ]
    for c in args.concurrency:
        move, me, bare = (results[f"{c} {kind}"] for kind in PHASES)
        errors = sum(sum(r["errors"].values()) for r in (move, me, bare))
        throttled = sum(r["throttled"] for r in (move, me, bare))
        ratio = move["per_s"] / bare["per_s"] if bare["per_s"] else float("nan")
        rows.append(
            f"| {c} | {move['per_s']} | {move['p50_ms']} / {move['p99_ms']} ms "
            f"| {me['per_s']} ({me['p50_ms']} / {me['p99_ms']} ms) "
            f"| {bare['per_s']} ({bare['p50_ms']} / {bare['p99_ms']} ms) "
            f"| {ratio:.0%} | {errors} | {throttled} "
            f"| {move['web_cpu_ms']} / {me['web_cpu_ms']} / {bare['web_cpu_ms']} | {move['db_cpu_ms']} |"
        )
    rows.append("")
    if "error" in books:
        rows.append(f"books: check failed: {books['error']}")
    else:
        counts = {key: len(value) if isinstance(value, list) else value for key, value in books.items() if key != "ok"}
        rows.append(f"books: {'OK' if books['ok'] else 'NOT OK'}: " + ", ".join(f"{k} {v}" for k, v in counts.items()))
    return "\n".join(rows)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--smoke", action="store_true", help="5 s per setting at C = 4, 8 (a quick check)")
    parser.add_argument("--seconds", type=float, help="seconds per phase (default 60; smoke 5)")
    parser.add_argument("--concurrency", type=lambda s: [int(c) for c in s.split(",")], help="default 8,32,64")
    parser.add_argument("--workers", type=int, default=3, help="gunicorn workers (default 3)")
    parser.add_argument("--client-procs", type=int, default=2, help="client processes (default 2)")
    parser.add_argument("--port", type=int, default=8767)
    parser.add_argument("--database", default="blockknock_bench")
    parser.add_argument(
        "gunicorn", nargs="*", help="more gunicorn flags after --, e.g. -- --worker-class gthread --threads 4"
    )
    args = parser.parse_args(argv)
    args.seconds = args.seconds or (5 if args.smoke else 60)
    args.concurrency = args.concurrency or ([4, 8] if args.smoke else [8, 32, 64])

    out = server.ROOT / "var" / "bench" / time.strftime("%Y%m%d-%H%M%S")
    out.mkdir(parents=True, exist_ok=True)
    results, books = run(args, out)
    text = table(args, results, books)
    (out / "summary.json").write_text(json.dumps({"results": results, "books": books, "argv": sys.argv[1:]}, indent=2))
    print()
    print(
        f"Benchmark: gunicorn --workers {args.workers} {' '.join(args.gunicorn) or '(gunicorn.conf.py)'}, "
        f"{args.seconds:.0f} s per phase, {os.cpu_count()} cores, PostgreSQL + Redis on 127.0.0.1"
    )
    print(text)
    print(f"details: {out / 'summary.json'}")
    return 0 if books.get("ok") else 1


if __name__ == "__main__":
    sys.exit(main())
