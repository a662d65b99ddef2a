"""Date every challenge version no later than the first game played under it.

Migration 0013 published the ladder's existing definitions as versions, each stamped with the time
the migration ran, though games had been played under them before: a checker holding a game to the
version that was the latest when it started (docs/api.md § The Challenge ladder) would refuse every
one of those games. A version is taken to be published when its first game started, where that was
earlier than its stamp; a version no game was played under keeps its stamp.
"""

from django.db import migrations
from django.db.models import Min


def date_by_first_game(apps, schema_editor):
    ChallengeVersion = apps.get_model("game", "ChallengeVersion")
    Game = apps.get_model("game", "Game")
    firsts = (
        Game.objects.filter(mode="challenge", challenge_version__isnull=False)
        .values("challenge", "challenge_version")
        .annotate(first=Min("created_at"))
    )
    for row in firsts:
        ChallengeVersion.objects.filter(
            challenge__number=row["challenge"], version=row["challenge_version"], published_at__gt=row["first"]
        ).update(published_at=row["first"])


class Migration(migrations.Migration):
    dependencies = [
        ("game", "0014_dealer_cutovers"),
    ]

    operations = [
        migrations.RunPython(date_by_first_game, migrations.RunPython.noop),
    ]
