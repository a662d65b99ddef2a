"""Stats benchmark: ``.venv/bin/python -m tools.stats_bench`` (``--games N --runs N``).

Creates, in a throwaway SQLite file (or the database of ``DATABASE_URL``, which must
be one to throw away), one player with 10,000 finished games (Classic, Daily on
consecutive days, Challenge, Practice, each with its stored summary), other
players' Dailies on the same days, and star-ledger rows; then times the Stats page
and ``GET /api/me/stats/`` (median of ``--runs`` requests) and prints each one's
time and query count. A first read summarises at most ``FILL_LIMIT`` games, so the
timed reads are the steady state, when every game has its summary.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import statistics
import tempfile
import time
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported where used at run time: Django is set up first
    from django.test import Client

    from blockknock.accounts.models import Player
    from game.models import Game

SEED = 20260309


def _parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m tools.stats_bench", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--runs", type=int, default=7)
    return parser.parse_args(argv)


def _setup_django(folder: Path) -> None:
    os.environ.setdefault("DATABASE_URL", f"sqlite:///{folder / 'bench.sqlite3'}")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "blockknock.settings.test")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0)


def _seed(games: int) -> Player:
    """The benchmarked player, with ``games`` finished games and their summaries."""
    from blockknock.accounts.models import StarEntry
    from blockknock.accounts.services import guest_create
    from game.models import Game, GameSummary

    rng, player, others = random.Random(SEED), guest_create(), [guest_create() for _ in range(5)]
    start = dt.date(2026, 3, 10) - dt.timedelta(days=games // 5)
    rows = []
    for n in range(games):
        mode = ("classic", "classic", "daily", "challenge", "practice")[n % 5]
        day = start + dt.timedelta(days=n // 5)
        for who in [player, *(others if mode == "daily" else [])]:
            rows.append(_game(who, mode, day, rng.randrange(0, 12_000), n))
    Game.objects.bulk_create(rows, batch_size=2_000)
    mine = Game.objects.filter(player=player).values_list("pk", flat=True)
    GameSummary.objects.bulk_create(
        [
            GameSummary(game_id=pk, lines=rng.randrange(60), best_combo=rng.randrange(9), empties=rng.randrange(2))
            for pk in mine
        ],
        batch_size=2_000,
    )
    StarEntry.objects.bulk_create(
        [
            StarEntry(player=player, amount=rng.randrange(1, 9), reason="game", day=start + dt.timedelta(days=n // 5))
            for n in range(games)
        ],
        batch_size=2_000,
    )
    return player


def _game(player: Player, mode: str, day: dt.date, score: int, n: int) -> Game:
    from game.models import Game

    moment = dt.datetime.combine(day, dt.time(12), tzinfo=dt.UTC)
    return Game(
        player=player,
        mode=mode,
        day=day,
        status="won" if mode == "challenge" and n % 2 else "over",
        score=score,
        challenge=1 + n % 32 if mode == "challenge" else None,
        seed="00" * 32,
        rules_version=1,
        board="." * 64,
        hand=["mono"] * 3,
        used=[False] * 3,
        finished_at=moment,
    )


def _time(client: Client, url: str, runs: int) -> tuple[float, int]:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    times = []
    for _ in range(runs):
        with CaptureQueriesContext(connection) as queries:
            began = time.perf_counter()
            assert client.get(url).status_code == 200
            times.append(time.perf_counter() - began)
    return statistics.median(times) * 1000, len(queries)


def main(argv: list[str] | None = None) -> None:
    args = _parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        _setup_django(Path(folder))
        from django.test import Client
        from django.test.utils import setup_test_environment
        from rest_framework.authtoken.models import Token
        from rest_framework.test import APIClient

        setup_test_environment()
        player = _seed(args.games)
        page = Client()
        page.force_login(player)
        api = APIClient()
        api.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.create(user=player).key}")
        print(f"player with {args.games:,} finished games ({os.environ['DATABASE_URL'].split(':')[0]})")
        for name, client, url in (("page", page, "/stats/"), ("api ", api, "/api/me/stats/")):
            ms, queries = _time(client, url, args.runs)
            print(f"{name} {url:16} median {ms:7.1f} ms over {args.runs} runs, {queries} queries")


if __name__ == "__main__":
    main()
