"""``GET /api/me/stats/``: the calling player's Stats as JSON, the numbers of the Stats page."""

from django.utils.decorators import method_decorator
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from blockknock.api.errors import ErrorSerializer
from blockknock.replica import replica_reads

from .selectors import player_stats
from .summaries import summaries_missing


class ModeStatsSerializer(serializers.Serializer):
    """One mode: finished games (over + won) and games ended off the board; scores and lines of finished games."""

    mode = serializers.CharField()
    finished = serializers.IntegerField()
    won = serializers.IntegerField()
    abandoned = serializers.IntegerField()
    expired = serializers.IntegerField()
    best = serializers.IntegerField(allow_null=True)
    average = serializers.IntegerField(allow_null=True, help_text="Mean score of finished games, rounded.")
    lines = serializers.IntegerField()
    best_combo = serializers.IntegerField()
    empties = serializers.IntegerField(help_text="Placements that left the board empty.")


class ScorePointSerializer(serializers.Serializer):
    game = serializers.CharField(source="game_id")
    day = serializers.DateField(help_text="Game-calendar date the game finished.")
    score = serializers.IntegerField()


class BucketSerializer(serializers.Serializer):
    low = serializers.IntegerField()
    high = serializers.IntegerField()
    games = serializers.IntegerField()


class ClassicChartsSerializer(serializers.Serializer):
    recent = ScorePointSerializer(
        source="recent_classic", many=True, help_text="The latest finished Classic games, oldest first."
    )
    histogram = BucketSerializer(many=True)


class DayStarsSerializer(serializers.Serializer):
    day = serializers.DateField()
    stars = serializers.IntegerField()


class StarsSerializer(serializers.Serializer):
    balance = serializers.IntegerField(source="stars_balance")
    earned = serializers.IntegerField(source="stars_earned")
    spent = serializers.IntegerField(source="stars_spent")
    by_day = DayStarsSerializer(source="stars_by_day", many=True, help_text="Stars earned on each of the last 30 days.")


class LevelSerializer(serializers.Serializer):
    level = serializers.IntegerField()
    level_games = serializers.IntegerField(help_text="Finished Classic games scoring level_score or more.")
    level_score = serializers.IntegerField()


class DailyRankSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    day = serializers.DateField()
    score = serializers.IntegerField()


class DailySerializer(serializers.Serializer):
    streak = serializers.IntegerField(
        source="daily_streak", help_text="Days in a row with a Daily, ending today or yesterday."
    )
    longest_streak = serializers.IntegerField(source="daily_longest")
    best_rank = DailyRankSerializer(source="daily_best", allow_null=True)


class ChallengeSerializer(serializers.Serializer):
    highest_won = serializers.IntegerField(source="challenge_best")
    active = serializers.IntegerField(source="challenges_active")


class StatsSerializer(serializers.Serializer):
    """A player's Stats (:class:`game.stats.selectors.PlayerStats`)."""

    played = serializers.IntegerField(help_text="Games that have ended: finished, abandoned or expired.")
    modes = ModeStatsSerializer(many=True)
    lines = serializers.IntegerField()
    best_combo = serializers.IntegerField()
    empties = serializers.IntegerField()
    pending = serializers.IntegerField(help_text="Finished games not yet counted in lines, best_combo and empties.")
    classic = ClassicChartsSerializer(source="*")
    stars = StarsSerializer(source="*")
    level = LevelSerializer(source="*")
    daily = DailySerializer(source="*")
    challenge = ChallengeSerializer(source="*")


class StatsView(APIView):
    """The calling player's Stats."""

    @extend_schema(responses={200: StatsSerializer, 401: ErrorSerializer})
    @method_decorator(replica_reads)
    def get(self, request):
        pending = summaries_missing(player=request.user)
        return Response(StatsSerializer(player_stats(player=request.user, pending=pending)).data)
