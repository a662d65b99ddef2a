"""Suite-wide pytest configuration.

pytest-django is configured in pyproject.toml ([tool.pytest.ini_options]:
DJANGO_SETTINGS_MODULE = blockknock.settings.test). Database and broker come
from the environment: SQLite by default, PostgreSQL when DATABASE_URL is set
(as .ci/run does). Browser fixtures live in tests/e2e/conftest.py.
"""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings as hypothesis_settings

# Hypothesis: no per-example deadline (database-backed examples vary in speed);
# under CI (CI=true) examples are derandomized so a run is reproducible.
hypothesis_settings.register_profile(
    "dev",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
hypothesis_settings.register_profile(
    "ci",
    parent=hypothesis_settings.get_profile("dev"),
    derandomize=True,
    print_blob=True,
)
hypothesis_settings.load_profile(
    os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev")
)


@pytest.fixture
def broker_connection():
    """An open kombu connection to the configured Celery broker.

    Tasks run eagerly under the test settings; use this to check the broker
    itself (Redis in CI, the filesystem spool by default) is reachable.
    """
    from blockknock.celery import app

    with app.connection_for_write() as conn:
        conn.ensure_connection(max_retries=3)
        yield conn
