"""Suite-wide pytest configuration.

pytest-django is configured in pyproject.toml ([tool.pytest.ini_options]:
DJANGO_SETTINGS_MODULE = blockknock.settings.test). Database and broker come
from the environment: SQLite by default, PostgreSQL when DATABASE_URL is set
(as .ci/run does). Browser fixtures live in tests/e2e/conftest.py.
"""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

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
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE") or ("ci" if os.environ.get("CI") else "dev"))


def pytest_configure(config):
    """Compile any translation catalogue whose .mo is missing or older than its .po.

    scripts/test and scripts/serve compile them too (``compilemessages``); this keeps a
    bare ``python -m pytest`` from testing stale Chinese. Done once, before xdist's
    workers start (they have ``workerinput``), with msgfmt if it is installed.
    """
    if hasattr(config, "workerinput") or not shutil.which("msgfmt"):
        return
    root = Path(__file__).resolve().parents[1]
    for po in (root / "blockknock" / "locale").glob("*/LC_MESSAGES/*.po"):
        mo = po.with_suffix(".mo")
        if mo.exists() and mo.stat().st_mtime >= po.stat().st_mtime:
            continue
        partial = mo.with_suffix(".mo.partial")
        subprocess.run(["msgfmt", "--check", "-o", str(partial), str(po)], check=True)
        os.replace(partial, mo)


@pytest.fixture(scope="session")
def bundles() -> None:
    """The pages' bundles in static/build/ made from the sources as they are now (scripts/bundle: esbuild,
    installed by npm ci where missing); a page without them would load no styles and no board."""
    root = Path(__file__).resolve().parents[1]
    done = subprocess.run([str(root / "scripts" / "bundle")], cwd=root, capture_output=True, text=True, check=False)
    if done.returncode:
        pytest.fail(f"scripts/bundle failed (node and npm are needed):\n{done.stdout}{done.stderr}", pytrace=False)


def pytest_runtest_setup(item):
    """``@pytest.mark.needs(service, ...)``: skipped where a service is missing, failed under CI's switch."""
    from tests.services import require

    for mark in item.iter_markers("needs"):
        require(mark.args)


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


@pytest.fixture(autouse=True)
def _empty_cache():
    """Rate-limit counters (blockknock/throttles.py) live in the cache: each test starts with none."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture(autouse=True)
def _default_language():
    """A page request activates its language in the test's thread: each test after it starts in the default one."""
    from django.utils import translation

    yield
    translation.deactivate()


# 30 s into a minute, an hour and a day alike (a multiple of 86,400 s, plus 30).
THROTTLE_NOW = 20_834 * 86_400 + 30.0


@pytest.fixture
def throttle_window(monkeypatch):
    """The rate limits' clock stopped 30 s into a window for the rest of the test.

    The throttle counts in fixed windows of the wall clock (blockknock.throttles): a test that makes
    N + 1 requests against a rate of N a minute and expects the last refused failed whenever a
    minute turned between its requests (seen under a CPU hog: the counter started again at 1)."""
    from blockknock.throttles import ScopedRateThrottle

    monkeypatch.setattr(ScopedRateThrottle, "timer", lambda self: THROTTLE_NOW)
    return THROTTLE_NOW


@pytest.fixture
def player(db):
    """A guest player (a real Player row, as the first visit makes)."""
    from blockknock.accounts.services import guest_create

    return guest_create()


@pytest.fixture
def other_player(db):
    from blockknock.accounts.services import guest_create

    return guest_create()


@pytest.fixture
def api(player):
    """An API client authenticated as ``player`` with a token."""
    from tests.helpers import api_client_for

    return api_client_for(player)


@pytest.fixture
def other_api(other_player):
    from tests.helpers import api_client_for

    return api_client_for(other_player)


@pytest.fixture
def classic(player):
    """A new Classic game of ``player``."""
    from game import services

    return services.game_start(player=player, mode="classic")


@pytest.fixture
def admin_client(db):
    """pytest-django's ``admin_client``, signed in as the admin asks: a superuser through allauth's
    password and second-factor steps (blockknock/accounts/admin_site.py)."""
    from tests.accounts.second_factor import staff_signed_in_with_second_factor

    return staff_signed_in_with_second_factor("admin")
