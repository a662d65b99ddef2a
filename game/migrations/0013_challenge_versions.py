"""Publish the Challenge ladder as versions, and record in every challenge game the version it was played under.

Each challenge's definition as it stands becomes a published version; every existing
challenge game points at the version equal to what it froze at its start (target, start
board, piece set). Where staff never edited a challenge that is version 1 for all its
games. A definition that only earlier games froze (staff edited the challenge since)
becomes an earlier version, numbered in the order the games first used it, so that those
games too are held to a published definition that is theirs.
"""

from collections import defaultdict

import django.db.models.deletion
import django.utils.timezone
from django.db import migrations, models

EMPTY = "." * 64


def _definition(game, number):
    """What a challenge game froze: ``(target, start board, number whose piece set is dealt)``."""
    return game.target, game.start_board or EMPTY, game.piece_set or number


def publish_existing(apps, schema_editor):
    Challenge = apps.get_model("game", "Challenge")
    ChallengeVersion = apps.get_model("game", "ChallengeVersion")
    Game = apps.get_model("game", "Game")
    for rung in Challenge.objects.order_by("number"):
        rows = [line.strip() for line in rung.start_board.strip().splitlines()]
        current = (rung.target, "".join(rows), rung.piece_set or rung.number)
        games = defaultdict(list)  # definition -> game ids, in the order the definitions were first used
        for game in Game.objects.filter(mode="challenge", challenge=rung.number).order_by("created_at", "pk"):
            games[_definition(game, rung.number)].append(game.pk)
        earlier = [definition for definition in games if definition != current]
        for version, (target, board, piece_set) in enumerate([*earlier, current], 1):
            ChallengeVersion.objects.create(
                challenge=rung, version=version, target=target, start_board=board, piece_set=piece_set
            )
            Game.objects.filter(pk__in=games.get((target, board, piece_set), [])).update(challenge_version=version)


def unpublish(apps, schema_editor):
    apps.get_model("game", "ChallengeVersion").objects.all().delete()


class Migration(migrations.Migration):
    dependencies = [
        ("game", "0012_game_record"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="challenge_version",
            field=models.PositiveSmallIntegerField(
                blank=True,
                help_text="The published version of the challenge's definition the game started under (challenges only).",
                null=True,
                verbose_name="challenge version",
            ),
        ),
        migrations.CreateModel(
            name="ChallengeVersion",
            fields=[
                ("id", models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name="ID")),
                ("version", models.PositiveSmallIntegerField(verbose_name="version")),
                ("target", models.PositiveIntegerField(verbose_name="target score")),
                ("start_board", models.CharField(max_length=64, verbose_name="start board")),
                ("piece_set", models.PositiveSmallIntegerField(verbose_name="piece set")),
                ("published_at", models.DateTimeField(default=django.utils.timezone.now, verbose_name="published")),
                (
                    "challenge",
                    models.ForeignKey(
                        on_delete=django.db.models.deletion.PROTECT,
                        related_name="versions",
                        to="game.challenge",
                        verbose_name="challenge",
                    ),
                ),
            ],
            options={
                "verbose_name": "challenge version",
                "verbose_name_plural": "challenge versions",
                "ordering": ["challenge__number", "version"],
                "constraints": [
                    models.UniqueConstraint(fields=("challenge", "version"), name="challenge_version_once")
                ],
            },
        ),
        migrations.RunPython(publish_existing, unpublish),
    ]
