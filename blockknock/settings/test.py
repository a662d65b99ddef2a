"""pytest settings (pyproject: DJANGO_SETTINGS_MODULE = "blockknock.settings.test").

Database and broker follow the environment like everywhere else: SQLite by
default, PostgreSQL when DATABASE_URL is set (CI).
"""

from .base import *  # noqa: F403

DEBUG = False
ALLOWED_HOSTS = ["testserver", "localhost", "127.0.0.1", "[::1]"]

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# SQLite: the test database is a file, not Django's in-memory one. The browser tests' live
# server answers each request in its own thread; with an in-memory database Django hands
# every one of those threads the test's single connection, so two requests that arrived
# together (a hand's three moves, sent at their drops) ran their transactions on that one
# connection at once and one of them now and then failed with a 503. A file gives each
# thread its own connection, queued by SQLite's lock as in production (base.py: WAL,
# IMMEDIATE transactions, a 20 s busy timeout). The file is named per xdist worker.
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / "test-db.sqlite3")}  # noqa: F405

# The replica is the test database itself under a second connection (a test mirror), so a test can tell
# which alias served a query. Off unless a test turns it on (override_settings(REPLICA_READS=True)):
# the mirror sees only committed rows, so such a test runs with transaction=True.
DATABASES["replica"] = {**DATABASES["default"], "TEST": {"MIRROR": "default"}}  # noqa: F405
REPLICA_READS = False

# Tests must not share state through an external cache.
CACHES = {
    "default": {
        "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
        "LOCATION": "blockknock-test",
    },
}

# No manifest and no collectstatic: live_server serves static files from the
# finders. WhiteNoise only needs STATIC_ROOT to exist (else it warns per request).
STATIC_ROOT = VAR_DIR / "test-staticfiles"  # noqa: F405
STATIC_ROOT.mkdir(parents=True, exist_ok=True)
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.InMemoryStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# Tasks run inline in the test process; no worker is needed.
CELERY_TASK_ALWAYS_EAGER = True
CELERY_TASK_EAGER_PROPAGATES = True

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": "WARNING"},
}
MAILERS = {"default": {"BACKEND": "django.core.mail.backends.locmem.EmailBackend"}}  # tests read mail.outbox

# The browser tests' live server is http://localhost: allauth's passkeys accept that origin only when told.
MFA_WEBAUTHN_ALLOW_INSECURE_ORIGIN = True
