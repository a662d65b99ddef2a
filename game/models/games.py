"""Games, each stored as its record (versions, seeds, start, its events as a one-byte-per-event log) and its
live position (docs/record.md)."""

import json
from typing import cast

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from blockknock.calendar import game_day

from .. import engine
from ..engine.colours import key_of, paint
from ..modes import ClientSeedBy, ModePolicy, policy_for
from ..rewards import award_of


class Mode(models.TextChoices):
    CLASSIC = "classic", _("Classic")
    PRACTICE = "practice", _("Practice")
    CHALLENGE = "challenge", _("Challenge")
    DAILY = "daily", _("Daily")


class Status(models.TextChoices):
    PLAYING = "playing", _("Playing")
    NO_MOVES = "no_moves", _("No moves left")
    OVER = "over", _("Over")
    WON = "won", _("Won")
    ABANDONED = "abandoned", _("Abandoned")
    EXPIRED = "expired", _("Expired")


UNFINISHED = (Status.PLAYING, Status.NO_MOVES)
FINISHED = (Status.OVER, Status.WON)
ENDED_OFF_BOARD = (Status.ABANDONED, Status.EXPIRED)  # ended by the site, not by the rules


def board_text(bits: int) -> str:
    """A bitboard as the stored 64-character text, row 0 first."""
    return "".join(engine.to_rows(bits))


def _snapshot(name: str, value):
    """What :meth:`Game.changed_fields` compares: the value itself, or for a JSON column
    (:data:`JSON_COLUMNS`) a copy of it as text (a list edited in place is then no longer equal to
    what was loaded)."""
    return json.dumps(value) if name in JSON_COLUMNS else value


class Game(models.Model):
    """One game of one player: the engine's :class:`~game.engine.GameState`, persisted.

    ``seed`` is the game's secret server seed (64 hex chars): it leaves the server only
    once the game can no longer be played (:func:`game.seeds.game_fair`). ``dealer``
    is the version of the deal rule (``engine.DEALERS``), ``rules_version`` that of the
    rules it is played by (``engine.RULESETS``), ``client_seed`` the
    player's own seed mixed into dealer 2's stream (``None`` for dealer 1 and the Daily).
    Boards are stored as 64 characters, ``#`` filled and ``.`` empty, row 0 first
    (docs/rules.md § Notation).

    The **record** (docs/record.md) is what the game is: its versions, seeds, who chose
    the client seed, its start (``start_board`` holds a challenge's board as the game
    froze it; ``NULL`` is the mode's own start, empty or the Daily's from its seed,
    :meth:`~game.modes.ModePolicy.start_board`) and ``record``, its events, one byte each
    (:mod:`game.engine.record`). Everything else (board, hand, used, score, combo, deals,
    moves…) is the live position, kept for speed; hands dealt, points per move, replay,
    review and audit are recomputed from the record. ``seq`` counts the events and guards
    every write (compare-and-set).
    """

    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="games", verbose_name=_("player")
    )
    mode = models.CharField(_("mode"), max_length=10, choices=Mode.choices)
    challenge = models.PositiveSmallIntegerField(_("challenge"), null=True, blank=True)
    challenge_version = models.PositiveSmallIntegerField(
        _("challenge version"),
        null=True,
        blank=True,
        help_text=_("The published version of the challenge's definition the game started under (challenges only)."),
    )
    day = models.DateField(_("day"), help_text=_("Game-calendar date (America/Los_Angeles) the game started."))
    status = models.CharField(_("status"), max_length=10, choices=Status.choices, default=Status.PLAYING)
    seed = models.CharField(_("seed"), max_length=64, editable=False)
    dealer = models.PositiveSmallIntegerField(
        _("dealer"),
        default=1,
        help_text=_("Version of the fair-deal rule the game is dealt with (1: before verifiable deals)."),
    )
    # NULL (not "") marks a dealer-1 game, which had no client seed at all.
    rules_version = models.PositiveSmallIntegerField(
        _("rules version"), help_text=_("Version of the rules the game is played by (engine.RULESETS).")
    )
    client_seed = models.CharField(  # noqa: DJ001
        _("client seed"), max_length=64, null=True, blank=True, editable=False
    )
    client_seed_by = models.CharField(  # noqa: DJ001 (null: no client seed, as docs/api.md's null)
        _("client seed chosen by"), max_length=6, choices=ClientSeedBy.choices, null=True, blank=True, editable=False
    )
    start_board = models.CharField(  # noqa: DJ001 (null: the mode's own start, not stored)
        _("start board"),
        max_length=64,
        null=True,
        blank=True,
        help_text=_("A challenge's start board as the game froze it; empty for the mode's own start."),
    )
    board = models.CharField(_("board"), max_length=64)
    colours = models.CharField(
        _("colours"),
        max_length=64,
        default="",
        help_text=_(
            "Which piece family filled each cell, row 0 first (game.engine.colours): "
            "the page redraws placed blocks in their colours."
        ),
    )
    hand = models.JSONField(_("hand"), help_text=_("Piece ids by slot."))
    used = models.JSONField(_("used slots"))
    deals = models.PositiveSmallIntegerField(_("hands dealt"), default=0)
    record = models.BinaryField(
        _("record"), default=b"", editable=False, help_text=_("The game's events, one byte each (docs/record.md).")
    )
    score = models.PositiveIntegerField(_("score"), default=0)
    combo = models.PositiveIntegerField(_("combo"), default=0)
    combo_moves_left = models.PositiveSmallIntegerField(_("combo moves left"), default=0)
    moves = models.PositiveIntegerField(_("moves"), default=0)
    continues_left = models.PositiveSmallIntegerField(_("continues left"), default=0)
    piece_set = models.PositiveSmallIntegerField(
        _("piece set"),
        null=True,
        blank=True,
        help_text=_("Challenge number whose piece set is dealt (challenges only)."),
    )
    target = models.PositiveIntegerField(_("target"), null=True, blank=True)
    stars = models.PositiveIntegerField(_("stars"), null=True, blank=True)
    stars_high_score = models.PositiveSmallIntegerField(
        _("high-score stars"), null=True, blank=True, help_text=_("Stars of the game's high-score bonus, if paid.")
    )
    seq = models.PositiveIntegerField(_("events"), default=0)
    created_at = models.DateTimeField(_("started"), auto_now_add=True)
    updated_at = models.DateTimeField(_("updated"), auto_now=True)
    finished_at = models.DateTimeField(_("finished"), null=True, blank=True)

    class Meta:
        verbose_name = _("game")
        verbose_name_plural = _("games")
        indexes = [
            models.Index(fields=["player", "mode", "status"], name="game_player_mode_status"),
            # A first visit's claim with the cache down looks its seed up (game.pending); Dailies,
            # which share a day's seed, are left out of it.
            models.Index(fields=["seed"], condition=models.Q(mode="classic"), name="game_classic_seed"),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["player", "day"], condition=models.Q(mode="daily"), name="game_one_daily_per_day"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.get_mode_display()} #{self.pk}"

    @classmethod
    def from_db(cls, db, field_names, values, **kwargs):
        """A row as loaded, remembering its values (:meth:`changed_fields`)."""
        game = super().from_db(db, field_names, values, **kwargs)
        game._stored = {name: _snapshot(name, value) for name, value in zip(field_names, values)}
        return game

    def changed_fields(self) -> list[str]:
        """The columns (attnames) whose value is no longer the one loaded from the database or last
        saved by :func:`~game.models.rows.game_write` (every column of a row not loaded from it).

        A JSON value edited in place counts as changed: it is compared with a copy of the value loaded.
        """
        stored = getattr(self, "_stored", None)
        if stored is None:
            return [field.attname for field in self._meta.concrete_fields if not field.primary_key]
        return [name for name, value in stored.items() if _snapshot(name, getattr(self, name)) != value]

    def saved(self, names) -> None:
        """The columns ``names`` now hold the game's values (:func:`~game.models.rows.game_write` wrote them)."""
        stored = getattr(self, "_stored", None)
        if stored is not None:
            stored.update((name, _snapshot(name, getattr(self, name))) for name in names)

    @property
    def public_id(self) -> str:
        """The id as the API shows it (a string); ``""`` for a game not saved yet (a first visit's,
        ``game.pending``)."""
        return "" if self.pk is None else str(self.pk)

    @property
    def policy(self) -> ModePolicy:
        """The game's mode policy (:mod:`game.modes`)."""
        return policy_for(self.mode)

    @property
    def mode_label(self) -> str:
        """The mode as players read it, e.g. "Classic" or "Challenge 3"."""
        return self.policy.label_of(self)

    @property
    def rules(self) -> engine.Rules:
        """The rules the game plays by."""
        return self.policy.rules(self)

    @property
    def state(self) -> engine.GameState:
        """The engine value for this game's current position."""
        return engine.GameState(
            rules=self.rules,
            seed=bytes.fromhex(self.seed),
            dealer=self.dealer,
            client_seed=self.client_seed,
            label=self.deal_label,
            board=engine.from_rows(self.board_rows),
            # the hand column holds a piece id per slot: three, as engine.Hand says
            hand=cast(engine.Hand, tuple(engine.PIECES[piece_id] for piece_id in self.hand)),
            used=tuple(self.used),
            deals=self.deals,
            score=self.score,
            combo=engine.Combo(self.combo, self.combo_moves_left),
            moves=self.moves,
            continues_left=self.continues_left,
            status=engine.Status(self.status if self.status not in ENDED_OFF_BOARD else Status.OVER),
        )

    @property
    def events(self) -> list[tuple]:
        """The engine events of the record, in order (:func:`engine.decode`).

        :raises engine.InvalidMoveError: a byte that is no event.
        """
        return engine.decode(self.record)

    def replay(self, events=None):
        """``engine.replay`` of ``events`` (engine event tuples, in order; default: the record's) from the
        game's rules, seeds, dealer version and start."""
        return engine.replay(
            self.rules,
            bytes.fromhex(self.seed),
            self.start,
            engine.events_of(self.record) if events is None else events,
            dealer=self.dealer,
            client_seed=self.client_seed,
            label=self.deal_label,
        )

    @property
    def deal_label(self) -> str:
        """The label the game's deals read (``engine.deal_label``: its mode, a challenge's number and
        version) where its dealer reads one; ``""`` for earlier dealers, which read none."""
        if not engine.dealer_of(self.dealer).labelled:
            return ""
        return engine.deal_label(self.mode, self.challenge, self.challenge_version)

    def record_append(self, event) -> None:
        """Append one engine event to the record (not saved)."""
        self.record = bytes(self.record) + engine.encode([event])

    @property
    def ruleset(self) -> engine.Ruleset:
        """The rules version the game is played by, with every number of it."""
        return engine.ruleset(self.rules_version)

    @property
    def stars_detail(self) -> dict | None:
        """The stars of the finished game and why (:meth:`game.rewards.StarAward.as_dict`), recomputed
        from its score, end and stars by its own rules version's numbers; ``None`` where none were counted."""
        if self.stars is None:
            return None
        won = self.challenge if self.status == Status.WON else None
        return award_of(
            numbers=self.ruleset.stars,
            score=self.score,
            won_challenge=won,
            high_score=self.stars_high_score or 0,
            paid=self.stars,
        ).as_dict()

    def load_state(self, state: engine.GameState, placed: engine.Piece | None = None) -> None:
        """Copy an engine state onto the row (not saved); new hands are appended.

        :param placed: the piece the move to ``state`` placed (it colours the cells it filled);
            ``None`` for a start (its cells are neutral), a Continue or a No thanks.
        """
        self.board = board_text(state.board)
        self.colours = paint(self.colours, state.board, placed)
        self.hand = [piece.id for piece in state.hand]
        self.used = list(state.used)
        self.deals = state.deals
        self.score = state.score
        self.combo = state.combo.combo
        self.combo_moves_left = state.combo.moves_left
        self.moves = state.moves
        self.continues_left = state.continues_left
        self.status = state.status.value

    @property
    def board_rows(self) -> list[str]:
        return [self.board[r * 8 : (r + 1) * 8] for r in range(8)]

    @property
    def colour_rows(self) -> list[str]:
        """The colour board by row; a row saved without one (``""``) reads as all neutral (its board text)."""
        colours = self.colours or self.board
        return [colours[r * 8 : (r + 1) * 8] for r in range(8)]

    @property
    def cell_rows(self) -> list[list[tuple[bool, str]]]:
        """The board by row for the page: ``(filled, colour key)`` per cell."""
        return [
            [(ch == "#", key) for ch, key in zip(row, colours)]
            for row, colours in zip(self.board_rows, self.colour_rows)
        ]

    @property
    def start(self) -> engine.Bitboard:
        """The board the game started on: the stored one (a challenge's as the game froze it), else the
        mode's own (:meth:`~game.modes.ModePolicy.start_board`: empty, or the Daily's from its seed)."""
        if self.start_board:
            return engine.from_rows([self.start_board[r * 8 : (r + 1) * 8] for r in range(8)])
        return self.policy.start_board(self)

    @property
    def start_board_rows(self) -> list[str]:
        """The start board by row (:attr:`start`)."""
        return engine.to_rows(self.start)

    @property
    def hand_view(self) -> list[dict]:
        """The hand by slot: ``{"slot", "piece", "cells", "used", "height", "width", "colour", "fits"}``.

        ``fits``: the slot's piece is unplaced and has a legal anchor on the board as it is now.
        """
        fits = self.slots_fit
        return [
            {**piece_view(slot, piece_id, used), "fits": fits[slot]}
            for slot, (piece_id, used) in enumerate(zip(self.hand, self.used))
        ]

    @property
    def slots_fit(self) -> list[bool]:
        """By slot: the piece is unplaced and has a legal anchor on the board as it is now."""
        board = engine.from_rows(self.board_rows)
        return [
            not used and bool(engine.anchors(board, engine.PIECES[piece_id]))
            for piece_id, used in zip(self.hand, self.used)
        ]

    @property
    def is_finished(self) -> bool:
        return self.status in FINISHED

    @property
    def is_unfinished(self) -> bool:
        return self.status in UNFINISHED

    @property
    def ended_with_no_moves(self) -> bool:
        """Over because none of the unplaced pieces fits the board (docs/rules.md § End of game), whichever
        way the end came: at once where no Continue was possible, or by No thanks at "No moves left"."""
        board = engine.from_rows(self.board_rows)
        unplaced = (engine.PIECES[piece_id] for piece_id, used in zip(self.hand, self.used) if not used)
        return self.status == Status.OVER and not any(engine.anchors(board, piece) for piece in unplaced)

    @property
    def is_past_its_day(self) -> bool:
        """An unfinished one-a-day game (the Daily) whose game-calendar day has ended: it can no
        longer be played, though the midnight close (``game.daily.close``) may not have written it yet."""
        return self.policy.one_per_day and self.is_unfinished and self.day < game_day()

    @property
    def status_now(self) -> str:
        """The status a read shows: a Daily past its day reads ``expired`` before any write says so."""
        return Status.EXPIRED if self.is_past_its_day else self.status


JSON_COLUMNS = frozenset(field.attname for field in Game._meta.concrete_fields if isinstance(field, models.JSONField))
"""The game's JSON columns (``hand``, ``used``): lists, editable in place."""


def piece_view(slot: int, piece_id: str, used: bool) -> dict:
    """A hand slot as plain data for templates and the API."""
    piece = engine.PIECES[piece_id]
    return {
        "slot": slot,
        "piece": piece.id,
        "cells": [list(cell) for cell in piece.cells],
        "used": used,
        "height": piece.height,
        "width": piece.width,
        "colour": key_of(piece),
    }
