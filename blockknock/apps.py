from django.apps import AppConfig


class PlatformConfig(AppConfig):
    """The platform every app uses: its deploy checks (blockknock/checks.py) and its ``migrate``."""

    name = "blockknock"
    label = "blockknock"
    verbose_name = "Block Knock!"

    def ready(self):
        from . import checks  # noqa: F401  (registers the checks)
