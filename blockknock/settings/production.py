"""Production settings: `DJANGO_SETTINGS_MODULE=blockknock.settings.production`.

Requires SECRET_KEY; passes `manage.py check --deploy`. Expects to sit behind
an HTTPS-terminating proxy that sets X-Forwarded-Proto.
"""

from django.core.exceptions import ImproperlyConfigured

from .base import *  # noqa: F403
from .base import env

if not env.secret_key:
    raise ImproperlyConfigured("SECRET_KEY must be set in the environment for production.")
SECRET_KEY = env.secret_key
DEBUG = False if env.debug is None else env.debug

STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "blockknock.storage.StaticFilesStorage"},  # hashed, ES module imports too
}

SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = True
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]  # a load balancer may probe over plain HTTP
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

# Behind one HTTPS proxy unless NUM_PROXIES says otherwise: the address it appends
# to X-Forwarded-For is the client's (rate limits count per address).
REST_FRAMEWORK = {**REST_FRAMEWORK, "NUM_PROXIES": env.num_proxies if env.num_proxies is not None else 1}  # noqa: F405
