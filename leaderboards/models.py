"""Each player's best entry on each leaderboard, kept as games finish."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

#: board order: higher value first; among equals the earlier finished game, then the lower game id
BOARD_ORDER = ("-value", "finished_at", "game_id")


class Standing(models.Model):
    """A player's best entry on one board: one row per player per board.

    Derived data: the games are the record, and ``manage.py rebuild_leaderboards``
    recomputes every row from them. Rows are written when a game finishes
    (:func:`leaderboards.services.standing_record`), so a new best is on the board
    at once, and a board page or a player's rank is an index range scan over one
    row per player instead of an aggregate over all their games.

    ``board`` is the board's key (:attr:`leaderboards.boards.Board.key`), e.g.
    ``"classic-week:2026-03-09"``, ``"classic-all"``, ``"challenge"``,
    ``"daily:2026-03-09"``.
    """

    board = models.CharField(_("board"), max_length=32)
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="standings", verbose_name=_("player")
    )
    value = models.PositiveIntegerField(_("value"), help_text=_("Score, or the highest challenge won."))
    finished_at = models.DateTimeField(_("finished"))
    game = models.ForeignKey("game.Game", on_delete=models.CASCADE, related_name="+", verbose_name=_("game"))

    class Meta:
        verbose_name = _("standing")
        verbose_name_plural = _("standings")
        constraints = [models.UniqueConstraint(fields=["board", "player"], name="standing_one_per_player")]
        indexes = [
            # pages (ORDER BY value DESC, finished_at, game_id) and positions among equal values
            models.Index(fields=["board", "-value", "finished_at", "game"], name="standing_board_order"),
            # ranks: COUNT(value > x). Equal (board, value) keys deduplicate, so this index is a
            # fraction of the size of the one above and a count scans ~3x faster
            models.Index(fields=["board", "value"], name="standing_board_value"),
        ]

    def __str__(self) -> str:
        return f"{self.board} · {self.player_id}: {self.value}"
