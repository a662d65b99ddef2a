"""``manage.py check --deploy`` fails on every embedded default of the base settings.

Each default lets one host run alone: its own SQLite file, its own in-process cache
(sessions and rate limits no other host sees), its own broker folder (tasks no worker
elsewhere picks up), a secret key anyone can read in the repository. The production
settings refuse to start without the servers (blockknock/settings/production.py); this
check holds any other settings module to the same, with errors (``check`` fails on them).
"""

from django.conf import settings
from django.core.cache.backends.redis import RedisCache
from django.core.checks import Error, register
from django.utils.module_loading import import_string

from .settings.base import DEVELOPMENT_SECRET_KEY
from .settings.connections import EMBEDDED_BROKERS


def embedded(*, database_engine: str, cache_backend: str, broker_url: str, secret_key: str) -> list[Error]:
    """The errors for these settings' values: one per embedded default, in this order."""
    errors = []
    if database_engine != "django.db.backends.postgresql":
        errors.append(Error("The database is not PostgreSQL.", hint="Set DATABASE_URL.", id="blockknock.E001"))
    if not issubclass(import_string(cache_backend), RedisCache):
        errors.append(Error("The cache is not Redis.", hint="Set REDIS_URL.", id="blockknock.E002"))
    if broker_url.startswith(EMBEDDED_BROKERS):
        errors.append(
            Error("The Celery broker is a folder or memory.", hint="Set CELERY_BROKER_URL.", id="blockknock.E003")
        )
    if secret_key == DEVELOPMENT_SECRET_KEY:
        errors.append(Error("SECRET_KEY is the development key.", hint="Set SECRET_KEY.", id="blockknock.E004"))
    return errors


@register("blockknock", deploy=True)
def embedded_defaults(app_configs, **kwargs) -> list[Error]:
    return embedded(
        database_engine=settings.DATABASES["default"]["ENGINE"],
        cache_backend=settings.CACHES["default"]["BACKEND"],
        broker_url=settings.CELERY_BROKER_URL,
        secret_key=settings.SECRET_KEY,
    )
