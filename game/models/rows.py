"""A move's three statements on the game tables, their SQL built once from the models' fields.

A move reads its game row locked, writes the columns that changed (a
compare-and-set on ``seq``) and adds its event (tests/perf/test_move_queries.py
pins the count). Django's ORM compiles each of these afresh on every call, and
for the 28 columns of a game that is most of a move's CPU: about 1.6 ms for the
locked read and 1 ms for the update on the development machine, against
0.2–0.3 ms for the same SQL given as text (issue 17).

So here the SQL text is built once per database vendor and set of columns from
the models' ``_meta``, and every value goes through the fields' own
conversions: ``pre_save`` and ``get_db_prep_save`` on the way in, the backend's
and the field's converters on the way out, exactly as the ORM applies them. The
statements run on Django's connection: its transaction, its query log, its
error wrapping. Everything else about games goes through the ORM.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache

from django.db import connection
from django.db.models import Field, Model

from .games import Game, GameEvent


def _columns(fields: Iterable[Field]) -> str:
    return ", ".join(_quoted(field) for field in fields)


def _quoted(field: Field) -> str:
    """``field``'s column, quoted for the connection (every concrete field has one)."""
    assert field.column is not None, f"{field} has no column"
    return connection.ops.quote_name(field.column)


def _field(model: type[Model], name: str) -> Field:
    """``model``'s field ``name``, a column of its table (not a relation's other end)."""
    field = model._meta.get_field(name)
    assert isinstance(field, Field), f"{model.__name__}.{name} is not a concrete field"
    return field


def _table(model: type[Model]) -> str:
    return connection.ops.quote_name(model._meta.db_table)


@cache
def _locked_read(vendor: str) -> tuple[str, tuple, tuple]:
    """The locked read's SQL, the fields' attnames and each column's converters (for ``vendor``)."""
    fields = Game._meta.concrete_fields
    lock = " FOR UPDATE" if connection.features.has_select_for_update else ""
    pk, player = (_quoted(_field(Game, name)) for name in ("id", "player"))
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


@cache
def _write(vendor: str, names: tuple[str, ...]) -> tuple[str, tuple]:
    fields = tuple(_field(Game, name) for name in names)
    quote = connection.ops.quote_name
    assignments = ", ".join(f"{_quoted(field)} = %s" for field in fields)
    sql = f"UPDATE {_table(Game)} SET {assignments} WHERE {quote('id')} = %s AND {quote('seq')} = %s"
    return sql, fields


def game_write(game: Game, names: list[str], expected_seq: int) -> bool:
    """``Game.objects.filter(pk=game.pk, seq=expected_seq).update(...)`` of the attnames ``names``.

    :returns: whether the row was written (``False``: its ``seq`` had moved on).
    """
    sql, fields = _write(connection.vendor, tuple(names))
    params = [field.get_db_prep_save(getattr(game, field.attname), connection) for field in fields]
    with connection.cursor() as cursor:
        cursor.execute(sql, [*params, game.pk, expected_seq])
        return cursor.rowcount == 1


@cache
def _insert(vendor: str) -> tuple[str, tuple]:
    fields = tuple(field for field in GameEvent._meta.concrete_fields if not field.primary_key)
    marks = ", ".join("%s" for _ in fields)
    sql = f"INSERT INTO {_table(GameEvent)} ({_columns(fields)}) VALUES ({marks})"
    if connection.features.can_return_columns_from_insert:
        sql += f" RETURNING {_quoted(GameEvent._meta.pk)}"
    return sql, fields


def event_insert(event: GameEvent) -> None:
    """``event.save()`` of a new event: its row inserted, its ``pk`` set."""
    sql, fields = _insert(connection.vendor)
    params = [field.get_db_prep_save(field.pre_save(event, add=True), connection) for field in fields]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        event.pk = cursor.fetchone()[0] if connection.features.can_return_columns_from_insert else cursor.lastrowid
    event._state.adding, event._state.db = False, connection.alias
