"""game/history/audit.py and ``manage.py verify_deals``: stored games replay exactly from their records."""

import io
import random

import pytest
from django.core.management import CommandError, call_command

from blockknock.accounts.services import guest_create
from game import engine, services
from game.history import game_audit, games_audit
from game.models import Game
from tools.bots import greedy_bot, random_bot


def self_play(player, mode, bot, rng, *, challenge=None, max_moves=80, at_no_moves="continue"):
    """A game played through the services, the bot choosing each move; at "No moves left"
    it takes the Continue, says No thanks (``"decline"``) or leaves the game there (``"stop"``)."""
    game = services.game_start(player=player, mode=mode, challenge=challenge)
    for _ in range(max_moves):
        if game.status == "no_moves":
            if at_no_moves == "stop":
                break
            if at_no_moves == "continue":
                game = services.game_continue(player=player, game_id=game.public_id)
            else:
                game = services.game_decline(player=player, game_id=game.public_id)
            continue
        if game.status != "playing":
            break
        slot, row, col = bot(game.state, rng)
        game, _ = services.move_place(
            player=player, game_id=game.public_id, slot=slot, row=row, col=col, move_number=game.moves
        )
    return game


def run_verify(*args):
    out = io.StringIO()
    try:
        call_command("verify_deals", *args, stdout=out)
    except CommandError as error:
        return False, out.getvalue() + str(error)
    return True, out.getvalue()


@pytest.fixture
def batch(db):
    """Self-played games of every mode and ending: Continue used and declined, at "No moves left",
    over, won, abandoned, still playing."""
    rng = random.Random(8)
    one, two, three, four = guest_create(), guest_create(), guest_create(), guest_create()
    games = [
        self_play(one, "classic", random_bot, rng, max_moves=200),
        self_play(two, "classic", random_bot, rng, at_no_moves="decline"),
        self_play(two, "classic", greedy_bot, rng, max_moves=150),
        self_play(one, "practice", random_bot, rng),
        self_play(one, "daily", greedy_bot, rng),
        self_play(two, "daily", random_bot, rng),
        self_play(three, "challenge", greedy_bot, rng, challenge=1, max_moves=200),
        self_play(four, "classic", random_bot, rng, at_no_moves="stop"),
    ]
    abandoned = self_play(three, "classic", random_bot, rng, max_moves=7)
    games.append(self_play(three, "classic", random_bot, rng, max_moves=5))  # abandons the one before
    abandoned.refresh_from_db()
    games.append(abandoned)
    return games


def test_self_played_games_of_every_kind_replay_with_no_mismatch(batch):
    statuses = {game.status for game in Game.objects.all()}
    assert statuses == {"over", "won", "abandoned", "playing", "no_moves"}
    recorded = b"".join(bytes(game.record) for game in Game.objects.all())
    assert engine.record.CONTINUE in recorded and engine.record.DECLINE in recorded
    audits = list(games_audit())
    assert len(audits) == Game.objects.count() == len(batch)
    assert [m for audit in audits for m in audit.mismatches] == []
    assert sum(audit.hands for audit in audits) == sum(game.deals for game in Game.objects.all()) > 50
    ok, out = run_verify()
    assert ok, out
    assert f"{len(batch)} games" in out and "0 mismatches in 0 games" in out
    assert run_verify("--sample", "3")[1].startswith("3 games")
    assert run_verify("--game", batch[0].public_id, "--game", batch[1].public_id)[1].startswith("2 games")


def record_with(game, index: int, event) -> bytes:
    """``game``'s record with event ``index`` replaced by ``event`` (an engine event, or a raw byte)."""
    record = bytearray(game.record)
    record[index] = event if isinstance(event, int) else engine.encode([event])[0]
    return bytes(record)


def test_a_tampered_hand_score_or_move_is_reported_and_fails_the_command(db):
    rng = random.Random(3)
    player = guest_create()
    game = self_play(player, "classic", random_bot, rng, max_moves=12)
    assert game_audit(game).ok
    hand = ["O9" if game.hand[0] != "O9" else "mono", *game.hand[1:]]
    Game.objects.filter(pk=game.pk).update(hand=hand, score=game.score + 10, deals=game.deals + 1)
    ok, out = run_verify()
    assert not ok
    assert f"game {game.public_id}: hand: stored {hand!r}" in out
    assert f"game {game.public_id}: deals: stored {game.deals + 1}, replayed {game.deals}" in out
    assert f"game {game.public_id}: score: stored {game.score + 10}, replayed {game.score}" in out
    assert "3 mismatches in 1 games" in out


def test_an_event_the_engine_refuses_is_reported(db):
    player = guest_create()
    game = self_play(player, "classic", random_bot, random.Random(5), max_moves=4)
    first = engine.decode(game.record)[0]
    again = ("move", first[1], *first[2:])  # the slot of event 0 again: a used slot
    Game.objects.filter(pk=game.pk).update(record=record_with(game, 1, again))
    mismatches = game_audit(Game.objects.get(pk=game.pk)).mismatches
    byte = engine.encode([again])[0]
    assert mismatches[0].field == f"event 1 (byte {byte})" and "slot_used" in mismatches[0].replayed


def test_a_byte_that_is_no_event_is_reported_where_it_stands(db):
    player = guest_create()
    game = self_play(player, "classic", random_bot, random.Random(5), max_moves=6)
    Game.objects.filter(pk=game.pk).update(record=record_with(game, 3, 200))
    audit = game_audit(Game.objects.get(pk=game.pk))
    assert audit.events == 3
    assert (audit.mismatches[0].field, audit.mismatches[0].replayed) == (
        "event 3 (byte 200)",
        "refused: invalid: byte 200 is no event",
    )


def test_asking_for_a_missing_game_fails(db):
    ok, out = run_verify("--game", "987654")
    assert not ok and "do not exist" in out
    assert not run_verify("--game", "nope")[0]
