"""Settings → Your data → "Download my games": every ended game of a player, in the replay format.

One JSON file, ``{"format": "blockknock-games", "version": 1, "exported_at", "ladder", "dealers", "dailies",
"replays": [...]}``, each replay exactly as ``GET /api/games/{id}/replay/`` answers it (docs/api.md ``Replay``: the
record's seeds, the rules and dealer versions, the start board and every step), so ``tools/verify_deal.py`` checks
the whole file offline (``dailies``: the published entry, ``GET /api/dailies/{day}/``, of each day the player played
a Daily, which the checker holds that Daily to). A Daily still sealed (its day open) is left out until its day
closes, as its replay is.
"""

from __future__ import annotations

import datetime as dt

from django.utils import timezone

from ..daily.seeds import daily_entry
from ..models import UNFINISHED, Game
from .replay import game_replay

FORMAT = "blockknock-games"
VERSION = 1


def player_games_export(player, replay_data, ladder, dealers) -> dict:
    """The file's content for ``player``; ``replay_data`` turns :func:`game_replay`'s answer into JSON data
    (the API's ``ReplaySerializer``, passed in so the history package does not import the API), ``ladder``
    is the published ladder as ``GET /api/challenges/`` answers it and ``dealers`` the dealer cut-overs as
    ``GET /api/dealers/`` does: copies in the file, so its games check offline (a checker who trusts only the
    live ones passes ``--ladder`` and ``--dealers`` instead)."""
    games = Game.objects.filter(player=player).exclude(status__in=UNFINISHED).order_by("pk")
    replays = [replay_data(game_replay(game)) for game in games.iterator() if not game.policy.sealed(game)]
    exported = timezone.now().isoformat()
    return {
        "format": FORMAT,
        "version": VERSION,
        "exported_at": exported,
        "ladder": ladder,
        "dealers": dealers,
        "dailies": played_dailies(replays),
        "replays": replays,
    }


def played_dailies(replays: list) -> list[dict]:
    """The published entry of every day among ``replays``' Dailies, by day, as ``GET /api/dailies/{day}/``
    answers it."""
    days = sorted({str(replay["game"]["day"]) for replay in replays if replay["game"]["mode"] == "daily"})
    entries = (daily_entry(dt.date.fromisoformat(day)) for day in days)
    return [entry for entry in entries if entry is not None]
