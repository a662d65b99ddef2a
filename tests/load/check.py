"""Compare what the clients were told with the database: no move lost, none doubled.

``python -m tests.load.check LEDGER.json [...]`` with the server's settings in the
environment (run.py and faults.py call :func:`check_ledger` in a subprocess that
way). For every game a client played:

- every move answered 200 is stored, at its move number, with the points the
  client was told (else **lost** or **mismatched**);
- the database holds no move or Continue beyond those answered 200, except at
  most one per request whose outcome the client could not know (a dropped
  connection, a timeout, a 5xx): else **doubled**;
- the stored score is the sum of the stored moves' points, and equals the score
  the client last saw when it saw the game's latest state;
- the game replays exactly from its seed and events (``game.history.audit``, the check
  behind ``manage.py verify_deals``).

Games of the run's players that no client saw are counted (a game start whose
answer was lost); they are audited too.
"""

from __future__ import annotations

import contextlib
import json
import sys
from dataclasses import asdict, dataclass, field

from tests.load.players import load_ledgers


@dataclass
class Report:
    games: int = 0
    moves_ok: int = 0  # moves answered 200
    moves_stored: int = 0  # moves in those games' records
    events_stored: int = 0  # all event rows of those games
    unknown: int = 0  # requests whose outcome the client could not know
    unknown_applied: int = 0  # of those, applied (stored without a 200)
    unseen_games: int = 0
    lost: list[str] = field(default_factory=list)
    mismatched: list[str] = field(default_factory=list)
    doubled: list[str] = field(default_factory=list)
    audit: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not (self.lost or self.mismatched or self.doubled or self.audit)

    def summary(self) -> str:
        return (
            f"games {self.games} (+{self.unseen_games} unseen), moves answered 200: {self.moves_ok}, "
            f"moves stored: {self.moves_stored}, unknown outcomes: {self.unknown} ({self.unknown_applied} applied), "
            f"lost: {len(self.lost)}, doubled: {len(self.doubled)}, mismatched: {len(self.mismatched)}, "
            f"replay mismatches: {len(self.audit)}"
        )


def check_ledger(ledger: dict[str, dict]) -> Report:
    from game.history import game_audit
    from game.models import Game

    report = Report()
    games = {str(g.pk): g for g in Game.objects.filter(pk__in=[int(gid) for gid in ledger])}
    players = {g.player_id for g in games.values()}
    for gid, record in ledger.items():
        report.games += 1
        ok = {int(n): v for n, v in record["ok"].items()}
        report.moves_ok += len(ok)
        report.unknown += record["unknown"]
        game = games.get(gid)
        if game is None:
            report.lost.append(f"game {gid}: not stored")
            continue
        events = game.events  # the record's (docs/record.md); each move's points from its replay
        report.events_stored += len(events)
        moves = _move_points(game)
        report.moves_stored += len(moves)
        for number, told in sorted(ok.items()):
            if told.get("doubled"):
                report.doubled.append(f"game {gid} move {number}: answered 200 twice")
            if number >= len(moves):
                report.lost.append(f"game {gid} move {number}: answered 200, not stored")
            elif moves[number] != told["points"]:
                report.mismatched.append(
                    f"game {gid} move {number}: told {told['points']} points, replayed {moves[number]}"
                )
        others = len(events) - len(moves)
        extra = (len(moves) - len(ok)) + (others - len(record["events"]))
        if extra > record["unknown"]:
            report.doubled.append(
                f"game {gid}: {extra} stored events beyond the {record['unknown']} of unknown outcome"
            )
        report.unknown_applied += max(0, extra)
        if game.score != sum(moves):
            report.mismatched.append(f"game {gid}: score {game.score} is not the sum of its moves' points")
        last = record.get("last")
        caught_up = last and last["moves"] == game.moves and game.seq == len(events) and extra == 0
        if caught_up and (last["score"], last["board"]) != (game.score, game.board_rows):
            report.mismatched.append(f"game {gid}: client last saw score {last['score']}, stored {game.score}")
        report.audit += [str(m) for m in game_audit(game).mismatches]
    unseen = Game.objects.filter(player__in=players).exclude(pk__in=[int(gid) for gid in ledger])
    for game in unseen:
        report.unseen_games += 1
        report.audit += [str(m) for m in game_audit(game).mismatches]
    return report


def _move_points(game) -> list[int]:
    """The points of each recorded move, replayed (up to an event the replay refuses: the audit reports it)."""
    from game import engine
    from game.history.steps import game_steps

    points: list[int] = []
    with contextlib.suppress(engine.EngineError):
        for step in game_steps(game):
            if step.result is not None:
                points.append(step.result.points)
    return points


def main(argv: list[str]) -> int:
    import django

    django.setup()
    report = check_ledger(load_ledgers(argv))
    print(json.dumps({**asdict(report), "ok": report.ok}))
    return 0 if report.ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
