"""WSGI entry point (gunicorn blockknock.wsgi).

No default settings module: a server process without DJANGO_SETTINGS_MODULE stops with
Django's ImproperlyConfigured instead of running the local settings (DEBUG on, SQLite)
unseen. manage.py and scripts/serve, the development commands, default to the local ones.
"""

from django.core.wsgi import get_wsgi_application

application = get_wsgi_application()
