"""game.models.rows (a move's SQL, built once) does what the ORM calls it stands for do: the same
rows, the same values on the instance, the same ``pre_save`` / ``post_save`` signals, on SQLite and on
PostgreSQL (run with DATABASE_URL set, as CI does)."""

import datetime as dt
from contextlib import contextmanager

import pytest
import time_machine
from django.db.models.signals import post_save, pre_save

from game import engine, services
from game.models import Game, rows
from tests.helpers import first_fit

T0 = dt.datetime(2026, 12, 1, 17, 0, tzinfo=dt.UTC)
T1 = T0 + dt.timedelta(minutes=3, seconds=7, microseconds=250)


@contextmanager
def signals_sent(model):
    """The ``pre_save`` / ``post_save`` signals sent for ``model`` meanwhile, as (name, instance, arguments)."""
    sent = []

    def receiver(signal, sender, instance, **kwargs):
        sent.append(("pre_save" if signal is pre_save else "post_save", instance, kwargs))

    for signal in (pre_save, post_save):
        signal.connect(receiver, sender=model, weak=False, dispatch_uid=f"test-rows-{signal is pre_save}")
    try:
        yield sent
    finally:
        for signal in (pre_save, post_save):
            signal.disconnect(sender=model, dispatch_uid=f"test-rows-{signal is pre_save}")


def columns(model, pk) -> dict:
    """Every column of the stored row but its key."""
    row = model.objects.filter(pk=pk).values().get()
    del row["id"]
    return row


def loaded(game) -> dict:
    return {field.attname: getattr(game, field.attname) for field in Game._meta.concrete_fields}


@pytest.fixture
def twins(player):
    """Two stored games equal in every column but the id: a new Classic game and its copy."""
    with time_machine.travel(T0, tick=False):
        first = services.game_start(player=player, mode="classic")
        second = Game.objects.get(pk=first.pk)
        second.pk, second._state.adding = None, True
        second.save()
    assert columns(Game, first.pk) == columns(Game, second.pk)
    return first.pk, second.pk


def test_the_locked_read_is_the_orms(player, other_player, twins):
    Game.objects.filter(pk=twins[0]).update(
        status="won", stars=7, stars_high_score=2, record=b"\x05\xc0", challenge=2, finished_at=T1
    )
    fast = rows.game_locked(twins[0], player.pk)
    slow = Game.objects.select_for_update().get(pk=twins[0], player=player.pk)
    assert loaded(fast) == loaded(slow)
    assert [type(value) for value in loaded(fast).values()] == [type(value) for value in loaded(slow).values()]
    assert (fast._state.adding, fast._state.db) == (slow._state.adding, slow._state.db) == (False, "default")
    assert fast.changed_fields() == slow.changed_fields() == []
    assert rows.game_locked(twins[0], other_player.pk) is None
    assert not Game.objects.filter(pk=twins[0], player=other_player.pk).exists()


def play_first_fit(game) -> None:
    """What a move does to the row: the engine's next state, one more event in the record."""
    slot, row, col = first_fit(game)
    state, _result = engine.play(game.state, slot, row, col)
    game.load_state(state, engine.PIECES[game.hand[slot]])
    game.record_append(("move", slot, row, col))
    game.seq += 1


def edit_in_place(game) -> None:
    """A JSON column changed without a new value: the list as loaded, edited."""
    game.used[1] = True
    game.hand.append("mono")


@pytest.mark.parametrize("change", [play_first_fit, edit_in_place])
def test_a_write_is_a_save_of_the_changed_columns(player, twins, change):
    fast_pk, slow_pk = twins
    with time_machine.travel(T1, tick=False):
        fast = rows.game_locked(fast_pk, player.pk)
        slow = Game.objects.select_for_update().get(pk=slow_pk, player=player.pk)
        change(fast)
        change(slow)
        assert fast.changed_fields() == slow.changed_fields() != []
        with signals_sent(Game) as fast_signals:
            assert rows.game_write(fast, 0) is True
        with signals_sent(Game) as slow_signals:
            slow.save(update_fields=[*slow.changed_fields(), "updated_at"])
    assert columns(Game, fast_pk) == columns(Game, slow_pk)
    assert columns(Game, fast_pk)["updated_at"] == T1  # the field's own pre_save (auto_now) set it
    assert loaded(fast) | {"id": None} == loaded(slow) | {"id": None}
    assert [(name, kwargs) for name, _game, kwargs in fast_signals] == [
        (name, kwargs) for name, _game, kwargs in slow_signals
    ]
    assert [name for name, _game, _kwargs in fast_signals] == ["pre_save", "post_save"]
    assert all(game is fast for _name, game, _kwargs in fast_signals)
    assert fast.changed_fields() == []  # written: what is stored now is the baseline


def test_a_write_after_another_writes_nothing(player, twins):
    game = rows.game_locked(twins[0], player.pk)
    before = columns(Game, twins[0])
    Game.objects.filter(pk=twins[0]).update(seq=1)  # another request got there first
    play_first_fit(game)
    with signals_sent(Game) as sent:
        assert rows.game_write(game, 0) is False
    assert columns(Game, twins[0]) == before | {"seq": 1}
    assert [name for name, _game, _kwargs in sent] == ["pre_save"]  # as a save that raised: no post_save
    assert "board" in game.changed_fields()
