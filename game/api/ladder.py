"""API: the published Challenge ladder, every version of every challenge (docs/api.md ``GET /api/challenges/``).

Public and cacheable: it changes only when staff publish a new version or open or close a
challenge, so it answers with ``Cache-Control: public`` and an ``ETag`` of its content, and
a request whose ``If-None-Match`` names that tag gets ``304 Not Modified``.
"""

from django.utils.decorators import method_decorator
from drf_spectacular.utils import extend_schema
from rest_framework import serializers

from blockknock.replica import replica_reads

from .. import selectors
from .public import PublicReadView, cacheable


class ChallengeVersionSerializer(serializers.Serializer):
    """One published definition of a challenge."""

    number = serializers.IntegerField(source="challenge.number", help_text="The challenge number.")
    version = serializers.IntegerField(
        help_text="The version of this number's definition (1, 2, …); a game records it as challenge_version."
    )
    target = serializers.IntegerField(help_text="The score that wins the challenge.")
    start_board = serializers.ListField(
        child=serializers.CharField(), source="board_rows", help_text="8 strings of 8 characters, row 0 first."
    )
    piece_set = serializers.CharField(
        source="set_name",
        help_text='The set dealt: "base", "challenge-6", "challenge-10" or "challenge-15" (docs/fair-deal.md).',
    )
    published = serializers.DateTimeField(
        source="published_at",
        help_text="When staff saved this version (ISO 8601 with its offset): a game started before it could not "
        "be played under it, and a game started after the next version's could not either.",
    )
    from_game = serializers.IntegerField(
        allow_null=True,
        help_text="The id of the first game played under this version, null until one is: from it on every game of "
        "the number is this version or a later one, and no game of this version has a lower id.",
    )
    active = serializers.BooleanField(
        source="challenge.active", help_text="The challenge can be started now (false: closed by staff)."
    )


class ChallengeListView(PublicReadView):
    @extend_schema(responses={200: ChallengeVersionSerializer(many=True)})
    @method_decorator(replica_reads)
    def get(self, request):
        """Every published version of every challenge, by number then version: what a checker holds a
        challenge game to (its number and ``challenge_version``). New games take each number's latest."""
        return cacheable(request, ChallengeVersionSerializer(selectors.challenge_versions(), many=True).data)
