"""``manage.py migrate`` runs one at a time on PostgreSQL: hosts of a rolling deploy may each start one."""

from __future__ import annotations

import threading

import psycopg
import pytest
from django.core.management import call_command
from django.db import connection, connections

from blockknock.management.commands.migrate import MIGRATE_LOCK
from tests.load.server import wait_until


def _waiting_for_an_advisory_lock(observer: psycopg.Connection) -> bool:
    row = observer.execute(
        "SELECT count(*) FROM pg_locks WHERE locktype = 'advisory' AND NOT granted"
        " AND database = (SELECT oid FROM pg_database WHERE datname = current_database())"
    ).fetchone()
    return row == (1,)


@pytest.mark.needs("postgresql")  # advisory locks need PostgreSQL
@pytest.mark.django_db(transaction=True)
def test_a_second_migrate_waits_for_the_first():
    holder = connection.get_new_connection(connection.get_connection_params())
    holder.autocommit = True  # stands for a migrate running on another host
    errors: list[BaseException] = []

    def migrate() -> None:
        try:
            call_command("migrate", verbosity=0)
        except BaseException as exc:  # reported to the test's thread
            errors.append(exc)
        finally:
            connections.close_all()

    second = threading.Thread(target=migrate)
    try:
        holder.execute("SELECT pg_advisory_lock(%s)", [MIGRATE_LOCK])
        second.start()
        wait_until(lambda: _waiting_for_an_advisory_lock(holder), "the second migrate waiting for the lock")
        assert _waiting_for_an_advisory_lock(holder) and second.is_alive()
    finally:
        holder.execute("SELECT pg_advisory_unlock(%s)", [MIGRATE_LOCK])
        holder.close()
        second.join(timeout=120)
    assert (second.is_alive(), errors) == (False, [])
