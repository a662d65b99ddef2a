"""The Challenge ladder, edited by staff in the admin, and its published versions (docs/rules.md § Modes).

A :class:`Challenge` is the rung staff edit (its number, whether it is open, its current
definition). Each definition a game can be played under is a :class:`ChallengeVersion`, written
once and never changed: an edit of the target, start board or piece set publishes the next
version (:meth:`Challenge.publish`), and a game records the version it started under
(``Game.challenge_version``). ``GET /api/challenges/`` lists every version, so a checker holds a
challenge game to the published definition of its number and version, not to its own replay.
"""

from django.core.exceptions import ValidationError
from django.db import models, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from .. import engine

PIECE_SET_CHOICES = [
    (1, _("Base set (35 pieces)")),
    (6, _("Base + 2×3 rectangles (from challenge 6)")),
    (10, _("Base + rectangles + diagonals (from challenge 10)")),
    (15, _("Every piece (from challenge 15)")),
]
SET_STARTS = tuple(number for number, _label in PIECE_SET_CHOICES)
"""The challenge numbers from which a piece set is dealt (the base set from 1)."""


def set_name(number: int) -> str:
    """The published name of the piece set of challenge ``number``: ``"base"`` or ``"challenge-N"``, N the
    number its set starts at (the names of docs/fair-deal-vectors.json).

    >>> [set_name(n) for n in (1, 5, 6, 9, 10, 14, 15, 32)]
    ['base', 'base', 'challenge-6', 'challenge-6', 'challenge-10', 'challenge-10', 'challenge-15', 'challenge-15']
    """
    start = max(first for first in SET_STARTS if first <= number)
    return "base" if start == 1 else f"challenge-{start}"


def validate_board_text(text: str) -> None:
    """Check a start board typed as 8 lines of 8 ``.``/``#``, with no full row or column.

    :raises ValidationError: code ``board_shape`` (not 8×8 of ``.``/``#``) or
        ``board_full_line`` (a full row or column: docs/rules.md § The fair deal).
    """
    rows = [line.strip() for line in text.strip().splitlines()]
    if len(rows) != 8 or any(len(row) != 8 or set(row) - {".", "#"} for row in rows):
        raise ValidationError(
            _("Type 8 lines of 8 characters, “#” for a block and “.” for an empty cell."), code="board_shape"
        )
    full_rows, full_cols = engine.full_lines(engine.from_rows(rows))
    if full_rows or full_cols:
        raise ValidationError(
            _("A start board may not have a full line (rows %(rows)s, columns %(cols)s are full)."),
            code="board_full_line",
            params={"rows": list(full_rows), "cols": list(full_cols)},
        )


class Challenge(models.Model):
    """One rung of the ladder: challenge ``number`` with its target score and start board.

    ``start_board`` is 8 lines of ``.``/``#``, row 0 first. The piece set is the
    number's (base; +R6 from 6; +D2/D3 from 10; +X5/T5/U5 from 15) unless staff set
    ``piece_set``. What games are played under is the published version of this definition
    (:meth:`publish`); saving a changed definition publishes the next one.
    """

    number = models.PositiveSmallIntegerField(_("number"), unique=True)
    target = models.PositiveIntegerField(_("target score"))
    start_board = models.TextField(
        _("start board"),
        default="\n".join(["........"] * 8),
        validators=[validate_board_text],
        help_text=_("8 lines of 8 characters: “#” a block, “.” empty. No full row or column."),
    )
    piece_set = models.PositiveSmallIntegerField(
        _("piece set"),
        choices=PIECE_SET_CHOICES,
        null=True,
        blank=True,
        help_text=_("Leave empty to use the set of this challenge's number."),
    )
    active = models.BooleanField(
        _("active"), default=True, help_text=_("Inactive challenges are hidden and cannot be started.")
    )

    class Meta:
        verbose_name = _("challenge")
        verbose_name_plural = _("challenges")
        ordering = ["number"]

    def __str__(self) -> str:
        return _("Challenge %(number)s") % {"number": self.number}

    def save(self, *args, **kwargs) -> None:
        """Save the rung and publish its definition if it changed (a new :class:`ChallengeVersion`), holding
        the rung's row lock to the end: a game start takes it too (:func:`game.services.game_start`), so no game
        of the older version gets an id after the new version's first game."""
        with transaction.atomic():
            if self.pk is not None:
                Challenge.objects.select_for_update().filter(pk=self.pk).first()
            super().save(*args, **kwargs)
            self.publish()

    def publish(self) -> "ChallengeVersion":
        """The published version of the current definition: the latest one if it is the same, else the
        next version, written now. Idempotent; a game's start calls it too, so a rung changed without
        :meth:`save` (a queryset update) is still played under a version that says what it was."""
        latest = self.versions.order_by("-version").first()
        if latest is not None and latest.definition == self.definition:
            return latest
        with transaction.atomic():  # two starts after a queryset edit: the second finds the first's version
            Challenge.objects.select_for_update().filter(pk=self.pk).first()
            latest = self.versions.order_by("-version").first()
            if latest is not None and latest.definition == self.definition:
                return latest
            target, board, piece_set = self.definition
            return self.versions.create(
                version=latest.version + 1 if latest else 1, target=target, start_board=board, piece_set=piece_set
            )

    @property
    def definition(self) -> tuple[int, str, int]:
        """``(target, start board as 64 characters row 0 first, number whose piece set is dealt)``."""
        return self.target, "".join(self.board_rows), self.piece_set or self.number

    @property
    def board_rows(self) -> list[str]:
        return [line.strip() for line in self.start_board.strip().splitlines()]

    @property
    def board(self) -> engine.Bitboard:
        return engine.from_rows(self.board_rows)

    @property
    def pieces(self) -> tuple[engine.Piece, ...]:
        return engine.ruleset(engine.CURRENT_RULES).piece_set(self.piece_set or self.number)

    @property
    def rules(self) -> engine.Rules:
        """The engine rules of a new game of this challenge (the current rules version)."""
        return engine.challenge_rules(self.number, self.target, self.pieces)


class ChallengeVersion(models.Model):
    """One published definition of a challenge: written once, never changed (docs/api.md ``GET /api/challenges/``).

    ``start_board`` is 64 characters, row 0 first (as ``Game.start_board``); ``piece_set`` the
    challenge number whose set is dealt, under the game's rules version.
    """

    challenge = models.ForeignKey(
        Challenge, on_delete=models.PROTECT, related_name="versions", verbose_name=_("challenge")
    )
    version = models.PositiveSmallIntegerField(_("version"))
    target = models.PositiveIntegerField(_("target score"))
    start_board = models.CharField(_("start board"), max_length=64)
    piece_set = models.PositiveSmallIntegerField(_("piece set"))
    published_at = models.DateTimeField(_("published"), default=timezone.now)
    from_game = models.PositiveBigIntegerField(
        _("from game"),
        null=True,
        blank=True,
        help_text=_("The id of the first game played under this version (empty until one is)."),
    )

    class Meta:
        verbose_name = _("challenge version")
        verbose_name_plural = _("challenge versions")
        ordering = ["challenge__number", "version"]
        constraints = [models.UniqueConstraint(fields=["challenge", "version"], name="challenge_version_once")]

    def __str__(self) -> str:
        return _("Challenge %(number)s, version %(version)s") % {
            "number": self.challenge.number,
            "version": self.version,
        }

    @property
    def definition(self) -> tuple[int, str, int]:
        """As :attr:`Challenge.definition`."""
        return self.target, self.start_board, self.piece_set

    @property
    def board_rows(self) -> list[str]:
        return [self.start_board[r * 8 : (r + 1) * 8] for r in range(8)]

    @property
    def board(self) -> engine.Bitboard:
        return engine.from_rows(self.board_rows)

    @property
    def set_name(self) -> str:
        return set_name(self.piece_set)

    @property
    def rules(self) -> engine.Rules:
        """The engine rules of a new game of this version (the current rules version)."""
        number = self.challenge.number
        return engine.challenge_rules(
            number, self.target, engine.ruleset(engine.CURRENT_RULES).piece_set(self.piece_set)
        )
