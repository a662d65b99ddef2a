"""Celery application: configured from Django settings (namespace CELERY_).

Worker: celery -A blockknock worker    Beat: celery -A blockknock beat
(see Procfile; scripts/serve runs both next to the web server, with the local settings).
No default settings module: a worker or beat without DJANGO_SETTINGS_MODULE stops with
Django's ImproperlyConfigured when it reads its configuration, as blockknock.wsgi does.
"""

from celery import Celery

app = Celery("blockknock")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
