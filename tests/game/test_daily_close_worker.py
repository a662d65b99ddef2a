"""The Daily closing end to end: a real Celery worker on Redis runs the task (not eager mode)."""

import datetime as dt
import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from django.db import connection

from blockknock.accounts.services import guest_create
from blockknock.calendar import game_day
from blockknock.celery import app
from game import services
from game.models import DailyClose, Game
from game.tasks import close_dailies
from tests.helpers import secure

pytestmark = pytest.mark.needs("postgresql", "redis")  # a worker process: a shared database, a broker server

ROOT = Path(__file__).resolve().parents[2]
WAIT_SECONDS = 60


def database_url() -> str:
    """The URL of the test database this test process uses, for the worker process."""
    db = connection.settings_dict
    return f"postgres://{db['USER']}@{db['HOST']}:{db['PORT']}/{db['NAME']}"


@pytest.fixture
def worker():
    """A Celery worker process on its own queue, stopped after the test."""
    queue = f"test-{uuid.uuid4().hex}"
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "blockknock.settings.test", "DATABASE_URL": database_url()}
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "blockknock",
            "worker",
            "--pool=solo",
            "-Q",
            queue,
            "--without-gossip",
            "--without-mingle",
            "--without-heartbeat",
            "--loglevel=WARNING",
        ],
        cwd=ROOT,
        env=env,
    )
    yield queue
    process.terminate()
    process.wait(timeout=30)


@pytest.mark.django_db(transaction=True)
def test_a_worker_closes_yesterdays_daily_and_pays_the_winner(worker, monkeypatch):
    winner = secure(guest_create())  # only a secured account is paid the Daily's stars
    game = services.game_start(player=winner, mode="daily")
    yesterday = game_day() - dt.timedelta(days=1)
    Game.objects.filter(pk=game.pk).update(day=yesterday, status="over", score=880)
    monkeypatch.setitem(app.conf, "task_always_eager", False)
    close_dailies.apply_async(queue=worker)
    deadline = time.monotonic() + WAIT_SECONDS
    while not DailyClose.objects.filter(day=yesterday).exists() and time.monotonic() < deadline:
        time.sleep(0.2)
    closed = DailyClose.objects.get(day=yesterday)
    winner.refresh_from_db()
    assert (closed.top_score, closed.winners, winner.stars) == (880, [winner.name], 100)
