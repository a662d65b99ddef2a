"""ASGI entry point; like blockknock.wsgi, it needs DJANGO_SETTINGS_MODULE set and guesses none."""

from django.core.asgi import get_asgi_application

application = get_asgi_application()
