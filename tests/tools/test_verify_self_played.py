"""The standalone verifier (tools/verify_deal.py) agrees with the site on self-played games of every mode.

208 games through the services, as players play them: Classic with its Continue, Practice,
Challenges (with the added pieces of challenges 6, 10 and 15; challenge 1 played to its win),
and the Daily once its day is closed. Each game's replay is the API's (the serializer's JSON),
checked in process by the verifier, every hand and every published number; a tampered replay
of one of them fails.
"""

import copy
import datetime as dt
import json
import random
from zoneinfo import ZoneInfo

import pytest
import time_machine

from blockknock.accounts.services import guest_create
from game import history, selectors, services
from game.api.dealers import dealers_data
from game.api.ladder import ChallengeVersionSerializer
from game.api.serializers import DailySeedSerializer, ReplaySerializer
from game.daily import seeds as daily_seeds
from game.daily.close import daily_close_due
from game.models import Challenge, ChallengeVersion, Game
from tools import verify_deal as vd
from tools.bots import greedy_bot, random_bot

pytestmark = pytest.mark.django_db

GAMES_PER_MODE = 52
MAX_MOVES = 15
"""A game still going after this many moves is ended as players end it: a new game abandons it
(a Daily is expired by its day's close); every fifth Classic is played on to :data:`LONG_MOVES`
so that some reach "No moves left" and take their Continue."""
LONG_MOVES = 80
CHALLENGES = (1, 6, 10, 15, 24, 32)
LA = ZoneInfo("America/Los_Angeles")


def play(player, mode, rng, challenge=None, moves=MAX_MOVES, bot=random_bot):
    game = services.game_start(player=player, mode=mode, challenge=challenge)
    for _ in range(moves):
        if game.status == "no_moves":
            game = services.game_continue(player=player, game_id=game.pk)
        if game.status != "playing":
            break
        slot, row, col = bot(game.state, rng)
        game, _ = services.move_place(
            player=player, game_id=game.pk, slot=slot, row=row, col=col, move_number=game.moves
        )
    return game


def replay_json(game) -> dict:
    game.refresh_from_db()
    return json.loads(json.dumps(ReplaySerializer(history.game_replay(game)).data))


def ladder_json() -> list[dict]:
    """The published ladder as ``GET /api/challenges/`` answers it: what a challenge game is checked against."""
    return json.loads(json.dumps(ChallengeVersionSerializer(selectors.challenge_versions(), many=True).data))


def dealers_json() -> list[dict]:
    """The dealer cut-overs as ``GET /api/dealers/`` answers them: what every game's dealer is checked against."""
    return json.loads(json.dumps(dealers_data()))


def dailies_json() -> list[dict]:
    """The published Dailies as ``GET /api/dailies/`` answers them today: what a Daily is held to."""
    return json.loads(json.dumps(DailySeedSerializer(daily_seeds.dailies_list(), many=True).data))


def ladder_published_before(when: dt.datetime) -> None:
    """Date every ladder version ``when``: the migrations published them as the test database was made, after the
    days these tests travel back to play on, and a game is held to the version that was the latest at its start."""
    ChallengeVersion.objects.update(published_at=when)


def self_played() -> list[Game]:
    ladder_published_before(dt.datetime(2026, 11, 1, tzinfo=LA))
    rng, player = random.Random(13), guest_create()
    games = []
    with time_machine.travel(dt.datetime(2026, 12, 1, 9, tzinfo=LA), tick=False):
        for n in range(GAMES_PER_MODE):
            games.append(play(player, "classic", rng, moves=LONG_MOVES if n % 5 == 0 else MAX_MOVES))
            games.append(play(player, "practice", rng))
            number = CHALLENGES[n % len(CHALLENGES)]
            Challenge.objects.update(active=False)
            Challenge.objects.filter(number=number).update(active=True)  # open: no active challenge before it
            won = number == 1  # the greedy bot plays challenge 1 on to its target
            games.append(
                play(
                    player,
                    "challenge",
                    rng,
                    number,
                    LONG_MOVES if won else MAX_MOVES,
                    greedy_bot if won else random_bot,
                )
            )
            games.append(play(guest_create(), "daily", rng))
        for mode in ("classic", "practice", "challenge"):
            services.game_start(player=player, mode=mode, challenge=number)  # abandons the last unfinished ones
    with time_machine.travel(dt.datetime(2026, 12, 2, 0, 1, tzinfo=LA), tick=False):
        assert daily_close_due() == [dt.date(2026, 12, 1)]
        dailies = dailies_json()
    assert dailies[0]["day"] == "2026-12-01" and dailies[0]["server_seed"]  # closed: its seed revealed
    _DAILIES[:] = dailies
    return games


def swap_first_piece(replay: dict, step: int) -> dict:
    """A copy of ``replay`` whose hand at ``step`` shows, in its first slot, another piece of the game's set
    than the one dealt there (a fixed piece is sometimes the dealt one: then the "tampered" replay was true)."""
    tampered = copy.deepcopy(replay)
    shown = tampered["steps"][step]["hand"][0]
    other = next(entry for entry in tampered["piece_set"] if entry["piece"] != shown["piece"])
    shown["piece"], shown["cells"] = other["piece"], other["cells"]
    return tampered


_DAILIES: list[dict] = []
"""The published Dailies the last :func:`self_played` left (taken the moment its day closed)."""


def test_the_verifier_passes_every_hand_and_number_of_208_self_played_games_and_fails_a_tampered_one():
    games = self_played()
    replays = [replay_json(game) for game in games]
    assert len(replays) == 4 * GAMES_PER_MODE
    hands, ladder, dealers = 0, ladder_json(), dealers_json()
    assert {(entry["mode"], entry["dealer"]) for entry in dealers} == {
        ("classic", 4),
        ("practice", 4),
        ("challenge", 4),
        ("daily", 3),
    }
    for game, replay in zip(games, replays):
        reports, problems = vd.verify(replay, ladder, dealers, _DAILIES)
        assert problems == [], game.pk
        assert [report.problems for report in reports] == [[]] * len(reports), game.pk
        assert len(reports) == game.deals
        hands += len(reports)
    games = [Game.objects.get(pk=game.pk) for game in games]
    assert {game.status for game in games} == {"over", "won", "abandoned", "expired"}
    assert sum(game.events.count(("continue",)) for game in games if game.mode == "classic") > 0
    assert {len(r["piece_set"]) for r in replays if r["game"]["mode"] == "challenge"} == {35, 37, 41, 50}
    assert {r["game"]["fair"]["dealer"] for r in replays if r["game"]["mode"] == "daily"} == {"3"}
    assert hands >= 4 * GAMES_PER_MODE * 3

    tampered = swap_first_piece(next(r for r in replays if len(r["steps"]) > 6), step=3)
    reports, _ = vd.verify(tampered, ladder)
    assert any(report.problems for report in reports)
    forged = copy.deepcopy(replays[0])
    forged["game"]["fair"]["server_seed"] = "00" * 32
    _, problems = vd.verify(forged, ladder)
    assert any("commitment" in problem for problem in problems)
