"""Leaderboard benchmark on PostgreSQL: ``.venv/bin/python -m tools.leaderboard_bench``.

Seeds a separate database (default ``postgres://postgres@127.0.0.1:5432/blockknock_bench``,
created if missing; its name must end in ``_bench``) with 100,000 players and
1,000,000 finished games (Classic, Daily, Challenge; written with ``COPY``), builds
the boards with :func:`leaderboards.services.standings_rebuild`, then times

* each board's first page (:func:`~leaderboards.selectors.leaderboard_page`),
* a player's own rank (:func:`~leaderboards.selectors.leaderboard_me`) for players
  drawn at random from the whole board, and with the page that lists them (the web page),
* the whole API request (``GET /api/leaderboards/…/`` with a token, ``me`` included),

and prints p50 / p99 in milliseconds and the ``EXPLAIN (ANALYZE, BUFFERS)`` plans.
A second run reuses the seeded data; ``--reseed`` starts again.

Options: ``--players N --games N --runs N --reseed --database-url URL --no-plans``.
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import random
import statistics
import sys
import time
import warnings
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import partial
from typing import TYPE_CHECKING
from urllib.parse import urlsplit

if TYPE_CHECKING:  # imported where used at run time: Django is set up first
    from django.db.models import Model

DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/blockknock_bench"
SEED = 20260309


def _parse_args(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m tools.leaderboard_bench", description=__doc__.splitlines()[0])
    parser.add_argument("--database-url", default=DEFAULT_URL)
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--games", type=int, default=1_000_000)
    parser.add_argument("--runs", type=int, default=300, help="timed calls per measurement")
    parser.add_argument("--reseed", action="store_true", help="drop the seeded data and seed again")
    parser.add_argument("--no-plans", action="store_true", help="skip the EXPLAIN plans")
    return parser.parse_args(argv)


def _ensure_database(url: str) -> None:
    import psycopg

    parts = urlsplit(url)
    name = parts.path.lstrip("/")
    admin = parts._replace(path="/postgres").geturl()
    with psycopg.connect(admin, autocommit=True) as conn:
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')
            print(f"created database {name}")


def _setup(url: str) -> None:
    name = urlsplit(url).path.lstrip("/")
    if not name.endswith("_bench"):
        sys.exit(f"refusing to seed {name!r}: the benchmark database's name must end in _bench")
    _ensure_database(url)
    os.environ["DATABASE_URL"] = url  # this process only: the bench never touches another database
    os.environ["DJANGO_SETTINGS_MODULE"] = "blockknock.settings.base"
    warnings.filterwarnings("ignore", message="No directory at")  # WhiteNoise: no collectstatic here
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)


# --------------------------------------------------------------------------- seeding


def _copy(model: type[Model], rows: Iterable[tuple[object, ...]], overrides: tuple[str, ...]) -> int:
    """COPY ``rows`` (tuples of the ``overrides`` columns) into ``model``'s table; other columns get their defaults."""
    from django.db import connection

    fields = [f for f in model._meta.concrete_fields if not f.primary_key or f.attname in overrides]
    defaults = {}
    for field in fields:
        if field.attname not in overrides:
            value = field.pre_save(model(), add=True) if getattr(field, "auto_now_add", False) else field.get_default()
            defaults[field.attname] = field.get_db_prep_save(value, connection)
    positions = {name: index for index, name in enumerate(overrides)}
    quoted = []
    for f in fields:
        assert f.column is not None, "a concrete field has a column"
        quoted.append(connection.ops.quote_name(f.column))
    columns = ", ".join(quoted)
    prep = [(f.attname, positions.get(f.attname), f) for f in fields]
    json_fields = {f.attname for f in fields if f.get_internal_type() == "JSONField"}
    count = 0
    with connection.cursor() as cursor:
        raw = cursor.connection
        with raw.cursor().copy(f"COPY {model._meta.db_table} ({columns}) FROM STDIN") as copy:
            for row in rows:
                copy.write_row(
                    [
                        defaults[name]
                        if index is None
                        else (field.get_db_prep_save(row[index], connection) if name in json_fields else row[index])
                        for name, index, field in prep
                    ]
                )
                count += 1
    return count


def _seed(players: int, games: int) -> None:
    from django.contrib.auth import get_user_model
    from django.db import connection, transaction
    from django.utils import timezone

    from blockknock.calendar import game_day, game_zone, week_start
    from game.models import Game
    from leaderboards.services import standings_rebuild

    Player = get_user_model()
    rng = random.Random(SEED)
    now = timezone.now()
    today = game_day(now)
    zone = game_zone()
    monday = dt.datetime.combine(week_start(today), dt.time(), tzinfo=zone)
    this_week = (now - monday).total_seconds()
    history = 180 * 86400

    started = time.perf_counter()
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("SELECT COALESCE(MAX(id), 0) FROM accounts_player")
            first_player = cursor.fetchone()[0] + 1
        player_ids = range(first_player, first_player + players)
        _copy(
            Player,
            ((pid, f"bench-{pid}", f"Player {pid:,}", "!", True, now) for pid in player_ids),
            ("id", "username", "name", "password", "is_guest", "date_joined"),
        )
        with connection.cursor() as cursor:
            cursor.execute("SELECT setval(pg_get_serial_sequence('accounts_player', 'id'), %s)", [player_ids[-1]])
        print(f"  {players:,} players in {time.perf_counter() - started:.1f} s")

        classic_n = games * 70 // 100
        daily_n = games * 15 // 100
        challenge_n = games - classic_n - daily_n
        board = "." * 64
        hand = ["mono", "mono", "mono"]

        def score() -> int:
            return int(rng.lognormvariate(8.0, 0.9)) // 10 * 10

        def game_rows() -> Iterator[tuple[object, ...]]:
            # Classic: busy players play more; 15 % of the games finished this week.
            for _ in range(classic_n):
                pid = player_ids[int(players * rng.random() ** 1.7)]
                if rng.random() < 0.15:
                    finished = monday + dt.timedelta(seconds=rng.random() * this_week)
                else:
                    finished = monday - dt.timedelta(seconds=rng.random() * history)
                yield (pid, "classic", None, game_day(finished), "over", score(), finished, finished, finished)
            # Daily: one a player a day; 40 % of them today, the rest over the last 59 days.
            per_day = {0: daily_n * 40 // 100}
            rest = daily_n - per_day[0]
            for back in range(1, 60):
                per_day[back] = rest // 59 + (1 if back <= rest % 59 else 0)
            for back, count in per_day.items():
                day = today - dt.timedelta(days=back)
                start = dt.datetime.combine(day, dt.time(), tzinfo=zone)
                span = (now - start).total_seconds() if back == 0 else 86400
                for pid in rng.sample(player_ids, count):
                    finished = start + dt.timedelta(seconds=rng.random() * span * 0.999)
                    yield (pid, "daily", None, day, "over", score(), finished, finished, finished)
            # Challenge: a ladder per player (won 1..k in order, then maybe a lost k + 1).
            made = 0
            while made < challenge_n:
                pid = player_ids[rng.randrange(players)]
                top = min(40, 1 + int(rng.expovariate(1 / 6)))
                finished = now - dt.timedelta(seconds=rng.random() * history)
                for number in range(1, top + 1):
                    if made >= challenge_n:
                        break
                    finished += dt.timedelta(minutes=rng.randrange(3, 600))
                    finished = min(finished, now)
                    lost = number == top and rng.random() < 0.4
                    yield (
                        pid,
                        "challenge",
                        number,
                        game_day(finished),
                        "over" if lost else "won",
                        score(),
                        finished,
                        finished,
                        finished,
                    )
                    made += 1

        started = time.perf_counter()
        count = _copy(
            Game,
            ((*row, "", 1, board, hand, [False, False, False], 1) for row in game_rows()),
            (
                "player_id",
                "mode",
                "challenge",
                "day",
                "status",
                "score",
                "created_at",
                "updated_at",
                "finished_at",
                "seed",
                "rules_version",
                "board",
                "hand",
                "used",
                "deals",
            ),
        )
        print(f"  {count:,} finished games (COPY) in {time.perf_counter() - started:.1f} s")

        started = time.perf_counter()
        entries = standings_rebuild()
        print(f"  {entries:,} board entries (standings_rebuild) in {time.perf_counter() - started:.1f} s")

    started = time.perf_counter()
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE accounts_player")
        cursor.execute("VACUUM ANALYZE game_game")
        cursor.execute("VACUUM ANALYZE leaderboards_standing")
    print(f"  VACUUM ANALYZE in {time.perf_counter() - started:.1f} s")


def _reset() -> None:
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(
            "TRUNCATE leaderboards_standing, game_move, game_game, authtoken_token, accounts_player"
            " RESTART IDENTITY CASCADE"
        )


# --------------------------------------------------------------------------- timing


def _percentiles(samples: list[float]) -> tuple[float, float, float]:
    ordered = sorted(samples)
    p99 = ordered[min(len(ordered) - 1, round(0.99 * (len(ordered) - 1)))]
    return statistics.median(ordered), p99, ordered[-1]


def _time(calls: Sequence[Callable[[], object]], warmup: int = 20) -> tuple[float, float, float]:
    """Run each callable once (after ``warmup`` untimed calls); p50, p99 and max in ms."""
    for call in calls[:warmup]:
        call()
    samples = []
    for call in calls:
        started = time.perf_counter()
        call()
        samples.append((time.perf_counter() - started) * 1000)
    return _percentiles(samples)


def _explain(label: str, call: Callable[[], object]) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as captured:
        call()
    for query in captured.captured_queries:
        with connection.cursor() as cursor:
            cursor.execute("EXPLAIN (ANALYZE, BUFFERS) " + query["sql"])
            plan = "\n".join("      " + row[0] for row in cursor.fetchall())
        print(f"\n  {label}:\n      {query['sql']}\n{plan}")


def _measure(runs: int, plans: bool) -> None:
    from django.contrib.auth import get_user_model
    from django.db import connection
    from django.test import Client
    from rest_framework.authtoken.models import Token

    from leaderboards import boards, selectors
    from leaderboards.models import Standing

    rng = random.Random(SEED + 1)
    api_paths = {
        "classic-week": "classic/week/",
        "classic-all": "classic/all/",
        "challenge": "challenge/",
        "daily": "daily/",
    }
    results = []
    explained: list[tuple[str, Callable[[], object]]] = []
    for kind in boards.KINDS.values():
        board = boards.current_board(kind)
        size = Standing.objects.filter(board=board.key).count()
        sample_ids = list(
            Standing.objects.filter(board=board.key).order_by("?").values_list("player_id", flat=True)[:runs]
        )
        players = get_user_model().objects.in_bulk(sample_ids)
        sample = [players[pid] for pid in sample_ids]
        sample.sort(key=lambda _: rng.random())
        first_page = _time([partial(selectors.leaderboard_page, board=board)] * runs)
        own_rank = _time([partial(selectors.leaderboard_me, board=board, player=p) for p in sample])
        own_page = _time([partial(selectors.leaderboard_me, board=board, player=p, with_page=True) for p in sample])
        tokens = [Token.objects.get_or_create(user=p)[0].key for p in sample]
        client = Client(HTTP_HOST="localhost")
        url = f"/api/leaderboards/{api_paths[kind.slug]}"
        api = _time([partial(client.get, url, HTTP_AUTHORIZATION=f"Token {t}") for t in tokens])
        results.append((kind.title, size, first_page, own_rank, own_page, api))
        # the plans: the first page, and the own rank / page of a player in the middle of the board
        middle = (
            Standing.objects.filter(board=board.key)
            .order_by("-value", "finished_at", "game_id")[size // 2 : size // 2 + 1]
            .first()
        )
        if middle is not None:
            explained.append((f"{kind.title} — first page", partial(selectors.leaderboard_page, board=board)))
            explained.append(
                (
                    f"{kind.title} — own rank (player at #{size // 2:,})",
                    partial(selectors.leaderboard_me, board=board, player=middle.player),
                )
            )
            explained.append(
                (
                    f"{kind.title} — own rank and its page (web)",
                    partial(selectors.leaderboard_me, board=board, player=middle.player, with_page=True),
                )
            )

    with connection.cursor() as cursor:
        cursor.execute("SELECT version()")
        version = cursor.fetchone()[0].split(" on ")[0]
        cursor.execute("SELECT count(*) FROM game_game")
        game_count = cursor.fetchone()[0]
        cursor.execute("SELECT count(*) FROM accounts_player")
        player_count = cursor.fetchone()[0]
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(
        f"\n{version}; {game_count:,} games, {player_count:,} players, {os.cpu_count()} CPUs (load {load}); "
        f"{runs} timed calls each"
    )
    print("times in ms: p50 / p99 / max\n")
    columns = ("first page", "own rank", "own rank + page", "API (page + me)")
    header = f"{'board':<20}{'entries':>9}" + "".join(f"  {column:>20}" for column in columns)
    print(header)
    print("-" * len(header))
    for title, size, *timings in results:
        cells = "  ".join(f"{p50:6.2f} /{p99:6.2f} /{top:6.1f}" for p50, p99, top in timings)
        print(f"{title!s:<20}{size:>9,}  {cells}")
    worst = max(t[1] for *_, first, own, page, api in results for t in (first, own))
    print(f"\nworst p99 of first page and own rank: {worst:.2f} ms (target < 20 ms)")
    if plans:
        print("\nEXPLAIN (ANALYZE, BUFFERS) of the queries behind each call:")
        for label, call in explained:
            _explain(label, call)


def main(argv: list[str] | None = None) -> None:
    args = _parse_args(argv)
    _setup(args.database_url)
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT count(*) FROM game_game")
        seeded = cursor.fetchone()[0]
    if args.reseed or not seeded:
        if seeded:
            print("dropping the seeded data")
            _reset()
        print(f"seeding {args.players:,} players and {args.games:,} finished games")
        _seed(args.players, args.games)
    else:
        print(f"reusing {seeded:,} seeded games (--reseed to start again)")
    _measure(args.runs, not args.no_plans)


if __name__ == "__main__":
    main()
