"""Development settings: `scripts/serve` (runserver + Celery worker + beat)."""

from .base import *  # noqa: F403
from .base import env

DEBUG = True if env.debug is None else env.debug

# runserver serves on 127.0.0.1:8000; keep the base ALLOWED_HOSTS default.
INTERNAL_IPS = ["127.0.0.1"]

# DEBUG: WhiteNoise serves straight from the finders, no manifest needed.
WHITENOISE_AUTOREFRESH = True
