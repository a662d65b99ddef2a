"""The Stats page: the numbers of :mod:`game.stats.selectors` with server-drawn charts."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from blockknock.calendar import day_end, game_day, zone_name
from blockknock.replica import replica_reads

from . import charts
from .selectors import player_stats
from .summaries import summaries_missing


@never_cache
@require_GET
@replica_reads
def stats_page(request: HttpRequest) -> HttpResponse:
    """The visitor's Stats; a visitor with no player yet sees the empty state (no guest is made for it)."""
    if not request.user.is_authenticated:
        return render(request, "game/stats.html", {"stats": None})
    pending = summaries_missing(player=request.user)
    stats = player_stats(player=request.user, pending=pending)
    context = {
        "stats": stats,
        "scores_chart": charts.bar_chart([point.score for point in stats.recent_classic], stats.level_score),
        "histogram_chart": charts.bar_chart([bucket.games for bucket in stats.histogram]),
        "stars_chart": charts.bar_chart([day.stars for day in stats.stars_by_day]),
        "zone": zone_name(),
        "day_ends": day_end(game_day()),
    }
    return render(request, "game/stats.html", context)
