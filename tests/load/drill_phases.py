"""What the drill does to the running site, and how it reads the outcome of each phase.

- :func:`kill_host`: SIGKILL to a web host's gunicorn (arbiter and workers), then the host started again;
- :func:`freeze_host`: SIGSTOP to the other host for a while, then SIGCONT; nginx's access log says when
  it stopped sending the frozen host requests (:func:`left_rotation_after`);
- :func:`hold_lock`: ``psql`` holds one game's row lock; the drill's own two players move meanwhile: the
  locked player's move fails fast, the bystander's is answered at once;
- :class:`LagSampler`: the replica's replay lag (``pg_stat_replication``) every second;
- :func:`public_reads`: anonymous public reads through nginx, counted in ``pg_stat_user_tables`` on both;
- :func:`proxy_identity`: whose address the rate limits count when a client forges ``X-Forwarded-For``.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import signal
import statistics
import subprocess
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from tests.load import server
from tests.load.drill_services import DATABASE, PostgresCluster, Processes
from tests.load.players import Ledger, choose_move
from tests.load.server import log, wait_until

FORGED = "203.0.113.7"  # TEST-NET-3: no client has it
CLIENT_SOURCE = "127.0.0.2"  # the drill's probe connects from here, nginx's to the hosts from 127.0.0.1


@dataclass
class Site:
    """The running site: its servers' ports and processes."""

    out: Path
    env: dict[str, str]
    processes: Processes
    primary: PostgresCluster
    replica: PostgresCluster
    redis_port: int
    host_ports: list[int]
    workers: int
    nginx_port: int = 0
    hosts: dict[int, server.Gunicorn] = field(default_factory=dict)

    def start_host(self, port: int) -> float:
        """Starts the web host on ``port``; the seconds until it answers."""
        folder = self.out / f"web-{port}"
        folder.mkdir(exist_ok=True)
        web = server.Gunicorn(self.env, port, self.workers, folder / "gunicorn.log")
        started = time.monotonic()
        try:
            web.start()
        finally:
            if web.proc is not None:
                self.processes.add(f"web-{port}", web.proc)
        self.hosts[port] = web
        return time.monotonic() - started


def request(
    port: int,
    method: str,
    path: str,
    body: dict | None = None,
    token: str | None = None,
    headers: dict | None = None,
    source: str | None = None,
) -> tuple[int, dict, float]:
    """One request to 127.0.0.1:``port``: (status, JSON body or {}, seconds); status 0 when no answer came."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30, source_address=(source, 0) if source else None)
    sent = {"X-Forwarded-Proto": "https", "Content-Type": "application/json", **(headers or {})}
    if token:
        sent["Authorization"] = f"Token {token}"
    started = time.monotonic()
    try:
        conn.request(method, path, body=json.dumps(body) if body is not None else None, headers=sent)
        answer = conn.getresponse()
        data = answer.read()
    except (OSError, http.client.HTTPException):
        return 0, {}, time.monotonic() - started
    finally:
        conn.close()
    elapsed = time.monotonic() - started
    try:
        return answer.status, json.loads(data) if data else {}, elapsed
    except ValueError:
        return answer.status, {}, elapsed


def kill_host(site: Site, port: int, down_s: float) -> dict:
    """SIGKILL to the host's whole process group (as a machine that dies), ``down_s`` seconds down, then back."""
    web = site.hosts.pop(port)
    os.killpg(web.proc.pid, signal.SIGKILL)
    web.proc.wait()
    site.processes.stop(f"web-{port}")
    log(f"host {port}: SIGKILL; down for {down_s:.0f} s")
    time.sleep(down_s)
    back = site.start_host(port)
    log(f"host {port}: started again, answering after {back:.1f} s")
    return {"host": port, "down_s": down_s, "restart_s": round(back, 1)}


def freeze_host(site: Site, port: int, frozen_s: float) -> dict:
    """SIGSTOP to the host's process group for ``frozen_s`` seconds (a stuck machine), then SIGCONT."""
    web = site.hosts[port]
    started = time.time()
    os.killpg(web.proc.pid, signal.SIGSTOP)
    log(f"host {port}: SIGSTOP for {frozen_s:.0f} s")
    try:
        time.sleep(frozen_s)
    finally:
        os.killpg(web.proc.pid, signal.SIGCONT)
    log(f"host {port}: SIGCONT")
    return {"host": port, "frozen_at": started, "frozen_s": frozen_s}


def left_rotation_after(access_log: Path, port: int, frozen_at: float, frozen_s: float) -> float | None:
    """Seconds from the freeze to the last request nginx began sending the frozen host first, within the freeze.

    nginx's log line (drill_services.nginx_conf): end time, request time, status, the upstreams tried.
    ``None`` when nginx sent it nothing during the freeze.
    """
    address = f"127.0.0.1:{port}"
    last = None
    for line in access_log.read_text().splitlines():
        parts = line.split(" ", 3)
        if len(parts) < 4:
            continue
        began = float(parts[0]) - float(parts[1])
        first_upstream = parts[3].split('"')[1].split(",")[0].strip()
        if first_upstream == address and frozen_at <= began < frozen_at + frozen_s:
            last = began - frozen_at if last is None else max(last, began - frozen_at)
    return last


class DrillPlayer:
    """A guest of the drill's own, playing one Classic game through nginx; its answers go to ``ledger``."""

    def __init__(self, port: int, ledger: Ledger, seed: int):
        self.port, self.ledger, self.rng = port, ledger, random.Random(seed)
        status, guest, _ = request(port, "POST", "/api/auth/guest/")
        if status != 201:
            raise SystemExit(f"drill player: guest answered {status}")
        self.token = guest["token"]
        self.start()

    def start(self) -> None:
        """A new Classic game (the one going on, if any, is abandoned: it has ended, its replay is public)."""
        status, game, _ = request(self.port, "POST", "/api/games/", {"mode": "classic"}, self.token)
        if status != 201:
            raise SystemExit(f"drill player: new game answered {status}")
        self.game = game
        self.ledger.seen(game["id"], game)

    def move(self) -> tuple[int, float]:
        """One move from the server's state: (status, seconds)."""
        gid, number = self.game["id"], self.game["moves"]
        slot, row, col = choose_move(self.game, self.rng)
        body = {"slot": slot, "row": row, "col": col, "move_number": number}
        status, answer, seconds = request(self.port, "POST", f"/api/games/{gid}/moves/", body, self.token)
        if status == 200:
            self.ledger.move_ok(gid, number, answer["result"]["points"], answer["game"])
            self.game = answer["game"]
        else:
            if status == 0 or status >= 500:
                self.ledger.unknown(gid)
            self.refresh()
        return status, seconds

    def refresh(self) -> None:
        status, game, _ = request(self.port, "GET", f"/api/games/{self.game['id']}/", token=self.token)
        if status == 200:
            self.game = game
            self.ledger.seen(game["id"], game)


def hold_lock(site: Site, ledger: Ledger, hold_s: float, tries: int) -> dict:
    """``psql`` locks the locked player's game row for ``hold_s`` seconds; both players move ``tries`` times meanwhile.

    Returns the slowest bystander move, the locked player's answers and whether its refused moves were applied.
    """
    bystander, locked = DrillPlayer(site.nginx_port, ledger, 1), DrillPlayer(site.nginx_port, ledger, 2)
    gid = int(locked.game["id"])
    moves_before = locked.game["moves"]
    sql = f"BEGIN; SELECT id FROM game_game WHERE id = {gid} FOR UPDATE; SELECT pg_sleep({hold_s}); COMMIT;"
    psql = ["psql", "-h", "127.0.0.1", "-p", str(site.primary.port), "-U", "postgres", "-d", DATABASE, "-q"]
    holder = subprocess.Popen(
        [*psql, "-c", sql], env={**os.environ, "PGAPPNAME": "drill-lock"}, stdout=subprocess.DEVNULL
    )
    try:
        wait_until(lambda: _lock_held(site.primary), "psql's row lock", timeout=10)
        log(f"psql holds the row of game {gid} for {hold_s:.0f} s")
        bystander_s, locked_answers = [], []
        for _ in range(tries):
            status, seconds = bystander.move()
            bystander_s.append((status, seconds))
            locked_answers.append(locked.move())
        lock_still_held = _lock_held(site.primary)
        holder.wait(timeout=hold_s + 30)
    finally:
        if holder.poll() is None:
            holder.kill()
    locked.refresh()
    applied = locked.game["moves"] - moves_before
    after_status, _ = locked.move()
    for player in (bystander, locked):  # two ended games for the public reads, however short the load
        player.start()
    return {
        "game": gid,
        "hold_s": hold_s,
        "bystander": bystander_s,
        "locked": locked_answers,
        "held_throughout": lock_still_held,
        "refused_applied": applied,
        "locked_after_release": after_status,
    }


def _lock_held(primary: PostgresCluster) -> bool:
    with primary.connect() as conn:
        row = conn.execute(
            "SELECT 1 FROM pg_stat_activity WHERE application_name = 'drill-lock' AND query LIKE '%pg_sleep%'"
            " AND state = 'active'"
        ).fetchone()
    return row is not None


class LagSampler(threading.Thread):
    """``replay_lag`` of the replica every second while the load runs (milliseconds; none while it is idle)."""

    def __init__(self, primary: PostgresCluster):
        super().__init__(daemon=True)
        self.primary, self.lags_ms, self.done = primary, [], threading.Event()

    def run(self) -> None:
        with self.primary.connect() as conn:
            while not self.done.wait(1):
                row = conn.execute("SELECT extract(epoch FROM replay_lag) * 1000 FROM pg_stat_replication").fetchone()
                if row and row[0] is not None:
                    self.lags_ms.append(float(row[0]))

    def figures(self) -> dict:
        lags = self.lags_ms
        return {
            "samples": len(lags),
            "median_ms": round(statistics.median(lags), 1) if lags else None,
            "max_ms": round(max(lags), 1) if lags else None,
        }


def replica_caught_up(primary: PostgresCluster, timeout: float = 15) -> tuple[bool, int]:
    """Whether the replica replayed everything the primary wrote within ``timeout`` s; the bytes left behind."""
    deadline = time.monotonic() + timeout
    with primary.connect() as conn:
        while True:
            row = conn.execute(
                "SELECT pg_wal_lsn_diff(pg_current_wal_lsn(), replay_lsn)::bigint FROM pg_stat_replication"
            ).fetchone()
            behind = int(row[0]) if row and row[0] is not None else -1
            if behind == 0 or time.monotonic() > deadline:
                return behind == 0, behind
            time.sleep(0.2)


def game_reads(cluster: PostgresCluster) -> int:
    """Scans of the games' table so far on ``cluster`` (a game read by its key is one index scan)."""
    with cluster.connect(DATABASE) as conn:
        row = conn.execute(
            "SELECT seq_scan + coalesce(idx_scan, 0) FROM pg_stat_user_tables WHERE relname = 'game_game'"
        ).fetchone()
    return int(row[0])


def public_reads(site: Site, paths: list[str], timeout: float = 20) -> dict:
    """Anonymous GETs of ``paths`` (ended games' replays) through nginx; the games' rows each database read meanwhile.

    A backend reports its counts once idle, within a second, or 10 s later when the statistics were busy:
    the readings are taken once the replica's count covers the requests, or after ``timeout`` s.
    """
    _quiet(lambda: game_reads(site.primary))  # the load's last reports in first
    before = game_reads(site.primary), game_reads(site.replica)
    statuses = [request(site.nginx_port, "GET", path)[0] for path in paths]
    deadline = time.monotonic() + timeout
    while game_reads(site.replica) - before[1] < len(paths) and time.monotonic() < deadline:
        time.sleep(0.5)
    time.sleep(1)  # the last backends' reports
    return {
        "requests": len(paths),
        "answered_200": statuses.count(200),
        "replica_game_reads": game_reads(site.replica) - before[1],
        "primary_game_reads": game_reads(site.primary) - before[0],
    }


def _quiet(read, quiet_s: float = 2, timeout: float = 12) -> None:
    """Wait until ``read()`` has not changed for ``quiet_s`` seconds (at most ``timeout``)."""
    value, since, deadline = read(), time.monotonic(), time.monotonic() + timeout
    while time.monotonic() - since < quiet_s and time.monotonic() < deadline:
        time.sleep(0.5)
        if (now := read()) != value:
            value, since = now, time.monotonic()


def proxy_identity(site: Site) -> dict:
    """Whose address a public read is counted under, when the client forges ``X-Forwarded-For``.

    Both must be the client's own address (``CLIENT_SOURCE``): through nginx, the one nginx saw (not
    nginx's, every visitor one address; not the forged one); straight to a host, its peer address, as
    ``CLIENT_SOURCE`` is not among the hosts' ``TRUSTED_PROXIES`` (the forged header is not read).
    """
    import redis

    store = redis.Redis(host="127.0.0.1", port=site.redis_port)
    forged = {"X-Forwarded-For": FORGED}

    def counted_as() -> set[str]:
        keys = [key.decode() for key in store.scan_iter("*throttle_public_*")]
        if keys:
            store.delete(*keys)
        return {key.rsplit("throttle_public_", 1)[1].rsplit(":", 1)[0] for key in keys}

    counted_as()
    via_nginx = request(site.nginx_port, "GET", "/api/pieces/", headers=forged, source=CLIENT_SOURCE)[0]
    through_nginx = counted_as()
    direct = request(site.host_ports[0], "GET", "/api/pieces/", headers=forged, source=CLIENT_SOURCE)[0]
    straight = counted_as()
    return {
        "status": via_nginx,
        "through_nginx": sorted(through_nginx),
        "direct_status": direct,
        "direct_to_host": sorted(straight),
    }
