"""tests/services.py: a test that needs a missing service is skipped, or fails under CI's switch."""

from __future__ import annotations

import pytest

from tests import services


@pytest.fixture
def no_node(monkeypatch):
    monkeypatch.setattr(services.shutil, "which", lambda name: None)


def test_a_missing_service_skips_the_test_on_a_newcomers_machine(no_node, monkeypatch):
    monkeypatch.delenv(services.STRICT_VARIABLE, raising=False)
    with pytest.raises(pytest.skip.Exception, match=r"^needs node \(node is not on the PATH\) \(CI runs it\)$"):
        services.require(["node"])


def test_under_the_switch_a_missing_service_fails_the_test(no_node, monkeypatch):
    monkeypatch.setenv(services.STRICT_VARIABLE, "1")
    with pytest.raises(pytest.fail.Exception, match="BLOCKKNOCK_REQUIRE_SERVICES is set"):
        services.require(["node"])


def test_a_broker_that_is_not_redis_is_a_missing_redis(settings, monkeypatch):
    monkeypatch.setenv(services.STRICT_VARIABLE, "1")
    settings.CELERY_BROKER_URL = "filesystem://"
    with pytest.raises(pytest.fail.Exception, match=r"^needs redis \(CELERY_BROKER_URL is not a Redis URL\), and"):
        services.require(["redis"])


def test_a_redis_that_does_not_answer_is_missing(settings, monkeypatch):
    monkeypatch.delenv(services.STRICT_VARIABLE, raising=False)
    settings.CELERY_BROKER_URL = "redis://127.0.0.1:1/0"  # port 1: nothing listens
    with pytest.raises(pytest.skip.Exception, match=r"^needs redis \(no Redis answers at redis://127.0.0.1:1/0: "):
        services.require(["redis"])


def test_the_services_that_are_there_let_the_test_run(monkeypatch):
    monkeypatch.setenv(services.STRICT_VARIABLE, "1")
    monkeypatch.setattr(services.shutil, "which", lambda name: f"/usr/bin/{name}")
    services.require(["node"])


def test_an_unknown_service_is_a_mistake_in_the_test():
    with pytest.raises(ValueError, match="unknown service 'mysql'"):
        services.require(["mysql"])
