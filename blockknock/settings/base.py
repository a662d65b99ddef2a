"""Settings shared by every environment (local, test, production).

The process environment is read in exactly one place, settings/environment.py
(``env``). Everything else in the settings package derives from ``env``.
"""

from __future__ import annotations

from celery.schedules import crontab
from django.core.exceptions import ImproperlyConfigured
from django.utils.csp import CSP

from .. import proxies
from . import connections, mail
from .environment import BASE_DIR, env

# ---------------------------------------------------------------------------
# Environment -- read only by settings/environment.py
# ---------------------------------------------------------------------------
VAR_DIR = env.var_dir
VAR_DIR.mkdir(parents=True, exist_ok=True)


# ---------------------------------------------------------------------------
# Core
# ---------------------------------------------------------------------------
# Development-only fallback; production.py refuses to start without SECRET_KEY.
DEVELOPMENT_SECRET_KEY = "django-insecure-blockknock-local-development-key-do-not-deploy"
SECRET_KEY = env.secret_key or DEVELOPMENT_SECRET_KEY
DEBUG = False if env.debug is None else env.debug
ALLOWED_HOSTS = env.allowed_hosts or ["localhost", "127.0.0.1", "[::1]"]
CSRF_TRUSTED_ORIGINS = env.csrf_trusted_origins
# The proxies allowed to name the client in X-Forwarded-For (blockknock/proxies.py); a bad entry
# stops the start here rather than every request later.
TRUSTED_PROXIES = env.trusted_proxies or list(proxies.LOOPBACK)
try:
    proxies.networks(TRUSTED_PROXIES)
except ValueError as exc:
    raise ImproperlyConfigured(str(exc)) from exc

ROOT_URLCONF = "blockknock.urls"
WSGI_APPLICATION = "blockknock.wsgi.application"
ASGI_APPLICATION = "blockknock.asgi.application"
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

DJANGO_APPS = [
    "blockknock.accounts.apps.SecuredAdminConfig",  # django.contrib.admin behind allauth's sign-in and a second factor
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.humanize",  # allauth's passkey and device lists ("3 days ago")
    "whitenoise.runserver_nostatic",  # must precede staticfiles
    "django.contrib.staticfiles",
]
THIRD_PARTY_APPS = [
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "django_htmx",
    "allauth",
    "allauth.account",
    "allauth.mfa",
    "allauth.usersessions",
]
LOCAL_APPS = [
    "blockknock",  # deploy checks, migrate one at a time (blockknock/apps.py)
    "blockknock.accounts",  # app label "accounts"
    "game",
    "leaderboards",
    "themes",
]
INSTALLED_APPS = DJANGO_APPS + THIRD_PARTY_APPS + LOCAL_APPS

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",  # SECURE_CSP below
    # answers static files itself (the brotli/gzip files made by collectstatic)
    "whitenoise.middleware.WhiteNoiseMiddleware",
    # Compresses the pages and views' answers (HTML, JSON, the looks stylesheet); after
    # WhiteNoise so static files are never compressed twice, before everything that
    # writes the body. BREACH: the only secret in a page is the CSRF token, which
    # Django masks afresh for every response, and Django pads each gzip stream with
    # random bytes. The session travels in a cookie; the API's token answers
    # (POST /api/auth/guest/, /api/auth/token/) reflect nothing of the request.
    "django.middleware.gzip.GZipMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "blockknock.accounts.middleware.PlayerLanguageMiddleware",  # the player's saved language
    "allauth.account.middleware.AccountMiddleware",
    "blockknock.accounts.middleware.DeviceSeenMiddleware",  # a signed-in device's "last seen", every few minutes
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "blockknock.middleware.RateLimitedMiddleware",  # RateLimited -> 429
    "blockknock.middleware.ServiceUnavailableMiddleware",  # database / Redis down -> 503, not 500
    "blockknock.replica.PrimaryPinMiddleware",  # after a write, the client reads from the primary a while
]

# ---------------------------------------------------------------------------
# Security headers (production.py adds HTTPS-only ones: HSTS, secure cookies)
# ---------------------------------------------------------------------------
# Content-Security-Policy (Django's own, django.middleware.csp): scripts and styles
# only from this site -- no inline <script>, no style attributes, no eval. htmx runs
# with allowEval/allowScriptTags off and includeIndicatorStyles false (base.html),
# so it injects no inline <style>; the board script (static/js/board/) only sets
# styles through the CSSOM, which CSP does not restrict.
SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "font-src": [CSP.SELF],
    "connect-src": [CSP.SELF],
    "media-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}
X_FRAME_OPTIONS = "DENY"
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
            ],
        },
    },
]


# ---------------------------------------------------------------------------
# Database, cache: SQLite file in var/ and local memory unless URLs say otherwise
# (connections.py: every option of a URL kept, timeouts on every connection)
# ---------------------------------------------------------------------------
DATABASES = {
    "default": connections.database(
        env.database_url or f"sqlite:///{VAR_DIR / 'db.sqlite3'}",
        statement_timeout=env.database_statement_timeout,
        lock_timeout=env.database_lock_timeout,
    ),
}
# A streaming replica (optional) for the public reads; blockknock/replica.py says which reads go there.
if env.database_replica_url:
    DATABASES["replica"] = connections.database(
        env.database_replica_url,
        statement_timeout=env.database_statement_timeout,
        lock_timeout=env.database_lock_timeout,
    )
REPLICA_READS = "replica" in DATABASES and env.replica_reads is not False
DATABASE_ROUTERS = ["blockknock.replica.ReplicaRouter"]

# REDIS_URL, else a Redis broker's URL: one Redis serves both unless told otherwise.
REDIS_CACHE_URL = env.redis_url or (
    env.celery_broker_url
    if env.celery_broker_url and env.celery_broker_url.startswith(connections.REDIS_SCHEMES)
    else None
)
if REDIS_CACHE_URL:
    CACHES = {"default": connections.redis_cache(REDIS_CACHE_URL)}
else:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.locmem.LocMemCache",
            "LOCATION": "blockknock",
        },
    }


# ---------------------------------------------------------------------------
# Auth
# ---------------------------------------------------------------------------
AUTH_USER_MODEL = "accounts.Player"
# Django's ModelBackend with the session's player cached (blockknock/accounts/auth.py); the
# session itself is read from the cache too (cached_db: written through to the database).
# allauth's backend checks passwords (username or email) for its sign-in; the cached one serves get_user.
AUTHENTICATION_BACKENDS = [
    "blockknock.accounts.auth.CachedModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
SESSION_ENGINE = "blockknock.sessions"  # Django's cached_db, still working while the cache is down
LOGIN_URL = "account_login"
LOGIN_REDIRECT_URL = "game:play"
LOGOUT_REDIRECT_URL = "game:play"
# The CSRF secret lives in the csrftoken cookie (CSRF_USE_SESSIONS and
# CSRF_COOKIE_HTTPONLY keep Django's False) and is rotated at every log-in, so a
# log-in in another tab leaves this tab's token stale: its refusal answers a script
# 403 csrf_failed (JSON), and the board fetches a fresh token (accounts:session).
CSRF_FAILURE_VIEW = "blockknock.errors.csrf_failure"

# django-allauth (sign-in, sign-up, email, password reset, passkeys, signed-in devices): settings/accounts.py
from .accounts import *  # noqa: E402, F403

# Mail: written to files in var/mail/ unless an SMTP server is configured (README § Production).
SMTP = mail.smtp(env.email_url, env.email_host, env.email_port, env.email_user, env.email_password, env.email_use_tls)
MAILERS = mail.mailers(SMTP, file_path=VAR_DIR / "mail")
DEFAULT_FROM_EMAIL = env.default_from_email or "Block Knock! <noreply@localhost>"
SERVER_EMAIL = DEFAULT_FROM_EMAIL

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]


# ---------------------------------------------------------------------------
# Internationalisation and the game calendar
# ---------------------------------------------------------------------------
# The game's calendar (days start at midnight there, weeks on Monday): the ONE
# place the zone is named. Code asks settings.GAME_TIMEZONE, never a literal.
GAME_TIMEZONE = "America/Los_Angeles"
TIME_ZONE = GAME_TIMEZONE
USE_TZ = True

LANGUAGE_CODE = "en"
LANGUAGES = [
    ("en", "English"),
    ("zh-hant", "繁體中文"),
]
USE_I18N = True
# One catalogue for the whole project (scripts/makemessages writes it; scripts/serve
# and scripts/test compile it; *.mo files are not committed).
LOCALE_PATHS = [BASE_DIR / "blockknock" / "locale"]
# Numbers as 1,200 in both languages (Django's zh_Hant has no thousands separator)
# and dates per language; the templates format numbers with floatformat:"0g".
FORMAT_MODULE_PATH = ["blockknock.formats"]


# ---------------------------------------------------------------------------
# Static files (WhiteNoise; htmx is vendored in static/vendor/htmx/)
# ---------------------------------------------------------------------------
STATIC_URL = "static/"
STATICFILES_DIRS = [BASE_DIR / "static"]
STATIC_ROOT = env.static_root
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}


# ---------------------------------------------------------------------------
# Django REST framework + drf-spectacular
# ---------------------------------------------------------------------------
REST_FRAMEWORK = {
    # Token first: its WWW-Authenticate header makes "not signed in" a 401, not a 403.
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "blockknock.accounts.auth.CachedTokenAuthentication",  # DRF's, with the lookup cached
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "EXCEPTION_HANDLER": "blockknock.api.errors.exception_handler",
    # JSON bodies only, nested at most blockknock.parsers.JSON_MAX_DEPTH deep; any other
    # media type is 400 invalid (the HTML pages post forms to Django views, not to DRF).
    "DEFAULT_PARSER_CLASSES": ["blockknock.parsers.JSONParser"],
    "DEFAULT_SCHEMA_CLASS": "blockknock.schema.AutoSchema",  # adds 429 + Retry-After to throttled calls
    # Rate limits (blockknock/throttles.py): views name a scope; the HTML views use
    # the same throttle and rates. Over a rate: 429 with Retry-After. Counted in the
    # default cache (Redis in production); per player when signed in, else per
    # address. Far above a person's play (a fast player makes about one move a
    # second) and above the load test (scripts/loadtest: 100 players from one
    # address, one move a second each, 100 new guests).
    "DEFAULT_THROTTLE_CLASSES": ["blockknock.throttles.ScopedRateThrottle"],
    "DEFAULT_THROTTLE_RATES": {
        # new guests per address (API and a first visit's first move): README § Load, faults and abuse says why 100
        "guest": "100/hour",
        "login": "20/min",  # password checks per address (the token endpoint; the site's sign-in is allauth's)
        "games": "60/min",  # game starts per player
        "moves": "300/min",  # moves per player
        "public": "300/min",  # public reads (leaderboards, ended games' documents) per address
    },
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Block Knock! API",
    "DESCRIPTION": "JSON API of the Block Knock! block-puzzle game.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SERVE_PERMISSIONS": ["rest_framework.permissions.AllowAny"],
}


# ---------------------------------------------------------------------------
# Celery (settings namespace CELERY_, see blockknock/celery.py)
# ---------------------------------------------------------------------------
# Embedded default broker: kombu's filesystem transport spooling into var/celery/
# -- no server needed. CELERY_BROKER_URL (e.g. redis://127.0.0.1:6379/0) overrides.
CELERY_SPOOL_DIR = VAR_DIR / "celery"
CELERY_BROKER_URL = env.celery_broker_url or "filesystem://localhost//"
if CELERY_BROKER_URL.startswith("filesystem://"):
    for _sub in ("queue", "processed", "control"):
        (CELERY_SPOOL_DIR / _sub).mkdir(parents=True, exist_ok=True)
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        "data_folder_in": str(CELERY_SPOOL_DIR / "queue"),
        "data_folder_out": str(CELERY_SPOOL_DIR / "queue"),
        "processed_folder": str(CELERY_SPOOL_DIR / "processed"),
        "store_processed": False,
        "control_folder": str(CELERY_SPOOL_DIR / "control"),
    }
else:
    CELERY_BROKER_TRANSPORT_OPTIONS = connections.broker_transport_options(CELERY_BROKER_URL)
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_RESULT_BACKEND = None  # fire-and-forget tasks; state lives in the database
CELERY_TASK_IGNORE_RESULT = True
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TIMEZONE = GAME_TIMEZONE  # crontab() entries are game-calendar times
CELERY_ENABLE_UTC = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
CELERY_BEAT_SCHEDULE_FILENAME = str(VAR_DIR / "celerybeat-schedule")
# Periodic tasks. crontab() times are in CELERY_TIMEZONE, the game calendar's zone.
CELERY_BEAT_SCHEDULE = {
    # Midnight closes the day; every other hour catches up a close that beat missed (down across
    # midnight, or a new beat host without the schedule file): a closed day is never closed twice.
    "close-dailies": {"task": "game.tasks.close_dailies", "schedule": crontab(minute=0)},
    # the Daily seeds of the coming week (their commitments are public): hourly, so a missed run costs nothing
    "draw-daily-seeds": {"task": "game.tasks.draw_daily_seeds", "schedule": crontab(minute=5)},
    # Stats summaries of games finished before they were written at the finish (game.stats.summaries)
    "fill-summaries": {"task": "game.tasks.fill_summaries", "schedule": crontab(minute=35)},
}


# ---------------------------------------------------------------------------
# Logging
# ---------------------------------------------------------------------------
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "plain": {"format": "%(asctime)s %(levelname)s %(name)s: %(message)s"},
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "formatter": "plain"},
    },
    "root": {"handlers": ["console"], "level": env.log_level},
    "loggers": {
        "django": {"handlers": ["console"], "level": env.log_level, "propagate": False},
    },
}
