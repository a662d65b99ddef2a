"""``manage.py storage_report``: what a finished game costs the database, per game and per move (PostgreSQL).

Usage::

    DATABASE_URL=postgres://…/blockknock_load manage.py storage_report

Counts, for every finished game (over or won), the row data of the game's own row and
of every row kept for it or its moves: each model with a foreign key to ``Game``
(events, the Stats summary, …), the star ledger and the leaderboard standings aside (a
player's balance and rank, not the game's history). Row data is PostgreSQL's
``pg_column_size`` of the row (its stored bytes, tuple header included). A
least-squares line through (moves, bytes) gives the figure at :data:`AT_MOVES` moves and
the bytes per extra move. On disk: those tables' total relation size (heap, TOAST and
every index) divided by their games, as is.
"""

from __future__ import annotations

import statistics

from django.apps import apps
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from psycopg import sql

from game.models import FINISHED, Game

AT_MOVES = 30
"""The game length the report states its row-data figure at (the issue's target is a 30-move game)."""

ASIDE = {("leaderboards", "standing"), ("accounts", "starentry")}
"""Models with a key to ``Game`` that are not the game's history (app label, model name)."""


def _kept_for_game() -> list[tuple[str, str]]:
    """``(table, key column)`` of every model keeping rows for a game, the aside ones left out."""
    kept = []
    for model in apps.get_models():
        if (model._meta.app_label, model._meta.model_name) in ASIDE:
            continue
        for field in model._meta.concrete_fields:
            if field.is_relation and field.related_model is Game:
                assert field.column is not None, "a concrete field has a column"
                kept.append((model._meta.db_table, field.column))
    return kept


def _bytes_per_game(kept: list[tuple[str, str]]) -> dict[int, tuple[int, int]]:
    """``{game id: (moves, row-data bytes)}`` of every finished game, each table summed on its own."""
    finished = [str(status) for status in FINISHED]
    with connection.cursor() as cursor:
        cursor.execute(
            sql.SQL("SELECT id, moves, pg_column_size(g.*) FROM {} g WHERE status = ANY(%s)")
            .format(sql.Identifier(Game._meta.db_table))
            .as_string(cursor.connection),
            [finished],
        )
        games = {game_id: [moves, size] for game_id, moves, size in cursor.fetchall()}
        for table, column in kept:
            cursor.execute(
                sql.SQL("SELECT {col}, sum(pg_column_size(t.*)) FROM {table} t GROUP BY {col}")
                .format(col=sql.Identifier(column), table=sql.Identifier(table))
                .as_string(cursor.connection)
            )
            for game_id, size in cursor.fetchall():
                if game_id in games:
                    games[game_id][1] += int(size)
    return {game_id: (moves, size) for game_id, (moves, size) in games.items()}


def _on_disk(tables: list[str]) -> int:
    with connection.cursor() as cursor:
        cursor.execute("SELECT sum(pg_total_relation_size(t::regclass)) FROM unnest(%s::text[]) t", [tables])
        return int(cursor.fetchone()[0])


class Command(BaseCommand):
    help = "Row data and on-disk bytes of finished games and their history, per game and per move (PostgreSQL)."

    def handle(self, *args, **options):
        if connection.vendor != "postgresql":
            raise CommandError(
                "storage_report measures PostgreSQL's storage: set DATABASE_URL to a PostgreSQL database"
            )
        kept = _kept_for_game()
        games = _bytes_per_game(kept)
        if len(games) < 2:
            raise CommandError(f"{len(games)} finished game(s): play some first (scripts/loadtest --smoke)")
        moves = [m for m, _ in games.values()]
        sizes = [b for _, b in games.values()]
        slope, intercept = statistics.linear_regression(moves, sizes)
        tables = [Game._meta.db_table, *(table for table, _ in kept)]
        stored = Game.objects.count()
        self.stdout.write(f"tables counted: {', '.join(tables)} (aside: star ledger, leaderboard standings)")
        self.stdout.write(f"finished games: {len(games)}, moves per game: median {statistics.median(moves)}")
        self.stdout.write(f"row data per finished game: median {statistics.median(sizes):.0f} bytes")
        self.stdout.write(
            f"row data at {AT_MOVES} moves: {intercept + slope * AT_MOVES:.0f} bytes, {slope:.1f} per extra move"
        )
        self.stdout.write(f"on disk with indexes: {_on_disk(tables) / stored:.0f} bytes per stored game ({stored})")
