"""A host missing a variable does not start: the servers' entry points guess no settings module,
and ``manage.py check --deploy`` fails on every embedded default of the base settings."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import SystemCheckError

from blockknock.checks import embedded
from blockknock.settings.base import DEVELOPMENT_SECRET_KEY

ROOT = Path(__file__).resolve().parents[2]
SERVERS = {
    "database_engine": "django.db.backends.postgresql",
    "cache_backend": "blockknock.cache.RedisCache",
    "broker_url": "redis://cache.example:6379/1",
    "secret_key": "a-long-random-production-secret-key-0123456789-abcdefghijklmnop",
}


def test_settings_on_servers_pass():
    assert embedded(**SERVERS) == []


@pytest.mark.parametrize(
    ("default", "check_id"),
    [
        ({"database_engine": "django.db.backends.sqlite3"}, "blockknock.E001"),
        ({"cache_backend": "django.core.cache.backends.locmem.LocMemCache"}, "blockknock.E002"),
        ({"broker_url": "filesystem://localhost//"}, "blockknock.E003"),
        ({"broker_url": "memory://"}, "blockknock.E003"),
        ({"secret_key": DEVELOPMENT_SECRET_KEY}, "blockknock.E004"),
    ],
    ids=["sqlite", "local-memory-cache", "broker-folder", "broker-memory", "development-key"],
)
def test_each_embedded_default_is_an_error(default, check_id):
    errors = embedded(**{**SERVERS, **default})
    assert [(error.id, error.is_serious()) for error in errors] == [(check_id, True)]


def test_check_deploy_runs_the_check_and_fails():
    """The test settings keep the in-process cache (tests/conftest.py's isolation), in every environment."""
    with pytest.raises(SystemCheckError) as failed:
        call_command("check", deploy=True, tags=["blockknock"])
    assert "(blockknock.E002) The cache is not Redis." in str(failed.value)


@pytest.mark.parametrize(
    "command",
    [
        ["-c", "import blockknock.wsgi"],
        ["-c", "import blockknock.asgi"],
        ["-m", "celery", "-A", "blockknock", "worker"],
    ],
    ids=["wsgi", "asgi", "celery-worker"],
)
def test_a_server_process_without_a_settings_module_does_not_start(command):
    environ = {name: value for name, value in os.environ.items() if name != "DJANGO_SETTINGS_MODULE"}
    result = subprocess.run(
        [sys.executable, *command], cwd=ROOT, env=environ, capture_output=True, text=True, timeout=120
    )
    last_line = result.stderr.strip().splitlines()[-1]
    assert result.returncode == 1
    assert last_line.startswith("django.core.exceptions.ImproperlyConfigured: Requested setting")
    assert "You must either define the environment variable DJANGO_SETTINGS_MODULE" in last_line
