"""Game.colours: which piece family filled each cell (game.engine.colours).

Existing games are derived from their stored events: start from the start board
(neutral cells), and for each placement take the piece from the hand dealt at that
point (``Game.hands``), place it with the engine (clears applied) and paint it. A
game whose derived board does not match its stored board keeps neutral colours on
its filled cells (it cannot happen for a sound game; the audit reports such games).
"""

from django.db import migrations, models

from game.engine import HAND_SIZE, PIECES, from_rows, place
from game.engine.colours import paint


def derived_colours(start_board: str, board: str, hands: list[list[str]], events) -> str:
    """The colour board of a stored game from its start board, hands dealt and ``(kind, slot, row, col)`` events."""
    bits = from_rows(start_board)
    colours = paint("", bits, None)
    deal, used = 0, [False] * HAND_SIZE
    try:
        for kind, slot, row, col in events:
            if kind == "continue":
                deal, used = deal + 1, [False] * HAND_SIZE
            elif kind == "move":
                piece = PIECES[hands[deal][slot]]
                bits = place(bits, piece, row, col).board
                colours = paint(colours, bits, piece)
                used[slot] = True
                if all(used):
                    deal, used = deal + 1, [False] * HAND_SIZE
    except (IndexError, KeyError, ValueError):
        bits = None
    return colours if bits == from_rows(board) else paint("", from_rows(board), None)


def fill_colours(apps, schema_editor):
    Game = apps.get_model("game", "Game")
    GameEvent = apps.get_model("game", "GameEvent")
    for game in Game.objects.only("start_board", "board", "hands").iterator():
        events = GameEvent.objects.filter(game=game).order_by("seq").values_list("kind", "slot", "row", "col")
        game.colours = derived_colours(game.start_board, game.board, game.hands, events)
        game.save(update_fields=["colours"])


class Migration(migrations.Migration):
    dependencies = [
        ("game", "0006_verifiable_deal"),
    ]

    operations = [
        migrations.AddField(
            model_name="game",
            name="colours",
            field=models.CharField(
                default="",
                help_text="Which piece family filled each cell, row 0 first (game.engine.colours): the page redraws placed blocks in their colours.",
                max_length=64,
                verbose_name="colours",
            ),
        ),
        migrations.RunPython(fill_colours, migrations.RunPython.noop),
    ]
