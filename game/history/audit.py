"""Proof of the fair deal at scale: replay stored games and compare them with what they say (reads only).

Every game replays exactly from its record: rules version, dealer, seeds, start and
its events (docs/record.md). :func:`game_audit` does that for one game with the rules
engine (:func:`~game.history.steps.game_steps`: ``engine.replay`` of its record's
events in order) and compares the live position stored beside the record with the
replay's:

- the current hand and used slots, and the number of hands dealt;
- the board, score, combo, combo moves left, moves, Continues left and event count;
- the status (``playing`` / ``no_moves`` / ``over`` / ``won``). A game the site
  ended (``abandoned``, ``expired``) is compared on its position only;
- its dealer against the published cut-overs (``GET /api/dealers/``): a game of an older
  dealer at or after its mode's cut-over is a mismatch, as every checker refuses it.

A byte of the record that is no event, or an event the engine refuses, is a
mismatch too, and the replay of that game stops there. :func:`games_audit` runs over many games
(all, a random sample, or chosen ids); the ``verify_deals`` management command
prints its report and fails on any mismatch.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

from django.db.models import QuerySet

from .. import engine
from ..models import ENDED_OFF_BOARD, DealerCutover, Game, board_text
from .steps import game_steps, start_state

__all__ = ["Cutovers", "GameAudit", "Mismatch", "cutover_refusing", "cutovers_published", "game_audit", "games_audit"]

Cutovers = dict[str, list[tuple[int, int]]]
"""The published dealer cut-overs, by mode: ``(from_game, dealer)`` in the order of ``from_game``."""


@dataclass(frozen=True)
class Mismatch:
    """One difference between a stored game and its replay.

    :ivar game_id: the game's public id.
    :ivar field: what differs, e.g. ``"hand"``, ``"event 12 (move)"``, ``"score"``.
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


def cutovers_published() -> Cutovers:
    """Every published dealer cut-over (:class:`~game.models.DealerCutover`), by mode."""
    published: Cutovers = {}
    for row in DealerCutover.objects.order_by("mode", "from_game"):
        published.setdefault(row.mode, []).append((row.from_game, row.dealer))
    return published


def cutover_refusing(cutovers: list[tuple[int, int]], game_id: int, dealer: int) -> tuple[int, int] | None:
    """The cut-over ``(from_game, dealer)`` of a mode's ``cutovers`` that refuses game ``game_id`` dealt by
    ``dealer``: the latest at or before the game, when the game's dealer became current before it (or never).

    >>> classic = [(1, 1), (40, 2), (1000, 4)]
    >>> cutover_refusing(classic, 1000, 2), cutover_refusing(classic, 999, 2), cutover_refusing(classic, 990, 4)
    ((1000, 4), None, None)
    """
    rank = {published: index for index, (_, published) in enumerate(cutovers)}
    passed = [index for index, (first, _) in enumerate(cutovers) if first <= game_id]
    if not passed or rank.get(dealer, -1) >= passed[-1]:
        return None
    return cutovers[passed[-1]]


def game_audit(game: Game, cutovers: Cutovers | None = None) -> GameAudit:
    """Replay ``game`` from its record and list every mismatch with its stored position; with ``cutovers``
    (:func:`cutovers_published`), its dealer against them too."""
    audit = GameAudit(game.public_id)
    refusing = None if cutovers is None else cutover_refusing(cutovers.get(game.mode, []), game.pk, game.dealer)
    if refusing is not None:
        first, due = refusing
        cutover = f"every {game.mode} game from game {first} on is dealt by dealer {due}"
        audit.check(f"dealer, but {cutover} (the published cut-over, GET /api/dealers/)", game.dealer, due)
    try:
        state = start_state(game)
    except (ValueError, TypeError) as exc:  # bad seed, start board or rules: nothing to replay
        audit.check("start", "stored game", f"cannot start: {exc}")
        return audit
    log = bytes(game.record)
    try:
        for step in game_steps(game):
            audit.events += 1
            state = step.after
    except engine.EngineError as exc:  # a byte that is no event, or an event the rules refuse
        number = audit.events
        audit.check(f"event {number} (byte {log[number]})", "accepted", f"refused: {exc.code}: {exc}")
    audit.hands = state.deals
    _check_end(audit, game, state, len(log))
    return audit


def _check_end(audit: GameAudit, game: Game, state: engine.GameState, events: int) -> None:
    """Compare the stored position of ``game`` with the last replayed ``state``."""
    audit.check("board", game.board, board_text(state.board))
    audit.check("hand", list(game.hand), _ids(state.hand))
    audit.check("used", list(game.used), list(state.used))
    audit.check("deals", game.deals, state.deals)
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

    Games are read in batches of 500, each with its record, and held to the published dealer cut-overs.
    """
    games = Game.objects.all() if games is None else games
    ids = list(game_ids)
    if ids:
        games = games.filter(pk__in=ids)
    if sample is not None:
        picked = list(games.order_by("?").values_list("pk", flat=True)[:sample])
        games = games.filter(pk__in=picked)
    cutovers = cutovers_published()
    for game in games.order_by("pk").iterator(chunk_size=500):
        yield game_audit(game, cutovers)
