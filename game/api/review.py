"""API: ``GET /api/games/{id}/review/``, "How did I play?" for a game that has ended (public, like the replay)."""

from django.utils.decorators import method_decorator
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response

from blockknock.api.errors import ErrorSerializer
from blockknock.replica import replica_reads

from .. import history, selectors
from ..history.documents import api_document
from .public import PublicReadView
from .serializers import NOT_MODIFIED, GameSerializer

Cells = serializers.ListField(
    child=serializers.ListField(child=serializers.IntegerField()), help_text="The piece's board cells, [row, col]."
)


class OptionSerializer(serializers.Serializer):
    """A placement of one piece and what it would have scored (combo as it stood)."""

    slot = serializers.IntegerField()
    piece = serializers.CharField()
    row = serializers.IntegerField()
    col = serializers.IntegerField()
    cells = Cells
    points = serializers.IntegerField()
    lines = serializers.IntegerField()
    combo = serializers.IntegerField(help_text="The combo after it.")


class ReviewMoveSerializer(serializers.Serializer):
    """One placement as played, and its verdicts."""

    number = serializers.IntegerField(help_text="Pieces placed before this move.")
    deal = serializers.IntegerField(help_text="The hand it belongs to (0 = the first).")
    board = serializers.ListField(child=serializers.CharField(), help_text="The board before the move.")
    played = OptionSerializer(help_text="The placement as played: its points, lines and the combo after it.")
    emptied = serializers.BooleanField(help_text="The move left the board empty.")
    hand_placeable = serializers.BooleanField(help_text="After it, the rest of the hand could still be placed in full.")
    stranded = serializers.BooleanField(help_text="This move made placing the rest of the hand impossible.")
    safe = OptionSerializer(
        allow_null=True, help_text="For a stranding move: a placement that keeps the whole hand placeable."
    )
    better = OptionSerializer(
        allow_null=True, help_text="A missed clear: the same piece completing more lines, for more points."
    )
    combo_lost = serializers.BooleanField(help_text="The move let the combo run out; `better` would have kept it.")


class ReviewHandSerializer(serializers.Serializer):
    """One dealt hand and its deal luck."""

    deal = serializers.IntegerField()
    board = serializers.ListField(child=serializers.CharField(), help_text="The board it was dealt on.")
    pieces = serializers.ListField(child=serializers.CharField())
    eligible = serializers.ListField(
        child=serializers.IntegerField(),
        help_text="Per draw, the pieces of the set that were eligible (the deal's rule).",
    )
    luck = serializers.IntegerField(help_text="Deal luck: the pieces eligible at the hand's first draw.")
    continued = serializers.BooleanField(help_text="Dealt by a Continue.")
    lost = serializers.BooleanField(help_text="One of its moves stranded the rest of it.")


class ReviewSummarySerializer(serializers.Serializer):
    hands = serializers.IntegerField()
    hands_kept = serializers.IntegerField(help_text="Hands placed without a forced loss.")
    moves = serializers.IntegerField()
    clears_missed = serializers.IntegerField()
    points_missed = serializers.IntegerField(
        help_text="Points left on the table: each missed clear's points minus those played."
    )


class ReviewSerializer(serializers.Serializer):
    """``Review``: the summary, every hand and every move of an ended game."""

    game = GameSerializer()
    dealer = serializers.IntegerField(help_text="The version of the deal rule the game was dealt by.")
    set_size = serializers.IntegerField(help_text="Pieces in the game's set.")
    summary = ReviewSummarySerializer()
    hands = ReviewHandSerializer(many=True)
    moves = ReviewMoveSerializer(many=True)


class ReviewView(PublicReadView):
    @extend_schema(responses={200: ReviewSerializer, 304: NOT_MODIFIED, 404: ErrorSerializer})
    @method_decorator(replica_reads)
    def get(self, request, game_id):
        """How did I play? A game that has ended, judged move by move, to anyone; 404 while it is going on
        (a Daily's until its day has closed). A document as the replay: 304 to ``If-None-Match``."""
        game = selectors.game_history(game_id=game_id)
        return api_document(
            request, game, lambda: Response(ReviewSerializer({"game": game, **history.game_review(game=game)}).data)
        )
