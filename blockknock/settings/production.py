"""Production settings: `DJANGO_SETTINGS_MODULE=blockknock.settings.production`.

Refuses to start without SECRET_KEY, a PostgreSQL DATABASE_URL, a Redis cache and a
broker that is a server: each embedded default of the base settings (SQLite, the
in-process cache, the broker folder) would let a host run alone, unseen, with its
own data. Passes `manage.py check --deploy`. Expects to sit behind an
HTTPS-terminating proxy that sets X-Forwarded-Proto.
"""

from django.core.exceptions import ImproperlyConfigured

from . import connections
from .base import *  # noqa: F403
from .base import DATABASES, REDIS_CACHE_URL, env

if not env.secret_key:
    raise ImproperlyConfigured("SECRET_KEY must be set in the environment for production.")
if not (env.database_url or "").startswith(connections.POSTGRES_SCHEMES):
    raise ImproperlyConfigured("DATABASE_URL must be set to a PostgreSQL URL (postgres://…) for production.")
if env.database_replica_url and not env.database_replica_url.startswith(connections.POSTGRES_SCHEMES):
    raise ImproperlyConfigured("DATABASE_REPLICA_URL, when set, must be a PostgreSQL URL (postgres://…).")
if not REDIS_CACHE_URL:
    raise ImproperlyConfigured(
        "REDIS_URL (or a redis:// CELERY_BROKER_URL) must be set for production: "
        "the sessions and rate limits are shared by every host through it."
    )
if not env.celery_broker_url or env.celery_broker_url.startswith(connections.EMBEDDED_BROKERS):
    raise ImproperlyConfigured(
        "CELERY_BROKER_URL must be set to a broker server (e.g. redis://…) for production, "
        "not a folder or memory of one machine."
    )
if env.num_proxies is not None:
    raise ImproperlyConfigured(
        "NUM_PROXIES is no longer read: set TRUSTED_PROXIES to the addresses of the proxies in front "
        "(nginx's, comma-separated; loopback by default) and remove NUM_PROXIES. "
        "A count of proxies let a request sent straight to a host forge its address."
    )
SECRET_KEY = env.secret_key

# One pool of connections per process, as large as a gunicorn worker's threads (gunicorn.conf.py):
# no thread waits for a connection; one that does not get one within 2 s answers 503.
# The replica, when there is one, gets a pool of its own of the same size (README § Production: connection budget).
DATABASES = {alias: connections.pooled(config, max_size=4, timeout=2) for alias, config in DATABASES.items()}
DEBUG = False if env.debug is None else env.debug

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "blockknock.storage.StaticFilesStorage"},  # hashed, ES module imports too
}

SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = True
SECURE_REDIRECT_EXEMPT = [r"^healthz$", r"^readyz$"]  # a load balancer may probe over plain HTTP
SECURE_HSTS_SECONDS = 60 * 60 * 24 * 365
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SESSION_COOKIE_SECURE = True
SESSION_COOKIE_HTTPONLY = True
CSRF_COOKIE_SECURE = True
LANGUAGE_COOKIE_SECURE = True  # the language switch's cookie (/i18n/setlang/)
LANGUAGE_COOKIE_SAMESITE = "Lax"
X_FRAME_OPTIONS = "DENY"
