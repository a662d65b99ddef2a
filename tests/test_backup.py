"""scripts/backup and scripts/restore (README § Production): a dump restores into a fresh database
whose schema matches the migrations and whose every game replays (``manage.py verify_deals``).

PostgreSQL only (pg_dump, pg_restore): skipped on SQLite; CI runs the suite on PostgreSQL 15.
The games are committed (``transaction=True``) so that pg_dump, another connection, sees them.
"""

import os
import subprocess
from pathlib import Path

import psycopg
import pytest
from django.db import connection

from blockknock.accounts.services import guest_create
from game.models import Game
from tests.helpers import api_client_for, first_fit

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.needs("postgresql")]  # pg_dump, pg_restore

ROOT = Path(__file__).resolve().parents[1]
MOVES = 4


def _url(name: str) -> str:
    s = connection.settings_dict
    password = f":{s['PASSWORD']}" if s["PASSWORD"] else ""
    return f"postgres://{s['USER']}{password}@{s['HOST'] or '127.0.0.1'}:{s['PORT'] or 5432}/{name}"


def _admin(sql: str) -> None:
    with psycopg.connect(_url("postgres"), autocommit=True) as admin:
        admin.execute(sql)


@pytest.fixture
def databases():
    """``(source, fresh)``: the test database and a new, empty one (dropped afterwards)."""
    source = connection.settings_dict["NAME"]
    fresh = f"{source}_restored"
    _admin(f'DROP DATABASE IF EXISTS "{fresh}" WITH (FORCE)')
    _admin(f'CREATE DATABASE "{fresh}"')
    yield source, fresh
    _admin(f'DROP DATABASE IF EXISTS "{fresh}" WITH (FORCE)')


def _script(name: str, *args: str, database: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "DATABASE_URL": _url(database), "DJANGO_SETTINGS_MODULE": "blockknock.settings.test"}
    return subprocess.run(
        ["bash", str(ROOT / "scripts" / name), *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=180
    )


def _play() -> None:
    """Two guests, a Classic and a Practice game each, :data:`MOVES` moves into every game."""
    for _ in range(2):
        api = api_client_for(guest_create())
        for mode in ("classic", "practice"):
            game_id = api.post("/api/games/", {"mode": mode}, format="json").json()["id"]
            for number in range(MOVES):
                slot, row, col = first_fit(Game.objects.get(pk=game_id), slot=number % 3)
                body = {"slot": slot, "row": row, "col": col, "move_number": number}
                assert api.post(f"/api/games/{game_id}/moves/", body, format="json").status_code == 200


def _counts(database: str) -> tuple[int, int]:
    """Games and the events in their records."""
    with psycopg.connect(_url(database)) as conn:
        table = Game._meta.db_table
        return conn.execute(f"SELECT count(*), sum(octet_length(record)) FROM {table}").fetchone()


def test_a_backup_restores_into_a_fresh_database_and_every_game_replays(databases, tmp_path):
    source, fresh = databases
    _play()
    dump = tmp_path / "site.dump"
    backup = _script("backup", str(dump), database=source)
    assert (backup.returncode, backup.stdout) == (0, f"{dump}\n"), backup.stderr
    restore = _script("restore", str(dump), database=fresh)
    assert restore.returncode == 0, restore.stderr
    assert f"4 games, {4 * MOVES} events" in restore.stdout
    assert restore.stdout.rstrip().endswith("0 mismatches in 0 games")
    assert _counts(fresh) == _counts(source) == (4, 4 * MOVES)


def test_a_restore_never_writes_over_a_database_in_use(databases, tmp_path):
    source, _fresh = databases
    dump = tmp_path / "site.dump"
    assert _script("backup", str(dump), database=source).returncode == 0
    refused = _script("restore", str(dump), database=source)
    assert refused.returncode == 2
    assert "restore into a new, empty database" in refused.stderr


def test_a_restored_game_that_does_not_replay_fails_the_restore(databases, tmp_path):
    source, fresh = databases
    _play()
    Game.objects.filter(pk=Game.objects.order_by("pk").first().pk).update(score=999_999)  # as if a row were damaged
    dump = tmp_path / "site.dump"
    assert _script("backup", str(dump), database=source).returncode == 0
    restore = _script("restore", str(dump), database=fresh)
    assert restore.returncode == 1
    assert "mismatches in 1 games" in restore.stderr, restore.stderr
