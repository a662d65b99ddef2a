"""The Challenge ladder, edited by staff in the admin (docs/rules.md § Modes)."""

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext_lazy as _

from .. import engine

PIECE_SET_CHOICES = [
    (1, _("Base set (35 pieces)")),
    (6, _("Base + 2×3 rectangles (from challenge 6)")),
    (10, _("Base + rectangles + diagonals (from challenge 10)")),
    (15, _("Every piece (from challenge 15)")),
]


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
    ``piece_set``.
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
