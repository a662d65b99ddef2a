"""Fault run: play while a web worker is killed mid-move, PostgreSQL restarts and Redis stops.

``scripts/faults`` (about two minutes). Same production-like server as the load
run (server.py: gunicorn + ``blockknock.settings.production`` on PostgreSQL and
Redis on 127.0.0.1, a fresh database ``blockknock_faults``). Player threads play
Classic games through the JSON API without pause, one request at a time each,
and write down every answer (players.Ledger). A request that fails without an
answer, or with a 5xx, has an unknown outcome: the player resyncs from
``GET /api/games/{id}/`` (retrying with backoff until the server answers) and
plays on from the server's state, as the browser board does.

Phases, with play going on throughout:

1. steady play;
2. ``SIGKILL`` to a gunicorn worker, five times, while every worker is busy
   with moves (gunicorn starts a new one);
3. PostgreSQL restarts (``pg_ctlcluster --skip-systemctl-redirect <version> main restart``);
4. Redis is stopped (``redis-cli shutdown nosave``) for a while, then started again
   (``redis-server --daemonize yes ...`` as .ci/run does);
5. steady play again.

Then the books (check.py: every move answered 200 is stored with its points,
nothing beyond those except requests of unknown outcome, scores add up, every
game replays from its seed) and ``manage.py verify_deals`` over every game.
Prints each phase's answers and the outcome; exit status 0 when no game is
corrupted and no committed move is lost.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
from collections import Counter

from tests.load import server
from tests.load.players import Ledger, choose_move
from tests.load.server import log

HEADERS = {"X-Forwarded-Proto": "https", "Content-Type": "application/json"}
TIMEOUT_S = 10
THINK_S = 0.2  # between requests: fast play, under the 300-a-minute move rate


class Outcome(Exception):
    """No usable answer: ``kind`` is ``"5xx"``, ``"dropped"`` (connection error) or ``"timeout"``."""

    def __init__(self, kind: str, detail: str = ""):
        super().__init__(f"{kind}: {detail}")
        self.kind = kind


class Tally:
    """Answers counted per phase."""

    def __init__(self):
        self.phase = "start"
        self.counts: dict[str, Counter] = {}
        self.lock = threading.Lock()

    def add(self, what: str) -> None:
        with self.lock:
            self.counts.setdefault(self.phase, Counter())[what] += 1


class PlayerThread(threading.Thread):
    def __init__(self, port: int, ledger: Ledger, tally: Tally, stop: threading.Event, seed: int):
        super().__init__(daemon=True)
        self.port, self.ledger, self.tally, self.stop = port, ledger, tally, stop
        self.rng = random.Random(seed)
        self.token = None
        self.game = None
        self.error: BaseException | None = None

    def request(self, method: str, path: str, body=None) -> tuple[int, dict]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=TIMEOUT_S)
        headers = dict(HEADERS)
        if self.token:
            headers["Authorization"] = f"Token {self.token}"
        try:
            conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=headers)
            answer = conn.getresponse()
            data = answer.read()
        except TimeoutError as exc:
            self.tally.add("timeout")
            raise Outcome("timeout", str(exc)) from exc
        except (OSError, http.client.HTTPException) as exc:
            self.tally.add("dropped")
            raise Outcome("dropped", repr(exc)) from exc
        finally:
            conn.close()
        self.tally.add(str(answer.status))
        if answer.status >= 500:
            raise Outcome("5xx", f"{answer.status} {data[:120]!r}")
        return answer.status, (json.loads(data) if data else {})

    def until_answered(self, method: str, path: str, body=None) -> tuple[int, dict]:
        """Retry a request that is safe to repeat (a read, a guest) with backoff until the server answers."""
        delay = 0.1
        while True:
            try:
                return self.request(method, path, body)
            except Outcome:
                if self.stop.is_set():
                    raise
                time.sleep(delay)
                delay = min(2.0, delay * 2)

    def resync(self) -> None:
        status, game = self.until_answered("GET", f"/api/games/{self.game['id']}/")
        if status != 200:
            raise AssertionError(f"resync of game {self.game['id']}: {status} {game}")
        self.game = game
        self.ledger.seen(game["id"], game)

    def start_game(self) -> None:
        try:
            status, game = self.request("POST", "/api/games/", {"mode": "classic"})
        except Outcome:
            # unknown: a game may have started; the next start abandons it (check.py audits unseen games)
            self.game = None
            time.sleep(0.2)
            return
        if status != 201:
            raise AssertionError(f"start: {status} {game}")
        self.game = game
        self.ledger.seen(game["id"], game)

    def step(self) -> None:
        if self.game is None:
            self.start_game()
            return
        gid = self.game["id"]
        status_now = self.game["status"]
        if status_now in ("over", "won"):
            self.start_game()
            return
        if status_now == "no_moves":
            kind = "continue" if self.game["continues_left"] else "decline"
            path, body = f"/api/games/{gid}/{kind}/", None
        else:
            move = choose_move(self.game, self.rng)
            if move is None:
                self.resync()
                return
            kind = "move"
            slot, row, col = move
            number = self.game["moves"]
            path, body = f"/api/games/{gid}/moves/", {"slot": slot, "row": row, "col": col, "move_number": number}
        try:
            status, answer = self.request("POST", path, body)
        except Outcome:
            self.ledger.unknown(gid)
            self.resync()
            return
        if status == 429:  # over the move rate: wait as told
            time.sleep(1)
            return
        if status != 200:  # 409 stale_move / not_playing after a resync race: resync
            self.tally.add(f"refused {answer.get('error')}")
            self.resync()
            return
        if kind == "move":
            self.ledger.move_ok(gid, number, answer["result"]["points"], answer["game"])
            self.game = answer["game"]
        else:
            self.ledger.event_ok(gid, kind, answer)
            self.game = answer

    def run(self) -> None:
        try:
            _status, guest = self.until_answered("POST", "/api/auth/guest/")
            self.token = guest["token"]
            while not self.stop.is_set():
                self.step()
                time.sleep(THINK_S)
        except Outcome:
            pass  # stopping while the server is unreachable
        except BaseException as exc:
            self.error = exc


def _busy_worker(web: server.Gunicorn) -> int | None:
    """A worker that is running (on CPU, most likely in a request) if one is, else any worker."""
    workers = web.worker_pids()
    for pid in workers:
        try:
            with open(f"/proc/{pid}/stat") as stat:
                if stat.read().split(") ", 1)[1].startswith("R"):
                    return pid
        except OSError:
            continue
    return random.choice(workers) if workers else None


def redis_stop() -> None:
    subprocess.run(["redis-cli", "-h", "127.0.0.1", "-p", "6379", "shutdown", "nosave"], capture_output=True)
    server.wait_until(lambda: not server.port_open(server.REDIS), "Redis stop", timeout=20)


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--players", type=int, default=12)
    parser.add_argument("--workers", type=int, default=3)
    parser.add_argument("--port", type=int, default=8766)
    parser.add_argument("--phase-seconds", type=float, default=12)
    parser.add_argument("--database", default="blockknock_faults")
    args = parser.parse_args(argv)

    out = server.ROOT / "var" / "faults" / time.strftime("%Y%m%d-%H%M%S")
    out.mkdir(parents=True, exist_ok=True)
    server.ensure_services()
    env = server.server_env(server.fresh_database(args.database), out / "var")
    server.prepare(env)
    ledger, tally, stop = Ledger(), Tally(), threading.Event()
    notes: list[str] = []
    web = server.Gunicorn(env, args.port, args.workers, out / "gunicorn.log").start()
    players = [PlayerThread(args.port, ledger, tally, stop, seed) for seed in range(args.players)]
    try:
        log(f"gunicorn up at {web.url}; {args.players} players")
        for player in players:
            player.start()

        tally.phase = "1 steady"
        time.sleep(args.phase_seconds)

        tally.phase = "2 worker killed mid-move"
        # Kill a busy worker (once all are up again) until at least three requests were cut
        # off mid-flight, at most 15 times.
        killed = 0
        deadline = time.monotonic() + 60
        while killed < 15 and tally.counts.get(tally.phase, Counter())["dropped"] < 3 and time.monotonic() < deadline:
            pid = _busy_worker(web) if len(web.worker_pids()) >= args.workers else None
            if pid:
                os.kill(pid, signal.SIGKILL)
                killed += 1
                time.sleep(0.5)
            else:
                time.sleep(0.05)
        time.sleep(args.phase_seconds / 2)
        notes.append(f"SIGKILL sent to {killed} workers; requests cut off: {tally.counts[tally.phase]['dropped']}")
        log(notes[-1])

        tally.phase = "3 PostgreSQL restart"
        started = time.monotonic()
        server.pg_ctl("restart")
        server.wait_until(lambda: server.port_open(server.PG), "PostgreSQL")
        notes.append(f"PostgreSQL restarted in {time.monotonic() - started:.1f} s")
        log(notes[-1])
        time.sleep(args.phase_seconds)

        tally.phase = "4 Redis down"
        redis_stop()
        notes.append("Redis stopped")
        log(notes[-1])
        time.sleep(args.phase_seconds)
        server.redis_start()
        server.wait_until(lambda: server.port_open(server.REDIS), "Redis")
        tally.phase = "4b Redis back"
        notes.append("Redis started again")
        log(notes[-1])
        time.sleep(args.phase_seconds / 2)

        tally.phase = "5 steady"
        time.sleep(args.phase_seconds)
    finally:
        stop.set()
        for player in players:
            player.join(timeout=TIMEOUT_S * 3)
        web.stop()
        server.ensure_services()  # leave PostgreSQL and Redis running whatever happened
    errors = [f"player {i}: {p.error!r}" for i, p in enumerate(players) if p.error]
    ledger_path = out / "ledger.json"
    ledger.save(ledger_path)

    check = server.python("-m", "tests.load.check", str(ledger_path), env=env, capture_output=True)
    books = (
        json.loads(check.stdout.strip().splitlines()[-1])
        if check.stdout.strip()
        else {"ok": False, "error": check.stderr[-2000:]}
    )
    verify = server.manage(env, "verify_deals", check=False)

    print()
    print("Faults: answers per phase (status code, or dropped / timeout without an answer)")
    for phase, counts in tally.counts.items():
        print(f"  {phase:28} " + ", ".join(f"{k}: {v}" for k, v in sorted(counts.items())))
    for note in notes:
        print("  -", note)
    if "error" in books:
        print("books: check failed:", books["error"])
    else:
        print(
            f"books: games {books['games']} (+{books['unseen_games']} unseen), "
            f"moves answered 200: {books['moves_ok']}, stored: {books['moves_stored']}, "
            f"unknown outcomes: {books['unknown']} ({books['unknown_applied']} applied), "
            f"lost: {len(books['lost'])}, doubled: {len(books['doubled'])}, mismatched: {len(books['mismatched'])}, "
            f"replay mismatches: {len(books['audit'])}"
        )
        for line in (books["lost"] + books["doubled"] + books["mismatched"] + books["audit"])[:20]:
            print("   ", line)
    print("verify_deals:", (verify.stdout + verify.stderr).strip().splitlines()[-1:])
    for line in errors:
        print("player error:", line)
    summary = {
        "phases": {k: dict(v) for k, v in tally.counts.items()},
        "notes": notes,
        "books": books,
        "verify_deals_ok": verify.returncode == 0,
        "player_errors": errors,
    }
    (out / "summary.json").write_text(json.dumps(summary, indent=2))
    ok = bool(books.get("ok")) and verify.returncode == 0 and not errors
    print("OUTCOME:", "PASS - no game corrupted, no committed move lost" if ok else "FAIL")
    print(f"details: {out / 'summary.json'}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
