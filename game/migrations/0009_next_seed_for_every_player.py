"""A next seed for every player who has none: from now on it is drawn when the player is created
(``game.seeds.next_seed_draw``), so reading its commitment (``GET /api/me/``, the pages) never writes."""

import secrets

from django.conf import settings
from django.db import migrations


def draw_missing(apps, schema_editor):
    Player = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    NextSeed = apps.get_model("game", "NextSeed")
    missing = Player.objects.filter(next_seed__isnull=True).values_list("pk", flat=True)
    NextSeed.objects.bulk_create(
        [NextSeed(player_id=pk, seed=secrets.token_bytes(32).hex()) for pk in missing.iterator()], batch_size=1000
    )


class Migration(migrations.Migration):
    dependencies = [("game", "0008_game_client_seed_by"), migrations.swappable_dependency(settings.AUTH_USER_MODEL)]

    operations = [migrations.RunPython(draw_missing, migrations.RunPython.noop)]
