"""Publish each challenge version's first game (``from_game``), as the dealer cut-overs publish each dealer's.

Filled from the stored games: each version's lowest game id. From here on the first game a version
deals writes it (``game.services.challenge_version_note``); a version no game was played under stays empty.
"""

from django.db import migrations, models
from django.db.models import Min


def first_games(apps, schema_editor):
    ChallengeVersion = apps.get_model("game", "ChallengeVersion")
    Game = apps.get_model("game", "Game")
    firsts = (
        Game.objects.filter(mode="challenge", challenge_version__isnull=False)
        .order_by()
        .values("challenge", "challenge_version")
        .annotate(first=Min("pk"))
    )
    for row in firsts:
        ChallengeVersion.objects.filter(challenge__number=row["challenge"], version=row["challenge_version"]).update(
            from_game=row["first"]
        )


class Migration(migrations.Migration):
    dependencies = [
        ("game", "0015_challenge_versions_published"),
    ]

    operations = [
        migrations.AddField(
            model_name="challengeversion",
            name="from_game",
            field=models.PositiveBigIntegerField(
                blank=True,
                help_text="The id of the first game played under this version (empty until one is).",
                null=True,
                verbose_name="from game",
            ),
        ),
        migrations.RunPython(first_games, migrations.RunPython.noop),
    ]
