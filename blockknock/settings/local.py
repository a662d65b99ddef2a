"""Development settings: `scripts/serve` (runserver + Celery worker + beat)."""

from .base import *  # noqa: F403
from .base import env

DEBUG = True if env.debug is None else env.debug

# runserver serves on 127.0.0.1:8000; keep the base ALLOWED_HOSTS default.
INTERNAL_IPS = ["127.0.0.1"]

# DEBUG: WhiteNoise serves straight from the finders, no manifest needed.
WHITENOISE_AUTOREFRESH = True

# scripts/serve is plain http: passkeys work at http://localhost:8000/ (not 127.0.0.1, an address has no passkeys).
MFA_WEBAUTHN_ALLOW_INSECURE_ORIGIN = True
