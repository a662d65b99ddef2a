"""game/history/steps.py: one replay of a stored game, and its consumers agree with ``engine.replay``."""

import random

import pytest

from blockknock.accounts.services import guest_create
from game import engine
from game.history import game_audit, game_fairness, game_replay, game_steps
from tools.bots import greedy_bot, random_bot

from .test_audit import record_with, self_play


@pytest.fixture
def played(db):
    """A Classic game with its Continue taken, one ended by No thanks, and a won challenge."""
    rng = random.Random(21)
    continued = self_play(guest_create(), "classic", random_bot, rng, max_moves=300)
    declined = self_play(guest_create(), "classic", random_bot, rng, max_moves=300, at_no_moves="decline")
    won = self_play(guest_create(), "challenge", greedy_bot, rng, challenge=1, max_moves=300)
    assert [game.status for game in (continued, declined, won)] == ["over", "over", "won"]
    assert [event[0] for event in continued.events].count("continue") == 1
    assert declined.events[-1] == ("decline",)
    return [continued, declined, won]


def engine_replay(game):
    """``(start state, recorded events, [(state, event, result), ...])`` straight from ``engine.replay``."""
    rows = engine.decode(game.record)
    rules, seed, board = game.rules, bytes.fromhex(game.seed), engine.from_rows(game.start_board_rows)
    dealt_by = {"dealer": game.dealer, "client_seed": game.client_seed, "label": game.deal_label}
    replayed = list(engine.replay(rules, seed, board, rows, **dealt_by))
    return engine.new_game(rules, seed, board, **dealt_by), rows, replayed


def ids(hand):
    return [piece.id for piece in hand]


def test_each_step_is_a_stored_event_with_the_engine_states_before_and_after_it(played):
    for game in played:
        start, rows, replayed = engine_replay(game)
        steps = list(game_steps(game))
        assert [step.number for step in steps] == list(range(len(rows))) == list(range(game.seq))
        assert [step.event for step in steps] == rows
        assert [step.before for step in steps] == [start] + [state for state, _, _ in replayed[:-1]]
        assert [(step.after, step.result) for step in steps] == [(state, result) for state, _, result in replayed]
        dealt = [ids(start.hand)] + [ids(state.hand) for state, _, _ in replayed if state.used == (False,) * 3]
        assert [ids(step.hand) for step in steps] == [dealt[step.deal] for step in steps]
        assert [step.number for step in steps if step.dealt] == [
            seq
            for seq, (row, (state, _, _)) in enumerate(zip(rows, replayed))
            if row[0] == "continue" or state.used == (False,) * 3
        ]
        assert sum(step.dealt for step in steps) == game.deals - 1
        assert (steps[-1].after.score, steps[-1].after.status) == (game.score, game.status)


def test_the_api_replay_the_audit_and_was_it_fair_agree_with_engine_replay(played):
    for game in played:
        start, rows, replayed = engine_replay(game)
        before = [start] + [state for state, _, _ in replayed[:-1]]
        shown = [(prior, state, row) for prior, (state, _, _), row in zip(before, replayed, rows)]

        steps = game_replay(game)["steps"]  # one per event, No thanks too
        assert [step["board"] for step in steps] == [engine.to_rows(state.board) for _, state, _ in shown]
        assert [step.get("result") for step in steps] == [result for _, _, result in replayed]
        assert [[view["piece"] for view in step["hand"]] for step in steps] == [
            ids(state.hand if row[0] == "continue" else prior.hand) for prior, state, row in shown
        ]
        assert [step.get("move") for step in steps] == [
            {"slot": row[1], "row": row[2], "col": row[3]} if row[0] == "move" else None for _, _, row in shown
        ]
        assert [bool(step.get("decline")) for step in steps] == [row[0] == "decline" for _, _, row in shown]

        audit = game_audit(game)
        assert (audit.ok, audit.events, audit.hands) == (True, len(rows), replayed[-1][0].deals)

        dealt = [(0, start.board, ids(start.hand))] + [
            (state.deals - 1, state.board, ids(state.hand))
            for prior, (state, _, _) in zip(before, replayed)
            if state.deals > prior.deals
        ]
        proofs = game_fairness(game=game)
        assert [(proof.deal, proof.board, proof.pieces) for proof in proofs] == [
            (k, engine.to_rows(board), hand) for k, board, hand in dealt
        ]
        assert len(proofs) == game.deals


def test_a_stored_event_the_engine_refuses_ends_the_steps_with_its_error(played):
    game = played[0]
    game.record = record_with(game, 3, 250)  # no event
    steps = []
    with pytest.raises(engine.InvalidMoveError, match=r"byte 250 is no event"):
        steps.extend(game_steps(game))  # the steps before the bad one are kept
    assert [step.number for step in steps] == [0, 1, 2]
