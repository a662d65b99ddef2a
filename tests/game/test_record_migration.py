"""Migration 0012: existing games become records, and ``manage.py verify_deals`` says the same before and after.

Games of every mode and ending are played, one of them tampered with (its score).
Migrating back to 0011 recomputes each game's event rows, hands and star details
from its record; there, the audit as it was (every hand dealt and every move's
points against a replay of the event rows) finds the same games sound and the same
one not. Migrating forward again turns the rows back into records, and
``verify_deals`` gives the same figures and the same mismatch as before.
"""

import random
import re

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from blockknock.accounts.services import guest_create
from game import engine
from game.models import Challenge, Game
from tools.bots import greedy_bot, random_bot

from .test_audit import run_verify, self_play

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = [("game", "0011_game_rules_version")]
AFTER = [("game", "0012_game_record")]


def migrate(targets):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


def figures(out: str) -> str:
    """The report without its time."""
    return re.sub(r" in [\d.]+ s", "", out)


def old_audit(apps) -> dict[int, list[str]]:
    """The audit of 0011's tables: every hand dealt and every move's points against a replay of the event rows."""
    old_game, old_event = apps.get_model("game", "Game"), apps.get_model("game", "GameEvent")
    found = {}
    for game in old_game.objects.order_by("pk"):
        live = Game(mode=game.mode, challenge=game.challenge, target=game.target, piece_set=game.piece_set)
        live.rules_version, live.seed, live.start_board = game.rules_version, game.seed, game.start_board
        rows = list(old_event.objects.filter(game_id=game.pk).order_by("seq"))
        events = [(row.kind, row.slot, row.row, row.col) if row.kind == "move" else (row.kind,) for row in rows]
        state = engine.new_game(
            live.rules, bytes.fromhex(game.seed), live.start, dealer=game.dealer, client_seed=game.client_seed
        )
        hands, problems = [[piece.id for piece in state.hand]], []
        for row, (after, _, result) in zip(rows, _replay(live, game, events)):
            problems += [f"event {row.seq} points"] if row.points != (result and result.points) else []
            hands += [[piece.id for piece in after.hand]] if after.deals > len(hands) else []
            state = after
        problems += ["hands"] if hands != game.hands else []
        problems += ["score"] if state.score != game.score else []
        found[game.pk] = problems
    return found


def _replay(live, game, events):
    return engine.replay(
        live.rules, bytes.fromhex(game.seed), live.start, events, dealer=game.dealer, client_seed=game.client_seed
    )


def test_every_game_replays_the_same_before_and_after_the_migration(monkeypatch):
    # the games 0012 met were dealt by dealers 1 to 3: dealer 4's label names a challenge's ladder version,
    # which only 0013 stores
    monkeypatch.setattr(engine, "CURRENT_DEALER", 2)
    Challenge.objects.get_or_create(number=1, defaults={"target": 1500})  # a transactional test may have flushed it
    rng = random.Random(25)
    one, two, three = guest_create(), guest_create(), guest_create()
    games = [
        self_play(one, "classic", random_bot, rng, max_moves=200),
        self_play(two, "classic", random_bot, rng, at_no_moves="decline"),
        self_play(one, "practice", greedy_bot, rng),
        self_play(one, "daily", greedy_bot, rng),
        self_play(three, "challenge", greedy_bot, rng, challenge=1, max_moves=200),
        self_play(three, "classic", random_bot, rng, max_moves=6),
    ]
    tampered = games[2]
    Game.objects.filter(pk=tampered.pk).update(score=tampered.score + 10)
    ok, before = run_verify()
    assert not ok and "1 mismatches in 1 games" in before

    old = old_audit(migrate(BEFORE))
    assert old == {game.pk: (["score"] if game == tampered else []) for game in games}

    migrate(AFTER)
    migrate(MigrationExecutor(connection).loader.graph.leaf_nodes("game"))  # the later ones too: the models' tables
    ok, after = run_verify()
    assert not ok and figures(after) == figures(before)
    assert f"game {tampered.public_id}: score: stored {tampered.score + 10}, replayed {tampered.score}" in after
    stored = Game.objects.get(pk=games[3].pk)
    assert (stored.start_board, stored.start_board_rows) == (None, games[3].start_board_rows)
    assert Game.objects.get(pk=games[4].pk).start_board == games[4].start_board
