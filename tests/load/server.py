"""The site as production runs it, on this machine only: gunicorn on 127.0.0.1 with
``blockknock.settings.production``, PostgreSQL and Redis on 127.0.0.1.

Used by run.py (load) and faults.py. Each run gets a fresh database
(``blockknock_load`` by default) and its own, flushed Redis database (3), so rate
limits and figures start from zero and the checks see only that run's games.
"""

from __future__ import annotations

import os
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
VENV_BIN = ROOT / ".venv" / "bin"
PG = ("127.0.0.1", 5432)
REDIS = ("127.0.0.1", 6379)
REDIS_DB = 3
REDIS_START = [
    "redis-server",
    "--daemonize",
    "yes",
    "--bind",
    "127.0.0.1",
    "-::1",
    "--port",
    "6379",
    "--save",
    "",
    "--appendonly",
    "no",
    "--dir",
    "/var/lib/redis",
    "--logfile",
    "/var/log/redis/ci.log",
]


def log(*parts) -> None:
    print("[{}]".format(time.strftime("%H:%M:%S")), *parts, flush=True)


def port_open(addr: tuple[str, int]) -> bool:
    try:
        with socket.create_connection(addr, timeout=1):
            return True
    except OSError:
        return False


def wait_until(check, what: str, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise SystemExit(f"{what}: not ready after {timeout:.0f} s")
        time.sleep(0.2)


def pg_cluster() -> str:
    return sorted(os.listdir("/etc/postgresql"))[-1]


def pg_ctl(action: str) -> None:
    subprocess.run(["pg_ctlcluster", "--skip-systemctl-redirect", pg_cluster(), "main", action], check=True)


def redis_start() -> None:
    Path("/var/lib/redis").mkdir(parents=True, exist_ok=True)
    Path("/var/log/redis").mkdir(parents=True, exist_ok=True)
    subprocess.run(REDIS_START, check=True, stdout=subprocess.DEVNULL)


def ensure_services() -> None:
    """Start PostgreSQL and Redis on 127.0.0.1 if they are down (as .ci/run does)."""
    if not port_open(PG):
        log("PostgreSQL is down: starting it")
        pg_ctl("start")
    wait_until(lambda: port_open(PG), "PostgreSQL")
    if not port_open(REDIS):
        log("Redis is down: starting it")
        redis_start()
    wait_until(lambda: port_open(REDIS), "Redis")


def fresh_database(name: str) -> str:
    """Drop and create database ``name``; flush the run's Redis database. Returns the DATABASE_URL."""
    import psycopg
    import redis

    with psycopg.connect(host=PG[0], port=PG[1], user="postgres", dbname="postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{name}"')
    redis.Redis(host=REDIS[0], port=REDIS[1], db=REDIS_DB).flushdb()
    return f"postgres://postgres@{PG[0]}:{PG[1]}/{name}"


def server_env(database_url: str, var_dir: Path) -> dict[str, str]:
    """The environment of a production-like process (gunicorn, manage.py, the checks)."""
    redis_url = f"redis://{REDIS[0]}:{REDIS[1]}/{REDIS_DB}"
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "blockknock.settings.production",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url,
        "CELERY_BROKER_URL": redis_url,
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        "BLOCKKNOCK_VAR_DIR": str(var_dir),
        "LOG_LEVEL": "WARNING",
        "PYTHONPATH": str(ROOT),
        "PYTHONUNBUFFERED": "1",
    }
    env.pop("DJANGO_DEBUG", None)
    return env


def manage(env: dict[str, str], *args: str, check: bool = True) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(VENV_BIN / "python"), "manage.py", *args], cwd=ROOT, env=env, check=check, text=True, capture_output=True
    )


def prepare(env: dict[str, str]) -> None:
    manage(env, "migrate", "--noinput", "-v", "0")
    manage(env, "collectstatic", "--noinput", "-v", "0")


class Gunicorn:
    """``gunicorn blockknock.wsgi`` on 127.0.0.1:``port`` in its own process group; a context manager.

    ``options``: more gunicorn flags (``--worker-class gthread --threads 4``); they
    override the repository's gunicorn.conf.py, which gunicorn reads from the root.
    """

    def __init__(self, env: dict[str, str], port: int, workers: int, log_path: Path, options: list[str] = ()):
        self.env, self.port, self.workers, self.log_path = env, port, workers, log_path
        self.options = list(options)
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Gunicorn:
        if port_open(("127.0.0.1", self.port)):
            raise SystemExit(f"port {self.port} is already in use")
        self.log = open(self.log_path, "a")  # noqa: SIM115 (held while gunicorn runs, closed by stop())
        self.proc = subprocess.Popen(
            [
                str(VENV_BIN / "gunicorn"),
                "blockknock.wsgi:application",
                "--bind",
                f"127.0.0.1:{self.port}",
                "--workers",
                str(self.workers),
                "--timeout",
                "30",
                "--graceful-timeout",
                "5",
                "--log-level",
                "warning",
                # server-side time of each request (ms), to tell queueing from work
                "--access-logfile",
                str(self.log_path.with_name("access.log")),
                "--access-logformat",
                "%(M)s %(m)s %(U)s %(s)s",
                *self.options,
            ],
            cwd=ROOT,
            env=self.env,
            stdout=self.log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
        wait_until(self.ready, "gunicorn", timeout=60)
        return self

    def ready(self) -> bool:
        if self.proc.poll() is not None:
            raise SystemExit(f"gunicorn exited with {self.proc.returncode}; see {self.log_path}")
        try:
            request = urllib.request.Request(self.url + "/api/pieces/", headers={"X-Forwarded-Proto": "https"})
            with urllib.request.urlopen(request, timeout=2) as answer:
                return answer.status == 200
        except OSError:
            return False

    def worker_pids(self) -> list[int]:
        """The worker processes (children of the arbiter)."""
        out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(self.proc.pid)], capture_output=True, text=True).stdout
        return [int(pid) for pid in out.split()]

    def cpu_seconds(self) -> float:
        """CPU time (user + system) used so far by the arbiter and its live workers."""
        return sum(process_cpu_seconds(pid) for pid in [self.proc.pid, *self.worker_pids()])

    def stop(self) -> None:
        if self.proc is None or self.proc.poll() is not None:
            return
        os.killpg(self.proc.pid, signal.SIGTERM)
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)
            self.proc.wait()
        self.log.close()

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()


def process_cpu_seconds(pid: int) -> float:
    """CPU time (user + system) of process ``pid`` so far; 0 when it has gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime


def database_cpu_seconds(name: str) -> dict[int, float]:
    """CPU time so far of each PostgreSQL backend serving database ``name`` (``postgres: … name …``), by pid.

    Subtract two readings with :func:`cpu_between`: backends come and go (a connection
    lives ``CONN_MAX_AGE`` seconds).
    """
    found = {}
    for entry in Path("/proc").iterdir():
        try:
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if command.startswith(b"postgres:") and f" {name} ".encode() in command:
            found[int(entry.name)] = process_cpu_seconds(int(entry.name))
    return found


def cpu_between(before: dict[int, float], after: dict[int, float]) -> float:
    """CPU seconds the processes of ``after`` used since ``before`` (a new one: all of its time). What a
    process that ended in between used since ``before`` is not seen: the figure is a lower bound."""
    return sum(seconds - before.get(pid, 0.0) for pid, seconds in after.items())


def python(*args: str, env: dict[str, str], **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([str(VENV_BIN / "python"), *args], cwd=ROOT, env=env, text=True, **kwargs)


def percentile(values: list[float], q: float) -> float:
    """Nearest-rank percentile (``q`` in 0..100) of ``values``."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    rank = max(1, min(len(ordered), -(-len(ordered) * q // 100)))
    return ordered[int(rank) - 1]


if __name__ == "__main__":
    sys.exit("a helper module: run tests.load.run or tests.load.faults")
