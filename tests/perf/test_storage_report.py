"""``manage.py storage_report`` counts a finished game's row data exactly (PostgreSQL only).

Two games are played to their end; the report's per-game sums must equal the game
row's ``pg_column_size`` (its record included) plus its Stats summary's, read here
table by table: no other row is kept for a game or its moves (docs/record.md).
"""

import random

import pytest
from django.core.management import CommandError, call_command
from django.db import connection

from blockknock.accounts.services import guest_create
from game import services
from game.management.commands.storage_report import _bytes_per_game, _kept_for_game
from tools.bots import random_bot

pytestmark = pytest.mark.django_db

ALIGN = 8
"""PostgreSQL pads a row formed by a scan to its 8-byte alignment (MAXALIGN), so the same row read through
another plan may size a few bytes apart: the report's per-game sum must agree within one alignment."""

GROUPED = (
    "SELECT s FROM (SELECT game_id, sum(pg_column_size(t.*)) s FROM {table} t GROUP BY game_id) x WHERE game_id = %s"
)
"""A table's bytes for one game, read as a whole-table scan as the report reads them."""


def _play_to_the_end(seed: int):
    player, rng = guest_create(), random.Random(seed)
    game = services.game_start(player=player, mode="practice", client_seed=f"storage {seed}")
    while game.status == "playing":
        slot, row, col = random_bot(game.state, rng)
        game, _ = services.move_place(
            player=player, game_id=game.id, slot=slot, row=row, col=col, move_number=game.moves
        )
    return game


def _size(query: str, game_id: int) -> int:
    with connection.cursor() as cursor:
        cursor.execute(query, [game_id])
        row = cursor.fetchone()
        return 0 if row is None else int(row[0])


@pytest.mark.needs("postgresql")  # pg_column_size
def test_the_report_sums_each_finished_game_and_the_rows_kept_for_it():
    games = [_play_to_the_end(seed) for seed in (1, 2)]
    kept = _kept_for_game()
    assert {table for table, _ in kept} == {"game_gamesummary"}
    measured = _bytes_per_game(kept)
    for game in games:
        own = _size("SELECT s FROM (SELECT id, pg_column_size(g.*) s FROM game_game g) x WHERE id = %s", game.id)
        summary = _size(GROUPED.format(table="game_gamesummary"), game.id)
        record = _size("SELECT octet_length(record) FROM game_game WHERE id = %s", game.id)
        moves, size = measured[game.id]
        assert moves == game.moves == record
        assert abs(size - (own + summary)) < ALIGN
        assert summary > 0


@pytest.mark.skipif(connection.vendor == "postgresql", reason="SQLite's refusal")
def test_the_report_refuses_a_database_that_is_not_postgresql():
    with pytest.raises(CommandError, match="PostgreSQL"):
        call_command("storage_report")
