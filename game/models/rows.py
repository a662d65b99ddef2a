"""A move's two statements on the game table, their SQL built once from the model's fields.

A move reads its game row locked and writes the columns that changed, its event
appended to the record (a compare-and-set on ``seq``; tests/perf/test_move_queries.py
pins the count). Django's ORM compiles each of these afresh on every call, and
for the 29 columns of a game that is most of a move's CPU: about 1.6 ms for the
locked read and 1 ms for the update on the development machine, against
0.2–0.3 ms for the same SQL given as text.

So here the SQL text is built once per database vendor and set of columns from
the models' ``_meta`` (every table and column name, the keys included), and
each function does what the ORM call it stands for does, step for step:

- values go through the fields' own conversions: ``pre_save`` (so
  ``auto_now`` sets ``updated_at``) and ``get_db_prep_save`` on the way in, the
  backend's and the field's converters on the way out;
- a write sends ``pre_save`` and ``post_save`` as ``Model.save`` does, with the
  same arguments (``update_fields``, ``created``, ``raw``, ``using``);
- the statements run on Django's connection: its transaction, its query log,
  its error wrapping.

tests/game/test_rows.py holds each function to its ORM counterpart on SQLite and
PostgreSQL: the same rows, the same signals. Everything else about games goes
through the ORM.
"""

from __future__ import annotations

from functools import cache

from django.db import connection
from django.db.models.signals import post_save, pre_save

from .games import Game


def _quote(model, name: str) -> str:
    """The quoted column of ``model``'s field ``name``."""
    return connection.ops.quote_name(model._meta.get_field(name).column)


def _columns(fields) -> str:
    return ", ".join(connection.ops.quote_name(field.column) for field in fields)


def _table(model) -> str:
    return connection.ops.quote_name(model._meta.db_table)


@cache
def _locked_read(vendor: str) -> tuple[str, tuple, tuple]:
    """The locked read's SQL, the fields' attnames and each column's converters (for ``vendor``)."""
    fields = Game._meta.concrete_fields
    lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
    pk, player = _quote(Game, Game._meta.pk.name), _quote(Game, "player")
    sql = f"SELECT {_columns(fields)} FROM {_table(Game)} WHERE {pk} = %s AND {player} = %s{lock}"
    converters = []
    for index, field in enumerate(fields):
        column = field.get_col(Game._meta.db_table)
        found = connection.ops.get_db_converters(column) + field.get_db_converters(connection)
        if found:
            converters.append((index, column, tuple(found)))
    return sql, tuple(field.attname for field in fields), tuple(converters)


def game_locked(pk: int, player_id) -> Game | None:
    """``Game.objects.select_for_update().get(pk=pk, player=player_id)``, or ``None`` when there is no such row."""
    sql, names, converters = _locked_read(connection.vendor)
    with connection.cursor() as cursor:
        cursor.execute(sql, [pk, player_id])
        row = cursor.fetchone()
    if row is None:
        return None
    values = list(row)
    for index, column, found in converters:
        for convert in found:
            values[index] = convert(values[index], column, connection)
    return Game.from_db(connection.alias, names, values)


AUTO_NOW = tuple(field.attname for field in Game._meta.concrete_fields if getattr(field, "auto_now", False))
"""The columns every write of a game sets (``updated_at``): their ``pre_save`` gives the time of the write."""


@cache
def _write(vendor: str, names: tuple[str, ...]) -> tuple[str, tuple]:
    fields = tuple(Game._meta.get_field(name) for name in names)
    assignments = ", ".join(f"{_quote(Game, name)} = %s" for name in names)
    pk, seq = _quote(Game, Game._meta.pk.name), _quote(Game, "seq")
    sql = f"UPDATE {_table(Game)} SET {assignments} WHERE {pk} = %s AND {seq} = %s"
    return sql, fields


def game_write(game: Game, expected_seq: int) -> bool:
    """``game.save(update_fields=[*game.changed_fields(), *AUTO_NOW])``, written only where the stored
    row's ``seq`` is still ``expected_seq`` (a compare-and-set; ``save`` would write any row).

    Signals as ``save``'s: ``pre_save`` always, ``post_save`` (``created=False``) once written.

    :returns: whether the row was written (``False``: its ``seq`` had moved on).
    """
    update_fields = frozenset((*game.changed_fields(), *AUTO_NOW))
    using = connection.alias
    pre_save.send(sender=Game, instance=game, raw=False, using=using, update_fields=update_fields)
    sql, fields = _write(connection.vendor, tuple(sorted(update_fields)))
    params = [field.get_db_prep_save(field.pre_save(game, add=False), connection) for field in fields]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, game.pk, expected_seq])
        if cursor.rowcount != 1:
            return False
    game.saved(update_fields)
    post_save.send(sender=Game, instance=game, created=False, update_fields=update_fields, raw=False, using=using)
    return True
