"""Proof of the fair deal at scale: replay stored games and compare them with what they say (reads only).

Every game replays exactly from its rules, secret seed, start board and stored
events (docs/rules.md § The fair deal). :func:`game_audit` does that for one game
with the rules engine (:func:`~game.history.steps.game_steps`: ``engine.replay``
of its :class:`~game.models.GameEvent` rows in order) and compares:

- every dealt hand with ``Game.hands`` (deal by deal), and the current hand and used slots;
- every move's points with ``GameEvent.points``;
- the board, score, combo, combo moves left, moves, Continues left and event count;
- the status (``playing`` / ``no_moves`` / ``over`` / ``won``). A game the site
  ended (``abandoned``, ``expired``) is compared on its position only.

An event the engine refuses, or a malformed event row, is a mismatch too, and the
replay of that game stops there. :func:`games_audit` runs over many games
(all, a random sample, or chosen ids); the ``verify_deals`` management command
prints its report and fails on any mismatch.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from django.db.models import Prefetch, QuerySet

from .. import engine
from ..models import ENDED_OFF_BOARD, Game, GameEvent, board_text
from .steps import game_steps, start_state

__all__ = ["GameAudit", "Mismatch", "game_audit", "games_audit"]


@dataclass(frozen=True)
class Mismatch:
    """One difference between a stored game and its replay.

    :ivar game_id: the game's public id.
    :ivar field: what differs, e.g. ``"hands[3]"``, ``"event 12 points"``, ``"score"``.
    :ivar stored: the value in the database.
    :ivar replayed: the value the engine computes (or the engine's refusal).
    """

    game_id: str
    field: str
    stored: object
    replayed: object

    def __str__(self) -> str:
        return f"game {self.game_id}: {self.field}: stored {self.stored!r}, replayed {self.replayed!r}"


@dataclass
class GameAudit:
    """The result of replaying one game: what was checked and every mismatch found."""

    game_id: str
    events: int = 0
    hands: int = 0
    mismatches: list[Mismatch] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.mismatches

    def check(self, name: str, stored: object, replayed: object) -> None:
        """Record a :class:`Mismatch` named ``name`` if ``stored`` and ``replayed`` differ."""
        if stored != replayed:
            self.mismatches.append(Mismatch(self.game_id, name, stored, replayed))


def _ids(hand: Iterable[engine.Piece]) -> list[str]:
    return [piece.id for piece in hand]


def game_audit(game: Game, events: Iterable[GameEvent] | None = None) -> GameAudit:
    """Replay ``game`` from its seed, start board and events, and list every mismatch with the stored game.

    :param events: the game's event rows in order (default: ``game.events``, ordered by ``seq``).
    """
    audit = GameAudit(game.public_id)
    try:
        state = start_state(game)
    except (ValueError, TypeError) as exc:  # bad seed, start board or rules: nothing to replay
        audit.check("start", "stored game", f"cannot start: {exc}")
        return audit
    dealt = [_ids(state.hand)]
    rows = list(game.events.order_by("seq") if events is None else events)
    try:
        for step in game_steps(game, rows):
            audit.check(f"event {step.number} seq", step.event.seq, step.number)
            audit.events += 1
            if step.dealt:
                dealt.append(_ids(step.after.hand))
            points = None if step.result is None else step.result.points
            audit.check(f"event {step.number} points", step.event.points, points)
            state = step.after
    except engine.EngineError as exc:
        number, row = audit.events, rows[audit.events]
        audit.check(f"event {number} seq", row.seq, number)
        audit.check(f"event {number} ({row.kind})", "accepted", f"refused: {exc.code}: {exc}")
    audit.hands = len(dealt)
    _check_end(audit, game, state, dealt, len(rows))
    return audit


def _check_end(audit: GameAudit, game: Game, state: engine.GameState, dealt: list[list[str]], events: int) -> None:
    """Compare the stored game with the last replayed ``state`` and the ``dealt`` hands."""
    stored_hands = list(game.hands)
    for k in range(max(len(stored_hands), len(dealt))):
        audit.check(
            f"hands[{k}]",
            stored_hands[k] if k < len(stored_hands) else None,
            dealt[k] if k < len(dealt) else None,
        )
    audit.check("board", game.board, board_text(state.board))
    audit.check("hand", list(game.hand), _ids(state.hand))
    audit.check("used", list(game.used), list(state.used))
    audit.check("score", game.score, state.score)
    audit.check("combo", (game.combo, game.combo_moves_left), (state.combo.combo, state.combo.moves_left))
    audit.check("moves", game.moves, state.moves)
    audit.check("continues_left", game.continues_left, state.continues_left)
    audit.check("events", game.seq, events)
    if game.status not in ENDED_OFF_BOARD:
        audit.check("status", game.status, state.status.value)


def games_audit(
    *, games: QuerySet[Game] | None = None, sample: int | None = None, game_ids: Iterable[int] = ()
) -> Iterator[GameAudit]:
    """Audit many games in id order: all of ``games`` (default every stored game), only ``game_ids``
    (primary keys) if given, and of those a random ``sample`` if given.

    Events are fetched in batches with their games, so the work is a few queries per 500 games.
    """
    games = Game.objects.all() if games is None else games
    ids = list(game_ids)
    if ids:
        games = games.filter(pk__in=ids)
    if sample is not None:
        picked = list(games.order_by("?").values_list("pk", flat=True)[:sample])
        games = games.filter(pk__in=picked)
    games = games.order_by("pk").prefetch_related(Prefetch("events", queryset=GameEvent.objects.order_by("seq")))
    for game in games.iterator(chunk_size=500):
        yield game_audit(game, game.events.all())
