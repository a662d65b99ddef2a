"""Shapes of the leaderboard API (docs/api.md § Leaderboards)."""

from rest_framework import serializers

MAX_PAGE = 1_000_000


class PageQuerySerializer(serializers.Serializer):
    page = serializers.IntegerField(
        min_value=1,
        max_value=MAX_PAGE,
        default=1,
        help_text="Page number, 50 entries a page; past the end, no entries.",
    )


class EntrySerializer(serializers.Serializer):
    """One row: competition rank over the whole board, display name, score or challenge number, game id."""

    rank = serializers.IntegerField()
    player = serializers.CharField(help_text="The player's display name.")
    value = serializers.IntegerField(help_text="Score (Classic, Daily) or the highest challenge won (Challenge).")
    game = serializers.CharField(
        allow_null=True,
        help_text="The game's id (its replay); null on the Challenge board, and on a Daily board until its day closes.",
    )
    guest = serializers.BooleanField(
        help_text="The player has no passkey and no verified email: on the Daily board, not paid the winner's stars."
    )


class LeaderboardSerializer(serializers.Serializer):
    """A page of a board and the caller's own entry (null when not signed in or not on the board)."""

    entries = EntrySerializer(many=True)
    me = EntrySerializer(allow_null=True)
