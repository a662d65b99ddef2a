"""Shapes of the game's JSON API (docs/api.md): requests in, Game / MoveResult / Replay out.

``Player`` is the accounts' (:mod:`blockknock.accounts.serializers`).
"""

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import OpenApiResponse, extend_schema_field
from rest_framework import serializers

from blockknock.api.shapes import represent
from blockknock.parsers import StrictIntegerField

from .. import seeds
from ..engine.colours import EMPTY_KEY, FAMILY_KEYS, NEUTRAL_KEY
from ..engine.stream import check_client_seed
from ..models import Mode

COLOURS_HELP = (
    "Which piece filled each cell, 8 strings of 8 characters, row 0 first (like board): "
    f"{EMPTY_KEY!r} empty, {NEUTRAL_KEY!r} a start-board cell, else the key of the piece family that filled it: "
    + ", ".join(f"{key!r} {family}" for family, key in FAMILY_KEYS.items())
    + ". Cells cleared by lines are empty again."
)


class ClientSeedField(serializers.CharField):
    """A client seed: a JSON string of 1–64 printable ASCII characters, taken as sent (no trimming)."""

    default_error_messages = {"invalid": _("A client seed is 1 to 64 printable ASCII characters.")}

    def __init__(self, **kwargs):
        super().__init__(trim_whitespace=False, min_length=1, max_length=64, **kwargs)

    def to_internal_value(self, data):
        if type(data) is not str:
            self.fail("invalid")
        try:
            return check_client_seed(data)
        except ValueError:
            self.fail("invalid")


class GameStartSerializer(serializers.Serializer):
    """``{"mode": ..., "challenge": N, "client_seed": str}`` — ``challenge`` only with mode challenge."""

    mode = serializers.ChoiceField(choices=Mode.choices)
    challenge = StrictIntegerField(required=False, min_value=1)
    client_seed = ClientSeedField(
        required=False,
        help_text=_(
            "Your own seed, mixed into the deal (1–64 printable ASCII characters); the server draws one if "
            "absent. Not for mode daily (one deal for everyone that day): sent with it, the start is refused "
            "(400 invalid)."
        ),
    )

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


MOVE_LIMITS = {
    name: (field.min_value, field.max_value)
    for name, field in MoveSerializer().fields.items()
    if isinstance(field, serializers.IntegerField)
}
"""Each move field's bounds, read once from :class:`MoveSerializer` (``None``: unbounded)."""


def move_body(data) -> dict:
    """:class:`MoveSerializer`'s ``validated_data`` of a move body, built directly when it is valid (the hot path).

    Any other body goes through the serializer, so a refusal is the serializer's,
    word for word (tests/game/test_api_fast_serializers.py).

    :raises rest_framework.exceptions.ValidationError: the body is not a valid move.
    """
    if isinstance(data, dict):
        values = {name: data.get(name) for name in MOVE_LIMITS}
        if all(
            type(value) is int and (low is None or value >= low) and (high is None or value <= high)
            for value, (low, high) in zip(values.values(), MOVE_LIMITS.values())
        ):
            return values
    body = MoveSerializer(data=data)
    body.is_valid(raise_exception=True)
    return body.validated_data


class HandSlotSerializer(serializers.Serializer):
    slot = serializers.IntegerField()
    piece = serializers.CharField()
    cells = serializers.ListField(child=serializers.ListField(child=serializers.IntegerField()))
    used = serializers.BooleanField()
    colour = serializers.CharField(help_text="The colour key of the piece's family (as in Game.colours).")


class GameHandSlotSerializer(HandSlotSerializer):
    fits = serializers.BooleanField(help_text="The piece is unplaced and fits somewhere on the board as it is now.")


class FairSerializer(serializers.Serializer):
    """docs/api.md ``Game.fair``: what the deal was made from (§ Verifiable deal)."""

    dealer = serializers.CharField(help_text=_("Version of the deal rule (docs/fair-deal.md)."))
    rules = serializers.CharField(help_text=_("Version of the rules the game is played by (docs/rules.md)."))
    commitment = serializers.CharField(help_text=_("Lowercase hex SHA-256 of the 32-byte server seed."))
    client_seed = serializers.CharField(
        allow_null=True, help_text=_("The client seed; null for a Daily dealt before the Daily took one (dealer 2).")
    )
    client_seed_by = serializers.ChoiceField(
        choices=["player", "server"],
        allow_null=True,
        help_text=_(
            "Who chose the client seed: the player (their browser or API client sent it) or the server"
            " (none was sent, e.g. a first visit's game); null with no client seed."
        ),
    )
    server_seed = serializers.CharField(
        allow_null=True,
        help_text=_(
            "The server seed, 64 lowercase hex digits; "
            "null while the game can be played (a Daily's until its day is closed)."
        ),
    )


class GameSerializer(serializers.Serializer):
    """docs/api.md ``Game``. The server seed is part of it (in ``fair``) only once the game can no longer be played."""

    id = serializers.CharField(source="public_id")
    mode = serializers.CharField()
    challenge = serializers.IntegerField(allow_null=True)
    challenge_version = serializers.IntegerField(
        allow_null=True,
        help_text=_(
            "The published version of the challenge the game is played under (GET /api/challenges/); "
            "null outside Challenge mode."
        ),
    )
    day = serializers.DateField()
    started = serializers.DateTimeField(
        source="created_at",
        help_text=_(
            "When the game started (ISO 8601 with its offset): a challenge is held to the ladder version that was "
            "the latest then (GET /api/challenges/)."
        ),
    )
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
    fair = serializers.SerializerMethodField(
        help_text=_("The seeds of the deal; null for a game dealt before verifiable deals (dealer 1).")
    )

    @extend_schema_field(FairSerializer(allow_null=True))
    def get_fair(self, game) -> dict | None:
        return seeds.game_fair(game)


def game_data(game) -> dict:
    """The API's ``Game`` of ``game``: :class:`GameSerializer`'s (:func:`~blockknock.api.shapes.represent`)."""
    return represent(GameSerializer, game)


class MoveResultSerializer(serializers.Serializer):
    """docs/api.md ``MoveResult``, read from the engine's frozen dataclass."""

    squares = serializers.IntegerField()
    lines = serializers.IntegerField()
    rows = serializers.ListField(child=serializers.IntegerField())
    cols = serializers.ListField(child=serializers.IntegerField())
    combo = serializers.IntegerField()
    line_points = serializers.IntegerField()
    clear_bonus = serializers.IntegerField()
    points = serializers.IntegerField()


def move_result_data(result) -> dict:
    """The API's ``MoveResult`` of the engine's ``MoveResult``: :class:`MoveResultSerializer`'s."""
    return represent(MoveResultSerializer, result)


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
        for kind in ("continue", "decline"):
            if step.get(kind):
                data[kind] = True
        return data


class SetPieceSerializer(serializers.Serializer):
    piece = serializers.CharField(source="id")
    cells = serializers.ListField(child=serializers.ListField(child=serializers.IntegerField()))


class StarsDetailSerializer(serializers.Serializer):
    """A finished game's stars and why (docs/rules.md § Stars, levels): ``earned`` is the first four added up,
    ``paid`` is ``earned - capped`` and the game's ``stars``."""

    base = serializers.IntegerField()
    score_bonus = serializers.IntegerField()
    high_score = serializers.IntegerField()
    challenge = serializers.IntegerField()
    capped = serializers.IntegerField()
    earned = serializers.IntegerField()
    paid = serializers.IntegerField()


class ReplaySerializer(serializers.Serializer):
    """docs/api.md ``Replay``: the start board and every step with the hand before it, and the game's piece set."""

    game = GameSerializer()
    piece_set = SetPieceSerializer(
        many=True, help_text=_("The pieces the game was dealt from, in deal order (docs/fair-deal.md).")
    )
    start_board = serializers.ListField(child=serializers.CharField())
    steps = StepSerializer(many=True)
    stars_detail = StarsDetailSerializer(
        allow_null=True, help_text=_("The stars' breakdown; null for Practice and for a game that earned none.")
    )


NOT_MODIFIED = OpenApiResponse(description="Not modified: the request's `If-None-Match` names the current `ETag`.")
"""The 304 of an ended game's document (game.history.documents)."""


class DailySeedSerializer(serializers.Serializer):
    """One day of ``GET /api/dailies/`` (docs/api.md § Verifiable deal)."""

    day = serializers.DateField()
    commitment = serializers.CharField(help_text=_("Lowercase hex SHA-256 of the day's 32-byte seed."))
    server_seed = serializers.CharField(allow_null=True, help_text=_("The day's seed (hex), once the day is closed."))


class PieceSerializer(serializers.Serializer):
    piece = serializers.CharField(source="id")
    cells = serializers.ListField(child=serializers.ListField(child=serializers.IntegerField()))
    family = serializers.CharField()
