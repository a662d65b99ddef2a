"""Block Knock! Django project package.

The Celery app is imported here so that it is configured whenever Django is,
and so that @shared_task uses it.
"""

from .celery import app as celery_app

__all__ = ("celery_app",)
