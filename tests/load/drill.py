"""The drill: the site as it runs on many machines, on this one, under load and faults; then its books.

``scripts/drill`` (about 4 minutes) or ``scripts/drill --quick`` (under 5, for CI). Starts, all on
127.0.0.1 with free ports and everything under ``var/drill/`` (drill_services.py): a PostgreSQL
primary and its streaming replica, Redis, two web hosts (gunicorn, production settings,
``DATABASE_REPLICA_URL`` set) behind nginx (the upstream and ``location /`` of
deploy/nginx/blockknock.conf), a Celery worker and beat. Locust players (locustfile.py) play
through nginx throughout, while (drill_phases.py):

1. steady: nothing happens;
2. one host is killed (SIGKILL to all its processes) and started again;
3. the other is frozen (SIGSTOP) for 15 s: nginx must take it out of rotation within seconds;
4. ``psql`` holds one game's row lock for 20 s: that player's move fails fast (lock timeout), a
   bystander's is answered at once, and no other player notices.

Then: the books (check.py: every move answered 200 stored once, nothing else but requests of
unknown outcome; ``manage.py verify_deals``), the replica's replay lag and catch-up, which database
served anonymous public reads, whose address the rate limits count when a client forges
``X-Forwarded-For``, and whether the worker answers. One line per phase with its figures
(``DRILL …``), also in ``var/drill/summary.txt``; exit status 0 only if every check holds.
"""

from __future__ import annotations

import argparse
import json
import shutil
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from tests.load import drill_phases as phases
from tests.load import drill_services as services
from tests.load import server
from tests.load.drill_report import report
from tests.load.players import MOVE, Ledger
from tests.load.server import log


@dataclass(frozen=True)
class Plan:
    """Players and each phase's length in seconds. Locust runs :attr:`load_s` and stops by itself: a phase
    that overruns (a slow restart) shifts the later ones toward the end of the load, so each has slack."""

    users: int
    workers: int  # gunicorn workers per host
    steady_s: float
    kill_s: float  # the whole phase: down, restart, recovery
    down_s: float
    freeze_s: float
    after_freeze_s: float
    hold_s: float
    lock_s: float
    tail_s: float

    @property
    def load_s(self) -> int:
        return int(3 + self.steady_s + self.kill_s + self.freeze_s + self.after_freeze_s + self.lock_s + self.tail_s)


QUICK = Plan(
    users=12, workers=2, steady_s=15, kill_s=25, down_s=3, freeze_s=15, after_freeze_s=8, hold_s=20, lock_s=24, tail_s=5
)
FULL = Plan(
    users=24,
    workers=3,
    steady_s=60,
    kill_s=40,
    down_s=5,
    freeze_s=15,
    after_freeze_s=20,
    hold_s=20,
    lock_s=30,
    tail_s=30,
)


class Clock:
    """The phases' windows (Unix time), for the figures read from Locust's events and nginx's log."""

    def __init__(self):
        self.windows: dict[str, tuple[float, float]] = {}
        self.current: tuple[str, float] | None = None

    def begin(self, name: str) -> None:
        self.end()
        self.current = (name, time.time())
        log(f"phase {name}")

    def end(self) -> None:
        if self.current:
            self.windows[self.current[0]] = (self.current[1], time.time())
            self.current = None

    def until(self, seconds: float) -> None:
        """Sleep until the current phase is ``seconds`` old."""
        time.sleep(max(0.0, self.current[1] + seconds - time.time()))


def start_site(plan: Plan, processes: services.Processes) -> phases.Site:
    out = services.DRILL_DIR
    primary = services.PostgresCluster(out / "pg" / "primary", services.free_port())
    replica = services.PostgresCluster(out / "pg" / "replica", services.free_port())
    redis_port = services.start_redis(processes, out / "redis")
    env = server.server_env(primary.url, out / "state")
    env.update(
        REDIS_URL=f"redis://127.0.0.1:{redis_port}/0",
        CELERY_BROKER_URL=f"redis://127.0.0.1:{redis_port}/1",
        DATABASE_REPLICA_URL=replica.url,
        TRUSTED_PROXIES="127.0.0.1",  # nginx's address towards the hosts; it sets X-Forwarded-For (deploy/nginx)
        STATIC_ROOT=str(out / "static"),
    )
    collecting = services.collect_static(processes, env, out / "static")  # meanwhile: it needs no database
    services.start_postgres(processes, primary, replica)
    log("migrate")
    server.manage(env, "migrate", "--noinput", "-v", "0")
    log("migrated")
    if collecting is not None and collecting.wait() != 0:
        raise SystemExit(f"collectstatic failed: see {out / 'static.log'}")
    processes.stop("collectstatic")
    site = phases.Site(
        out, env, processes, primary, replica, redis_port, [services.free_port() for _ in "ab"], plan.workers
    )
    for port in site.host_ports:
        site.start_host(port)
    site.nginx_port = services.start_nginx(processes, out / "nginx", site.host_ports)
    services.start_celery(processes, env, out / "celery")
    log(f"site up: nginx :{site.nginx_port} -> hosts {site.host_ports}; worker and beat started")
    return site


def run_phases(site: phases.Site, plan: Plan, clock: Clock, ledger: Ledger) -> dict:
    killed, frozen = site.host_ports
    figures = {}
    clock.begin("1 steady")
    clock.until(plan.steady_s)
    clock.begin("2 host killed")
    figures["kill"] = phases.kill_host(site, killed, plan.down_s)
    clock.until(plan.kill_s)
    clock.begin("3 host frozen")
    figures["freeze"] = phases.freeze_host(site, frozen, plan.freeze_s)
    clock.until(plan.freeze_s + plan.after_freeze_s)
    clock.begin("4 row lock held")
    figures["lock"] = phases.hold_lock(site, ledger, plan.hold_s, tries=4)
    clock.until(plan.lock_s)
    clock.begin("5 steady")
    return figures


def load_figures(events: list, window: tuple[float, float]) -> dict:
    inside = [e for e in events if window[0] <= e[0] < window[1]]
    moves = sum(1 for _t, name, ok in inside if name == MOVE and ok)
    return {
        "requests": len(inside),
        "errors": sum(1 for _t, _name, ok in inside if not ok),
        "moves_per_s": round(moves / max(0.001, window[1] - window[0]), 1),
    }


def books(site: phases.Site, ledgers: list[str]) -> tuple[dict, bool]:
    check = server.python("-m", "tests.load.check", *ledgers, env=site.env, capture_output=True)
    lines = check.stdout.strip().splitlines()
    report = json.loads(lines[-1]) if lines else {"ok": False, "error": check.stderr[-2000:]}
    verify = server.manage(site.env, "verify_deals", check=False)
    return report, verify.returncode == 0


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--quick", action="store_true", help="shorter phases, fewer players (CI: under 5 minutes)")
    args = parser.parse_args(argv)
    plan = QUICK if args.quick else FULL
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))  # the finally below stops every process
    _fresh_folder()
    started = time.monotonic()
    log(f"drill: {plan}")
    processes = services.Processes(services.DRILL_DIR / "pids")
    try:
        results = drill(start_site(plan, processes), plan)
    finally:
        processes.stop_all()
    return report(results, plan, time.monotonic() - started)


def drill(site: phases.Site, plan: Plan) -> dict:
    """The load with the phases in it, then every check after it: the figures of :mod:`drill_report`."""
    clock, ledger = Clock(), Ledger()
    load_dir = site.out / "load"
    load_dir.mkdir(exist_ok=True)
    sampler = phases.LagSampler(site.primary)
    sampler.start()
    locust = start_load(site, plan, load_dir)
    time.sleep(3)  # the players sign up
    figures = run_phases(site, plan, clock, ledger)
    locust.wait(timeout=plan.load_s + 60)
    clock.end()
    sampler.done.set()
    log("load over: the replica, public reads, the proxy chain, the worker, the books")
    ledger.save(load_dir / "drill-players.json")
    events = json.loads((load_dir / "events.json").read_text())
    freeze = figures["freeze"]
    left = phases.left_rotation_after(
        site.out / "nginx" / "access.log", freeze["host"], freeze["frozen_at"], freeze["frozen_s"]
    )
    caught_up, behind = phases.replica_caught_up(site.primary)
    return {
        "windows": clock.windows,
        "load": {name: load_figures(events, window) for name, window in clock.windows.items()},
        "kill": figures["kill"],
        "freeze": {**freeze, "left_after_s": left},
        "lock": figures["lock"],
        "lag": {**sampler.figures(), "caught_up": caught_up, "behind_bytes": behind},
        "public": phases.public_reads(site, public_paths(site)),
        "proxy": phases.proxy_identity(site),
        "worker": services.worker_answers(site.env),
        "beat": site.processes.running["beat"].poll() is None,
        "books": books(site, [str(load_dir / "ledger.json"), str(load_dir / "drill-players.json")]),
        "locust_exit": locust.returncode,  # 1 whenever a client saw an error: the phases' figures say which
    }


def start_load(site: phases.Site, plan: Plan, load_dir: Path) -> subprocess.Popen:
    """Locust's players through nginx for the whole drill (``plan.load_s``), then they stop by themselves:
    a move in flight is answered and written down (a run stopped by a signal would lose those answers)."""
    command = [
        str(server.VENV_BIN / "python"),
        *("-m", "locust", "-f", "tests/load/drill_locustfile.py", "--headless", "--only-summary"),
        *("-u", str(plan.users), "-r", str(plan.users), "-t", f"{plan.load_s}s", "--stop-timeout", "10"),
        *("--host", f"http://127.0.0.1:{site.nginx_port}", "--loglevel", "WARNING"),
    ]
    return site.processes.start("locust", command, load_dir / "locust.log", env={**site.env, "LOAD_OUT": str(load_dir)})


def public_paths(site: phases.Site) -> list[str]:
    """Replays of up to 10 ended games, 3 times each. A replay reads its game's row on every request (for the
    ETag) and the replay itself from the cache after the first (filled from the primary): one read each."""
    with site.primary.connect(services.DATABASE) as conn:
        query = "SELECT id FROM game_game WHERE status IN ('over', 'won', 'abandoned') ORDER BY id LIMIT 10"
        ended = [row[0] for row in conn.execute(query)]
    return [f"/api/games/{gid}/replay/" for gid in ended] * 3


def _fresh_folder() -> None:
    """var/drill/ emptied of the last run (its collected static files kept: collectstatic only adds)."""
    _stop_leftovers()
    services.DRILL_DIR.mkdir(parents=True, exist_ok=True)
    for entry in services.DRILL_DIR.iterdir():
        if entry.is_dir() and entry.name != "static":
            shutil.rmtree(entry)
        elif entry.is_file():
            entry.unlink()


def _stop_leftovers() -> None:
    """A previous drill killed outright may have left its clusters running: they hold var/drill/pg."""
    for name in ("primary", "replica"):
        services.PostgresCluster(services.DRILL_DIR / "pg" / name, 0).stop()


if __name__ == "__main__":
    sys.exit(main())
