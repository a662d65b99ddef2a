"""Shapes of the game's JSON API (API.md): requests in, Game / MoveResult / Replay out.

``Player`` is the accounts' (:mod:`blockknock.accounts.serializers`).
"""

from django.utils.translation import gettext_lazy as _
from rest_framework import serializers

from blockknock.accounts.serializers import PlayerSerializer
from blockknock.parsers import StrictIntegerField

from ..engine.colours import EMPTY_KEY, FAMILY_KEYS, NEUTRAL_KEY
from ..models import Mode

COLOURS_HELP = (
    "Which piece filled each cell, 8 strings of 8 characters, row 0 first (like board): "
    f"{EMPTY_KEY!r} empty, {NEUTRAL_KEY!r} a start-board cell, else the key of the piece family that filled it: "
    + ", ".join(f"{key!r} {family}" for family, key in FAMILY_KEYS.items())
    + ". Cells cleared by lines are empty again."
)


class GameStartSerializer(serializers.Serializer):
    """``{"mode": ..., "challenge": N}`` — ``challenge`` only with mode challenge."""

    mode = serializers.ChoiceField(choices=Mode.choices)
    challenge = StrictIntegerField(required=False, min_value=1)

    def validate(self, data):
        if data["mode"] == Mode.CHALLENGE and "challenge" not in data:
            raise serializers.ValidationError({"challenge": _("required for mode challenge")})
        return data


class MoveSerializer(serializers.Serializer):
    """A move: hand slot 0–2, anchor row/col 0–7, and the move number the client saw."""

    slot = StrictIntegerField(min_value=0, max_value=2)
    row = StrictIntegerField(min_value=0, max_value=7)
    col = StrictIntegerField(min_value=0, max_value=7)
    move_number = StrictIntegerField(min_value=0)


class HandSlotSerializer(serializers.Serializer):
    slot = serializers.IntegerField()
    piece = serializers.CharField()
    cells = serializers.ListField(child=serializers.ListField(child=serializers.IntegerField()))
    used = serializers.BooleanField()
    colour = serializers.CharField(help_text="The colour key of the piece's family (as in Game.colours).")


class GameHandSlotSerializer(HandSlotSerializer):
    fits = serializers.BooleanField(help_text="The piece is unplaced and fits somewhere on the board as it is now.")


class GameSerializer(serializers.Serializer):
    """API.md ``Game``. The seed is never part of it."""

    id = serializers.CharField(source="public_id")
    mode = serializers.CharField()
    challenge = serializers.IntegerField(allow_null=True)
    day = serializers.DateField()
    status = serializers.CharField(source="status_now")
    score = serializers.IntegerField()
    target = serializers.IntegerField(allow_null=True)
    combo = serializers.IntegerField()
    combo_moves_left = serializers.IntegerField()
    moves = serializers.IntegerField()
    board = serializers.ListField(child=serializers.CharField(), source="board_rows")
    colours = serializers.ListField(child=serializers.CharField(), source="colour_rows", help_text=COLOURS_HELP)
    hand = GameHandSlotSerializer(many=True, source="hand_view")
    continues_left = serializers.IntegerField()
    stars = serializers.IntegerField(allow_null=True)


class MoveResultSerializer(serializers.Serializer):
    """API.md ``MoveResult``, read from the engine's frozen dataclass."""

    squares = serializers.IntegerField()
    lines = serializers.IntegerField()
    rows = serializers.ListField(child=serializers.IntegerField())
    cols = serializers.ListField(child=serializers.IntegerField())
    combo = serializers.IntegerField()
    line_points = serializers.IntegerField()
    clear_bonus = serializers.IntegerField()
    points = serializers.IntegerField()


class MoveResponseSerializer(serializers.Serializer):
    game = GameSerializer()
    result = MoveResultSerializer()


class StepMoveSerializer(serializers.Serializer):
    slot = serializers.IntegerField()
    row = serializers.IntegerField()
    col = serializers.IntegerField()


class StepSerializer(serializers.Serializer):
    hand = HandSlotSerializer(many=True)
    move = StepMoveSerializer(required=False)
    result = MoveResultSerializer(required=False)
    board = serializers.ListField(child=serializers.CharField())

    def to_representation(self, step):
        data = super().to_representation(step)
        if step.get("continue"):
            data["continue"] = True
        return data


class ReplaySerializer(serializers.Serializer):
    """API.md ``Replay``: the start board and every step with the hand before it."""

    game = GameSerializer()
    start_board = serializers.ListField(child=serializers.CharField())
    steps = StepSerializer(many=True)


class CredentialsSerializer(serializers.Serializer):
    username = serializers.CharField()
    password = serializers.CharField(style={"input_type": "password"})


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField()


class GuestSerializer(serializers.Serializer):
    token = serializers.CharField()
    player = PlayerSerializer()


class PieceSerializer(serializers.Serializer):
    piece = serializers.CharField(source="id")
    cells = serializers.ListField(child=serializers.ListField(child=serializers.IntegerField()))
    family = serializers.CharField()
