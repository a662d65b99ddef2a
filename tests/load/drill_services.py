"""The drill's machines, all on this one: a PostgreSQL primary and its streaming replica, Redis,
nginx in front of the web hosts, and the processes the drill starts (gunicorn, Celery, Locust).

Everything lives under ``var/drill/`` and listens on 127.0.0.1 on free ports, apart from this
machine's own PostgreSQL and Redis. PostgreSQL refuses to run as root: as root the clusters run
as the ``postgres`` OS user (``runuser``), their folders owned by it. Every process started here
is registered in :class:`Processes`, which stops them all, and writes their ids to ``pids`` for
scripts/drill's trap (a drill killed outright leaves nothing running either).
"""

from __future__ import annotations

import hashlib
import os
import pwd
import re
import shlex
import signal
import socket
import subprocess
import time
from pathlib import Path

from tests.load import server
from tests.load.server import log, wait_until

ROOT = server.ROOT
DRILL_DIR = ROOT / "var" / "drill"
NGINX_SITE = ROOT / "deploy" / "nginx" / "blockknock.conf"
NGINX = "/usr/sbin/nginx"
PG_USER = "postgres"
DATABASE = "blockknock_drill"
REPLICATION_SLOT = "drill_replica"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


class Processes:
    """The drill's child processes, each in a session of its own; :meth:`stop_all` ends every one."""

    def __init__(self, pid_file: Path):
        self.pid_file = pid_file
        self.running: dict[str, subprocess.Popen] = {}
        self.clusters: list[PostgresCluster] = []

    def start(self, name: str, command: list[str], log_path: Path, **kwargs) -> subprocess.Popen:
        with open(log_path, "a") as out:
            proc = subprocess.Popen(
                command, stdout=out, stderr=subprocess.STDOUT, start_new_session=True, cwd=ROOT, **kwargs
            )
        self.add(name, proc)
        return proc

    def add(self, name: str, proc: subprocess.Popen) -> None:
        self.running[name] = proc
        self._write()

    def _write(self) -> None:
        lines = [f"{proc.pid}\n" for proc in self.running.values()]
        lines += [f"pg {cluster.data}\n" for cluster in self.clusters]
        self.pid_file.write_text("".join(lines))

    def stop(self, name: str, timeout: float = 10) -> None:
        proc = self.running.pop(name, None)
        if proc is not None:
            stop_group(proc, timeout)
        self._write()

    def stop_all(self) -> None:
        for name in reversed(list(self.running)):
            self.stop(name)
        for cluster in reversed(self.clusters):
            cluster.stop()
        self.clusters.clear()
        self._write()


def stop_group(proc: subprocess.Popen, timeout: float = 10) -> None:
    """SIGCONT (a frozen process cannot end) and SIGTERM to the process's group, SIGKILL after ``timeout``."""
    if proc.poll() is not None:
        return
    for sig in (signal.SIGCONT, signal.SIGTERM):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            return
    try:
        proc.wait(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def as_postgres(command: list[str]) -> list[str]:
    """``command`` run as the ``postgres`` OS user when this is root (PostgreSQL's servers refuse root)."""
    return ["runuser", "-u", PG_USER, "--", *command] if os.getuid() == 0 else command


def pg_bin(tool: str) -> str:
    versions = sorted(Path("/usr/lib/postgresql").iterdir(), key=lambda p: int(p.name))
    return str(versions[-1] / "bin" / tool)


class PostgresCluster:
    """One PostgreSQL cluster in ``data`` on 127.0.0.1:``port``, run with Debian's ``pg_ctl``."""

    def __init__(self, data: Path, port: int):
        self.data, self.port = data, port
        self.log_path = data.with_suffix(".log")

    @property
    def url(self) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{DATABASE}"

    def options(self) -> str:
        # fsync off: the drill never crashes PostgreSQL itself, and the shared machine's disk is slow
        return (
            f"-p {self.port} -c listen_addresses=127.0.0.1 -c unix_socket_directories={self.data.parent} "
            "-c fsync=off -c wal_level=replica -c max_wal_senders=4 -c hot_standby=on"
        )

    def start(self, processes: Processes) -> None:
        processes.clusters.append(self)
        processes._write()
        command = [pg_bin("pg_ctl"), "start", "-w", "-t", "60", "-D", str(self.data), "-l", str(self.log_path)]
        subprocess.run(as_postgres([*command, "-o", self.options()]), check=True, capture_output=True)

    def stop(self) -> None:
        if (self.data / "postmaster.pid").exists():
            command = [pg_bin("pg_ctl"), "stop", "-w", "-m", "fast", "-D", str(self.data)]
            subprocess.run(as_postgres(command), capture_output=True)

    def connect(self, dbname: str = "postgres"):
        import psycopg

        return psycopg.connect(host="127.0.0.1", port=self.port, user="postgres", dbname=dbname, autocommit=True)


def own_folder(path: Path) -> None:
    """An empty folder ``path`` that the ``postgres`` user owns (and can reach)."""
    subprocess.run(["rm", "-rf", str(path)], check=True)
    path.mkdir(parents=True)
    if os.getuid() == 0:
        user = pwd.getpwnam(PG_USER)
        os.chown(path, user.pw_uid, user.pw_gid)


def start_postgres(processes: Processes, primary: PostgresCluster, replica: PostgresCluster) -> None:
    """The primary with database :data:`DATABASE`, and a hot standby streaming from it through a replication slot."""
    own_folder(primary.data.parent)
    if subprocess.run(as_postgres(["test", "-w", str(primary.data.parent)])).returncode != 0:
        raise SystemExit(f"the {PG_USER} user cannot reach {primary.data.parent}: a folder above it is closed to it")
    initdb = [pg_bin("initdb"), "-D", str(primary.data), "-U", "postgres", "--auth=trust", "-E", "UTF8"]
    subprocess.run(as_postgres([*initdb, "--locale=C.UTF-8"]), check=True, capture_output=True)
    primary.start(processes)
    with primary.connect() as conn:
        conn.execute(f'CREATE DATABASE "{DATABASE}"')
    basebackup = [pg_bin("pg_basebackup"), "-h", "127.0.0.1", "-p", str(primary.port), "-U", "postgres"]
    basebackup += ["-D", str(replica.data), "-R", "-X", "stream", "-C", "-S", REPLICATION_SLOT, "-c", "fast"]
    subprocess.run(as_postgres(basebackup), check=True, capture_output=True)
    replica.start(processes)
    wait_until(lambda: replication_state(primary) == "streaming", "the replica's streaming", timeout=60)
    log(f"PostgreSQL primary on {primary.port}, streaming replica on {replica.port}")


def static_sources() -> str:
    """A digest of what collectstatic reads: the project's static files and the locked packages (theirs)."""
    digest = hashlib.sha256((ROOT / "requirements.lock").read_bytes())
    digest.update((ROOT / "blockknock" / "storage.py").read_bytes())
    for path in sorted((ROOT / "static").rglob("*")):
        if path.is_file():
            digest.update(str(path.relative_to(ROOT)).encode() + b"\0" + path.read_bytes())
    return digest.hexdigest()


def collect_static(processes: Processes, env: dict[str, str], static_root: Path) -> subprocess.Popen | None:
    """``collectstatic`` in the background, unless ``static_root`` holds the files of these very sources.

    Hashing and compressing every file takes a minute on a busy 2-core machine: the drill's files
    are kept across runs (var/drill/static) and collected again only when a source changed.
    """
    stamp, sources = static_root / ".drill-sources", static_sources()
    if stamp.exists() and stamp.read_text() == sources:
        log("static files: collected by an earlier drill from the same sources")
        return None
    stamp.unlink(missing_ok=True)
    command = [str(server.VENV_BIN / "python"), "manage.py", "collectstatic", "--noinput", "-v", "0"]
    # the stamp is written only once collectstatic has succeeded
    script = f"{shlex.join(command)} && printf %s {sources} > {shlex.quote(str(stamp))}"
    return processes.start("collectstatic", ["sh", "-c", script], static_root.parent / "static.log", env=env)


def replication_state(primary: PostgresCluster) -> str | None:
    with primary.connect() as conn:
        row = conn.execute("SELECT state FROM pg_stat_replication").fetchone()
    return row[0] if row else None


def start_redis(processes: Processes, folder: Path) -> int:
    folder.mkdir(parents=True, exist_ok=True)
    port = free_port()
    command = ["redis-server", "--port", str(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
    processes.start("redis", [*command, "--dir", str(folder)], folder / "redis.log")
    wait_until(lambda: server.port_open(("127.0.0.1", port)), "Redis")
    return port


def nginx_conf(prefix: Path, port: int, hosts: list[int]) -> str:
    """nginx's configuration: the upstream and ``location /`` of deploy/nginx/blockknock.conf as they are, with
    the drill's hosts for the production ones, on plain HTTP (TLS pretended: ``X-Forwarded-Proto https``)."""
    site = NGINX_SITE.read_text()
    upstream = re.search(r"^upstream blockknock_web \{.*?^\}", site, re.S | re.M)
    location = re.search(r"^    location / \{.*?^    \}", site, re.S | re.M)
    if upstream is None or location is None:
        raise SystemExit(f"{NGINX_SITE}: no upstream blockknock_web or location / found")
    servers = iter(hosts)
    upstream_text = re.sub(r"server \S+:\d+", lambda _: f"server 127.0.0.1:{next(servers)}", upstream.group(0))
    temp = "".join(
        f"    {kind}_temp_path {prefix / kind};\n" for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi")
    )
    return f"""daemon off;
worker_processes auto;
pid {prefix / "nginx.pid"};
error_log {prefix / "error.log"} warn;
events {{ worker_connections 1024; }}
http {{
    log_format drill '$msec $request_time $status "$upstream_addr" "$upstream_status" "$request_method $uri"';
    access_log {prefix / "access.log"} drill;
{temp}
{upstream_text}

server {{
    listen 127.0.0.1:{port};
    server_name _;
{location.group(0).replace("$scheme", "https")}
}}
}}
"""


def start_nginx(processes: Processes, prefix: Path, hosts: list[int]) -> int:
    """nginx as a child in the foreground, with its own prefix, pid and logs; returns its port."""
    prefix.mkdir(parents=True, exist_ok=True)
    for kind in ("client_body", "proxy", "fastcgi", "uwsgi", "scgi"):
        (prefix / kind).mkdir(exist_ok=True)
        if os.getuid() == 0:  # nginx's workers run as nobody when the master is root
            nobody = pwd.getpwnam("nobody")
            os.chown(prefix / kind, nobody.pw_uid, nobody.pw_gid)
    port = free_port()
    conf = prefix / "nginx.conf"
    conf.write_text(nginx_conf(prefix, port, hosts))
    command = [NGINX, "-p", str(prefix), "-e", str(prefix / "error.log"), "-c", str(conf)]
    subprocess.run([*command, "-t", "-q"], check=True)
    processes.start("nginx", command, prefix / "nginx.out")
    wait_until(lambda: server.port_open(("127.0.0.1", port)), "nginx")
    return port


def start_celery(processes: Processes, env: dict[str, str], folder: Path) -> None:
    """One worker and one beat (the site's single beat), as deploy/systemd runs them."""
    folder.mkdir(parents=True, exist_ok=True)
    celery = str(server.VENV_BIN / "celery")
    worker = [celery, "-A", "blockknock", "worker", "--loglevel=INFO", "--concurrency=1"]
    processes.start(
        "worker", [*worker, "--without-gossip", "--without-mingle", "-n", "drill@%h"], folder / "worker.log", env=env
    )
    beat = [celery, "-A", "blockknock", "beat", "--loglevel=INFO", "-s", str(folder / "celerybeat-schedule")]
    processes.start("beat", beat, folder / "beat.log", env=env)


def worker_answers(env: dict[str, str]) -> bool:
    """The worker answers a ping through the broker (Redis)."""
    ping = [str(server.VENV_BIN / "celery"), "-A", "blockknock", "inspect", "ping", "-t", "10"]
    for _ in range(6):
        if subprocess.run(ping, cwd=ROOT, env=env, capture_output=True).returncode == 0:
            return True
        time.sleep(2)
    return False
