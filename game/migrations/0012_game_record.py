"""A game's history is its record (docs/record.md): its events, one byte each, on the game's row.

Every game's ``GameEvent`` rows become its ``record`` (in ``seq`` order, the byte of
each event: ``slot × 64 + row × 8 + col``, 192 Continue, 193 No thanks; a stored
row that is no event becomes 255, which no event has, so the audit still refuses
it at the same step). ``hands`` becomes ``deals`` (how many were dealt), and
``stars_detail`` the one part of it the game's score, end and stars do not give
again: its high-score stars. ``start_board`` is kept only where the mode does not
make it again: a challenge's board as the game froze it (the Classic's and
Practice's are empty, a Daily's comes from its seed). Then ``hands``,
``stars_detail`` and the ``GameEvent`` table go.

Backwards, the events, hands, points and star details are recomputed from the record
with the engine.
"""

from django.db import migrations, models

from game import engine
from game.daily.board import daily_start_board
from game.engine.record import event_of

NO_EVENT = 255
"""The byte of a stored event row that is no event (an out-of-range or incomplete row)."""


def event_byte(kind: str, slot, row, col) -> int:
    """The record's byte of one ``GameEvent`` row."""
    try:
        return engine.encode([(kind, slot, row, col) if kind == "move" else (kind,)])[0]
    except (engine.InvalidMoveError, TypeError):
        return NO_EVENT


def kept_start(game) -> str | None:
    """The start board to keep: ``None`` where the mode makes it again from the game."""
    if game.mode in ("classic", "practice") and set(game.start_board) == {"."}:
        return None
    if (
        game.mode == "daily"
        and "".join(engine.to_rows(daily_start_board(bytes.fromhex(game.seed)))) == game.start_board
    ):
        return None
    return game.start_board


def to_records(apps, schema_editor):
    Game = apps.get_model("game", "Game")
    GameEvent = apps.get_model("game", "GameEvent")
    for game in Game.objects.order_by("pk").iterator(chunk_size=500):
        rows = GameEvent.objects.filter(game_id=game.pk).order_by("seq").values_list("kind", "slot", "row", "col")
        game.record = bytes(event_byte(*row) for row in rows)
        game.deals = len(game.hands)
        game.stars_high_score = (game.stars_detail or {}).get("high_score") if game.stars is not None else None
        game.start_board = kept_start(game)
        game.save(update_fields=["record", "deals", "stars_high_score", "start_board"])


def _rules(game) -> engine.Rules:
    rules = engine.ruleset(game.rules_version)
    if game.mode == "challenge":
        return rules.rules(
            "challenge", challenge=game.challenge, target=game.target, pieces=rules.piece_set(game.piece_set)
        )
    return rules.rules(game.mode)


def _start(game) -> int:
    if game.start_board:
        return engine.from_rows([game.start_board[r * 8 : (r + 1) * 8] for r in range(8)])
    return daily_start_board(bytes.fromhex(game.seed)) if game.mode == "daily" else 0


def _old_rows(game, GameEvent) -> tuple[list, list]:
    """The event rows and hands dealt of ``game``, recomputed from its record (as far as it replays)."""
    start = _start(game)
    game.start_board = "".join(engine.to_rows(start))
    state = engine.new_game(
        _rules(game), bytes.fromhex(game.seed), start, dealer=game.dealer, client_seed=game.client_seed
    )
    hands, rows = [[piece.id for piece in state.hand]], []
    for seq, code in enumerate(bytes(game.record)):
        event = event_of(code) if code != NO_EVENT else ("move", None, None, None)
        row = GameEvent(game_id=game.pk, seq=seq, kind=event[0], slot=None, row=None, col=None, points=None)
        if event[0] == "move":
            row.slot, row.row, row.col = event[1:]
        rows.append(row)
        try:
            after, result = engine.apply_event(state, event)
        except (engine.EngineError, TypeError):
            continue
        row.points = None if result is None else result.points
        if after.deals > state.deals:
            hands.append([piece.id for piece in after.hand])
        state = after
    return rows, hands


def from_records(apps, schema_editor):
    from game.rewards import award_of

    Game = apps.get_model("game", "Game")
    GameEvent = apps.get_model("game", "GameEvent")
    for game in Game.objects.order_by("pk").iterator(chunk_size=500):
        rows, game.hands = _old_rows(game, GameEvent)
        GameEvent.objects.bulk_create(rows)
        if game.stars is not None:
            won = game.challenge if game.status == "won" else None
            game.stars_detail = award_of(
                numbers=engine.ruleset(game.rules_version).stars,
                score=game.score,
                won_challenge=won,
                high_score=game.stars_high_score or 0,
                paid=game.stars,
            ).as_dict()
        game.save(update_fields=["hands", "stars_detail", "start_board"])


class Migration(migrations.Migration):
    dependencies = [
        ("game", "0011_game_rules_version"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="record",
            field=models.BinaryField(
                default=b"",
                editable=False,
                help_text="The game's events, one byte each (docs/record.md).",
                verbose_name="record",
            ),
        ),
        migrations.AddField(
            model_name="game",
            name="deals",
            field=models.PositiveSmallIntegerField(default=0, verbose_name="hands dealt"),
        ),
        migrations.AddField(
            model_name="game",
            name="stars_high_score",
            field=models.PositiveSmallIntegerField(
                blank=True,
                help_text="Stars of the game's high-score bonus, if paid.",
                null=True,
                verbose_name="high-score stars",
            ),
        ),
        migrations.AlterField(
            model_name="game",
            name="start_board",
            field=models.CharField(
                blank=True,
                help_text="A challenge's start board as the game froze it; empty for the mode's own start.",
                max_length=64,
                null=True,
                verbose_name="start board",
            ),
        ),
        migrations.RunPython(to_records, from_records),
        migrations.RemoveField(model_name="game", name="hands"),
        migrations.RemoveField(model_name="game", name="stars_detail"),
        migrations.DeleteModel(name="GameEvent"),
    ]
