"""pytest settings (pyproject: DJANGO_SETTINGS_MODULE = "blockknock.settings.test").

Database and broker follow the environment like everywhere else: SQLite by
default, PostgreSQL when DATABASE_URL is set (CI).
"""

from .base import *  # noqa: F403

DEBUG = False
ALLOWED_HOSTS = ["testserver", "localhost", "127.0.0.1", "[::1]"]

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

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
