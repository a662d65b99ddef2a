"""Every game names the rules version it is played by (engine.RULESETS); every game so far was played by version 1."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("game", "0010_game_classic_seed"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="rules_version",
            field=models.PositiveSmallIntegerField(
                default=1,
                help_text="Version of the rules the game is played by (engine.RULESETS).",
                verbose_name="rules version",
            ),
            preserve_default=False,
        ),
    ]
