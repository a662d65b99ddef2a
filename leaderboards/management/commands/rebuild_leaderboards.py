"""``manage.py rebuild_leaderboards``: recompute every board from the finished games."""

import time

from django.core.management.base import BaseCommand

from leaderboards.services import standings_rebuild


class Command(BaseCommand):
    help = "Recompute every leaderboard entry from the finished games (the games are the record)."

    def handle(self, *args, **options):
        started = time.perf_counter()
        count = standings_rebuild()
        self.stdout.write(f"{count:,} leaderboard entries in {time.perf_counter() - started:.1f} s")
