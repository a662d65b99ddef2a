"""Game.client_seed_by: who chose the game's client seed (docs/api.md ``Game.fair.client_seed_by``).

Nothing recorded, before this field, whether a client seed came from the player or was drawn by the
server (both are 32 lowercase hex characters when the browser made it), so every existing game with a
client seed is marked ``"server"``: the claim that needs no proof. A game without one keeps ``null``.
"""

from django.db import migrations, models


def server_where_unknown(apps, schema_editor):
    Game = apps.get_model("game", "Game")
    Game.objects.exclude(client_seed=None).update(client_seed_by="server")


class Migration(migrations.Migration):
    dependencies = [("game", "0007_game_colours")]

    operations = [
        migrations.AddField(
            model_name="game",
            name="client_seed_by",
            field=models.CharField(
                blank=True,
                choices=[("player", "the player"), ("server", "the server")],
                editable=False,
                max_length=6,
                null=True,
                verbose_name="client seed chosen by",
            ),
        ),
        migrations.RunPython(server_where_unknown, migrations.RunPython.noop),
    ]
