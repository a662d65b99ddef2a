"""Celery application: configured from Django settings (namespace CELERY_).

Worker: celery -A blockknock worker    Beat: celery -A blockknock beat
(see Procfile; scripts/serve runs both next to the web server).
"""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "blockknock.settings.local")

app = Celery("blockknock")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
