"""Publish the dealer cut-overs: from which game on each mode has been dealt by which dealer.

Filled from the games as they stand: for each mode and each dealer that dealt it, the first game of
that dealer after the mode's last game of an older (lower-numbered) dealer. So every stored game at or
after a cut-over is dealt by that dealer or a later one, and every checker holds the games to it.
"""

import django.utils.timezone
from django.db import migrations, models
from django.db.models import Max, Min


def publish_history(apps, schema_editor):
    DealerCutover = apps.get_model("game", "DealerCutover")
    Game = apps.get_model("game", "Game")
    for mode in Game.objects.order_by().values_list("mode", flat=True).distinct():
        games = Game.objects.filter(mode=mode)
        for dealer in sorted(set(games.order_by().values_list("dealer", flat=True).distinct())):
            last_older = games.filter(dealer__lt=dealer).aggregate(last=Max("pk"))["last"] or 0
            first = games.filter(dealer=dealer, pk__gt=last_older).aggregate(first=Min("pk"))["first"]
            if first is not None:  # None: an older dealer dealt after its every game; it is no cut-over
                DealerCutover.objects.create(mode=mode, dealer=dealer, from_game=first)


def unpublish(apps, schema_editor):
    apps.get_model("game", "DealerCutover").objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [
        ("game", "0013_challenge_versions"),
    ]

    operations = [
        migrations.CreateModel(
            name="DealerCutover",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                (
                    "mode",
                    models.CharField(
                        choices=[
                            ("classic", "Classic"),
                            ("practice", "Practice"),
                            ("challenge", "Challenge"),
                            ("daily", "Daily"),
                        ],
                        max_length=10,
                        verbose_name="mode",
                    ),
                ),
                (
                    "dealer",
                    models.PositiveSmallIntegerField(help_text="Version of the fair-deal rule.", verbose_name="dealer"),
                ),
                (
                    "from_game",
                    models.PositiveBigIntegerField(
                        help_text="The id of the first game of this mode dealt by this dealer.",
                        verbose_name="from game",
                    ),
                ),
                ("published_at", models.DateTimeField(default=django.utils.timezone.now, verbose_name="published")),
            ],
            options={
                "verbose_name": "dealer cut-over",
                "verbose_name_plural": "dealer cut-overs",
                "ordering": ["mode", "from_game"],
                "constraints": [models.UniqueConstraint(fields=("mode", "dealer"), name="dealer_cutover_once")],
            },
        ),
        migrations.RunPython(publish_history, unpublish),
    ]
