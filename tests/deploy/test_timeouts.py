"""Timeouts end to end on the real servers: a held row lock costs the one request that waits for
it (a 503 once PostgreSQL's lock_timeout fires), not the players around it; the URL's own
server options win over the defaults; the broker's Redis connection has its socket timeouts."""

from __future__ import annotations

import logging
from urllib.parse import quote

import psycopg
import pytest
from django.db import connection
from django.db.backends.postgresql.base import DatabaseWrapper

from blockknock.settings.connections import database
from game import services
from game.models import Game
from tests.helpers import EMPTY, set_position

MOVE = {"slot": 0, "row": 0, "col": 0, "move_number": 0}


def _raw_connection(*, autocommit: bool) -> psycopg.Connection:
    """A connection of its own to the test database, beside the one Django gives this thread."""
    raw = connection.get_new_connection(connection.get_connection_params())
    raw.autocommit = autocommit
    return raw


@pytest.mark.needs("postgresql")  # PostgreSQL's timeouts
@pytest.mark.django_db
def test_every_connection_has_the_statement_and_lock_timeouts():
    with connection.cursor() as cursor:
        cursor.execute("SELECT current_setting('statement_timeout'), current_setting('lock_timeout')")
        assert cursor.fetchone() == ("5s", "2s")


@pytest.mark.needs("postgresql")  # PostgreSQL's timeouts
@pytest.mark.django_db
def test_the_url_s_own_lock_timeout_wins_on_the_server():
    own = connection.settings_dict
    url = (
        f"postgres://{quote(own['USER'])}:{quote(own['PASSWORD'])}@{own['HOST']}:{own['PORT']}/{own['NAME']}"
        "?options=-c%20lock_timeout%3D750ms"
    )
    config = database(url, statement_timeout="5s", lock_timeout="2s")
    probe = DatabaseWrapper({**own, "OPTIONS": config["OPTIONS"]}, alias="probe")
    try:
        with probe.cursor() as cursor:
            cursor.execute("SELECT current_setting('statement_timeout'), current_setting('lock_timeout')")
            assert cursor.fetchone() == ("5s", "750ms")
    finally:
        probe.close()


@pytest.mark.needs("postgresql")  # row locks need PostgreSQL
@pytest.mark.django_db(transaction=True)
def test_a_held_row_lock_costs_one_move_not_the_site(player, api, other_player, other_api, caplog):
    stuck = set_position(services.game_start(player=player, mode="classic"), EMPTY)
    bystander = set_position(services.game_start(player=other_player, mode="classic"), EMPTY)
    holder = _raw_connection(autocommit=False)
    try:
        # Without a lock timeout the move would wait for this lock as long as it is held: the server
        # ends this session after 30 s idle, so such a run fails below instead of hanging.
        holder.execute("SET idle_in_transaction_session_timeout = '30s'")
        holder.execute(f"SELECT 1 FROM {Game._meta.db_table} WHERE id = %s FOR UPDATE", [stuck.pk])
        with caplog.at_level(logging.ERROR, logger="blockknock.middleware"):
            refused = api.post(f"/api/games/{stuck.pk}/moves/", MOVE, format="json")
        served = other_api.post(f"/api/games/{bystander.pk}/moves/", MOVE, format="json")
    finally:
        holder.close()  # ends its transaction and the lock
    assert (refused.status_code, refused["Retry-After"], refused.json()["error"]) == (503, "2", "unavailable")
    [record] = [record for record in caplog.records if record.name == "blockknock.middleware"]
    assert isinstance(record.exc_info[1].__cause__, psycopg.errors.LockNotAvailable)  # lock_timeout fired
    assert (served.status_code, served.json()["game"]["moves"]) == (200, 1)
    # nothing of the refused move was applied: once the lock is gone the same move goes through
    again = api.post(f"/api/games/{stuck.pk}/moves/", MOVE, format="json")
    assert (again.status_code, again.json()["game"]["moves"]) == (200, 1)


@pytest.mark.needs("redis")  # the broker's connection options
def test_the_broker_s_redis_connection_has_its_timeouts(broker_connection):
    kwargs = broker_connection.default_channel.client.connection_pool.connection_kwargs
    assert (kwargs["socket_connect_timeout"], kwargs["socket_timeout"], kwargs["socket_keepalive"]) == (2, 5, True)
