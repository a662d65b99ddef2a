"""A simulated player of the JSON API: picks legal moves and writes down every answer.

Shared by the Locust scenario (locustfile.py) and the fault run (faults.py). No
Django import: it only reads the API's ``Game`` JSON (docs/api.md).

What a client writes down (:class:`Ledger`), per game, is what check.py compares
with the database afterwards:

- ``ok``: the moves answered 200, by ``move_number``, with their points and the
  score after;
- ``events``: the Continues answered 200;
- ``unknown``: requests whose outcome the client cannot know (connection
  dropped, timeout, 5xx): they may or may not have been applied.
"""

from __future__ import annotations

import json
import random
import threading
from dataclasses import dataclass, field
from pathlib import Path

# Request names in the figures (ids folded).
GUEST = "POST /api/auth/guest/"
START = "POST /api/games/"
MOVE = "POST /api/games/[id]/moves/"
CONTINUE = "POST /api/games/[id]/continue/"
DECLINE = "POST /api/games/[id]/decline/"
ME = "GET /api/me/"
GAME = "GET /api/games/[id]/"


def legal_moves(game: dict) -> list[tuple[int, int, int]]:
    """Every ``(slot, row, col)`` that fits the board shown in ``game`` (API ``Game`` JSON)."""
    filled = {(r, c) for r, row in enumerate(game["board"]) for c, ch in enumerate(row) if ch == "#"}
    moves = []
    for piece in game["hand"]:
        if piece["used"]:
            continue
        cells = piece["cells"]
        for row in range(8):
            for col in range(8):
                if all(0 <= row + r < 8 and 0 <= col + c < 8 and (row + r, col + c) not in filled for r, c in cells):
                    moves.append((piece["slot"], row, col))
    return moves


def lines_after(game: dict, move: tuple[int, int, int]) -> int:
    """Rows + columns the move would complete (a player aims for these)."""
    slot, row, col = move
    filled = {(r, c) for r, line in enumerate(game["board"]) for c, ch in enumerate(line) if ch == "#"}
    filled |= {(row + r, col + c) for r, c in game["hand"][slot]["cells"]}
    return sum(all((r, c) in filled for c in range(8)) for r in range(8)) + sum(
        all((r, c) in filled for r in range(8)) for c in range(8)
    )


def choose_move(game: dict, rng: random.Random) -> tuple[int, int, int] | None:
    """A move a casual player might make: one that clears lines if any, else a random legal one."""
    moves = legal_moves(game)
    if not moves:
        return None
    sample = rng.sample(moves, min(len(moves), 24))
    best = max(lines_after(game, m) for m in sample)
    return rng.choice([m for m in sample if lines_after(game, m) == best])


def quick_move(game: dict, rng: random.Random) -> tuple[int, int, int] | None:
    """A random legal move, found with little CPU (the benchmark's clients share the server's cores)."""
    filled = {(r, c) for r, row in enumerate(game["board"]) for c, ch in enumerate(row) if ch == "#"}
    pieces = [piece for piece in game["hand"] if not piece["used"]]
    rng.shuffle(pieces)
    spots = [(row, col) for row in range(8) for col in range(8)]  # a piece's cells are offsets from here
    rng.shuffle(spots)
    for piece in pieces:
        for row, col in spots:
            if all(
                0 <= row + r < 8 and 0 <= col + c < 8 and (row + r, col + c) not in filled for r, c in piece["cells"]
            ):
                return piece["slot"], row, col
    return None


@dataclass
class GameRecord:
    ok: dict[int, dict] = field(default_factory=dict)  # move_number -> {"points", "score"}
    events: list[str] = field(default_factory=list)  # "continue" / "decline" answered 200
    unknown: int = 0
    last: dict | None = None  # the last Game JSON seen


class Ledger:
    """Everything the clients of one run were told, thread-safe; saved as JSON for check.py."""

    def __init__(self):
        self.games: dict[str, GameRecord] = {}
        self.lock = threading.Lock()

    def game(self, game_id: str) -> GameRecord:
        with self.lock:
            return self.games.setdefault(str(game_id), GameRecord())

    def move_ok(self, game_id, move_number: int, points: int, game: dict) -> None:
        record = self.game(game_id)
        with self.lock:
            if move_number in record.ok:  # the server answered 200 twice for one move number
                record.ok[move_number]["doubled"] = True
            record.ok[move_number] = {"points": points, "score": game["score"]}
            record.last = game

    def event_ok(self, game_id, kind: str, game: dict) -> None:
        record = self.game(game_id)
        with self.lock:
            record.events.append(kind)
            record.last = game

    def seen(self, game_id, game: dict) -> None:
        record = self.game(game_id)
        with self.lock:
            record.last = game

    def unknown(self, game_id) -> None:
        record = self.game(game_id)
        with self.lock:
            record.unknown += 1

    def save(self, path: Path) -> None:
        data = {
            gid: {"ok": {str(k): v for k, v in r.ok.items()}, "events": r.events, "unknown": r.unknown, "last": r.last}
            for gid, r in self.games.items()
        }
        path.write_text(json.dumps(data))


def load_ledgers(paths) -> dict[str, dict]:
    """Merge saved ledgers (one per client process)."""
    merged: dict[str, dict] = {}
    for path in paths:
        for gid, record in json.loads(Path(path).read_text()).items():
            if gid in merged:
                raise ValueError(f"game {gid} appears in two ledgers")
            merged[gid] = record
    return merged
