"""gunicorn keeps an idle connection open longer than the proxy in front of it (README § Production).

A proxy that reuses its upstream connections sends the next request on one that
has been idle up to its own idle timeout (nginx's upstream ``keepalive_timeout``
and an AWS load balancer's idle timeout are 60 s by default). If gunicorn closes
the connection first, the request meets a closed socket and the player a failed
move (``keepalive = 5`` gave 83 ``RemoteDisconnected`` out of 366
requests on connections idle 4.6–5.4 s). Here a real gunicorn, started from the
repository's ``gunicorn.conf.py``, answers on a connection left idle past the old 5 s.
"""

import http.client
import runpy
import socket
import time

import pytest

from tests.load import server

CONF = runpy.run_path(str(server.ROOT / "gunicorn.conf.py"))
PROXY_IDLE_SECONDS = 60
OLD_KEEPALIVE_SECONDS = 5


def test_keep_alive_outlasts_a_proxy_s_upstream_idle_timeout():
    assert CONF["keepalive"] > PROXY_IDLE_SECONDS
    assert CONF["worker_class"] == "gthread"  # the sync worker closes every connection after one answer


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


@pytest.fixture
def gunicorn(tmp_path):
    """One gthread worker with the production settings; ``/healthz`` touches neither the database nor Redis.

    Production needs a PostgreSQL URL; this one has no server behind it (port 1), and nothing here uses it.
    """
    env = server.server_env("postgres://postgres@127.0.0.1:1/unused", tmp_path)
    with server.Gunicorn(env, _free_port(), workers=1, log_path=tmp_path / "gunicorn.log") as running:
        yield running


def test_a_connection_idle_longer_than_the_old_keep_alive_still_gets_its_answer(gunicorn):
    connection = http.client.HTTPConnection("127.0.0.1", gunicorn.port, timeout=10)
    try:
        answers = []
        for pause in (0, OLD_KEEPALIVE_SECONDS + 1.5):
            time.sleep(pause)
            connection.request("GET", "/healthz")
            answer = connection.getresponse()
            answers.append((answer.status, answer.read(), answer.getheader("Connection", "").lower() == "close"))
            if pause == 0:
                first_socket = connection.sock
        assert connection.sock is first_socket  # the same connection, not a new one
    finally:
        connection.close()
    assert answers == [(200, b'{"status": "ok"}', False)] * 2
