"""API: the published dealer cut-overs (docs/api.md ``GET /api/dealers/``).

Public and cacheable like the ladder (:mod:`.ladder`): a row is added only when a dealer deals its first
game of a mode, so it answers with ``Cache-Control: public`` and an ``ETag`` of its content.
"""

from django.utils.decorators import method_decorator
from drf_spectacular.utils import extend_schema
from rest_framework import serializers

from blockknock.replica import replica_reads

from .. import selectors
from .public import PublicReadView, cacheable


class DealerCutoverSerializer(serializers.Serializer):
    """One cut-over: from game ``from_game`` on, every game of ``mode`` is dealt by ``dealer`` (or a later one)."""

    mode = serializers.CharField(help_text='"classic", "practice", "challenge" or "daily".')
    dealer = serializers.IntegerField(help_text="The dealer version (the number of a replay's fair.dealer).")
    from_game = serializers.IntegerField(
        help_text="The id of the first game of the mode this dealer dealt (the number of a game's id)."
    )


def dealers_data() -> list[dict]:
    """The cut-overs as ``GET /api/dealers/`` answers them (also copied into "Download my games")."""
    return list(DealerCutoverSerializer(selectors.dealer_cutovers(), many=True).data)


class DealerListView(PublicReadView):
    @extend_schema(responses={200: DealerCutoverSerializer(many=True)})
    @method_decorator(replica_reads)
    def get(self, request):
        """Every published dealer cut-over, by mode then first game: a checker refuses a game of an older
        dealer at or after its mode's cut-over."""
        return cacheable(request, dealers_data())
