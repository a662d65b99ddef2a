"""``manage.py verify_deals``: replay stored games from their records and report every mismatch.

Usage::

    manage.py verify_deals                 # every stored game
    manage.py verify_deals --sample 1000   # a random sample
    manage.py verify_deals --game 12 --game 40

Exits with status 1 when any game differs from its replay (see :mod:`game.history.audit`).
"""

import time

from django.core.management.base import BaseCommand, CommandError

from game.errors import GameNotFound
from game.history import games_audit
from game.selectors import parse_game_id


class Command(BaseCommand):
    help = (
        "Replay stored games from their records (versions, seeds, start, events); compare the hand, hands dealt, "
        "score, board, combo, moves and status. Exits 1 on any mismatch."
    )

    def add_arguments(self, parser):
        parser.add_argument("--sample", type=int, metavar="N", help="check a random sample of N games")
        parser.add_argument(
            "--game", action="append", default=[], metavar="ID", dest="game_ids", help="check this game (repeatable)"
        )

    def handle(self, *args, sample=None, game_ids=(), **options):
        if sample is not None and sample < 1:
            raise CommandError("--sample needs a positive number of games")
        try:
            ids = [parse_game_id(game_id) for game_id in game_ids]
        except GameNotFound:
            raise CommandError(f"not a game id among {game_ids!r}") from None
        started = time.perf_counter()
        games = events = hands = mismatches = bad_games = 0
        for audit in games_audit(sample=sample, game_ids=ids):
            games += 1
            events += audit.events
            hands += audit.hands
            if not audit.ok:
                bad_games += 1
                mismatches += len(audit.mismatches)
                for mismatch in audit.mismatches:
                    self.stdout.write(str(mismatch))
        summary = (
            f"{games:,} games, {events:,} events, {hands:,} hands replayed in {time.perf_counter() - started:.1f} s: "
            f"{mismatches:,} mismatches in {bad_games:,} games"
        )
        if ids and games < len(set(ids)):
            raise CommandError(f"{summary}; {len(set(ids)) - games} of the games asked for do not exist")
        if mismatches:
            raise CommandError(summary)
        self.stdout.write(self.style.SUCCESS(summary))
