"""The Daily's result to share, without spoilers (at most six short lines, as
Wordle's): a few lines of text, built on the server.

In the player's language (the active one)::

    Block Knock! Daily #2 · Dec. 1, 2026
    Score 1,230 · Rank 3
    🟦⬜🟩⬜⬜✨⬜🟧
    ⬜🟦
    https://example.com/daily/

- **The Daily's number**: the days since the first Daily, :data:`FIRST_DAILY`, which
  is number 1 (the Daily of ``day`` is ``(day − FIRST_DAILY).days + 1``, game calendar).
- **Rank**: the game's competition rank among that day's finished Dailies, as the
  day's leaderboard ranks them (1 + the finished Dailies of the day that scored more);
  only for a finished game, and the day's board may still change until the day closes.
- **A compact picture of the game**: at most :data:`PICTURE_CELLS` emojis,
  :data:`EMOJIS_PER_LINE` a line, each showing how many lines a hand's moves cleared together
  (:data:`HAND_EMOJIS`): ⬜ none, 🟦 one, 🟩 two, 🟧 three or more, ✨ a move of it emptied the
  board. A longer game shares its hands in :data:`PICTURE_CELLS` runs of consecutive hands, each
  showing its best hand (:func:`picture`). No board, no piece, no position.
- Then the link to the site's Daily page.
"""

from __future__ import annotations

import datetime as dt

from django.utils.formats import date_format, number_format
from django.utils.translation import gettext as _

from ..history import game_review
from ..models import FINISHED, Game

__all__ = [
    "EMOJIS_PER_LINE",
    "EMPTIED",
    "FIRST_DAILY",
    "HAND_EMOJIS",
    "PICTURE_CELLS",
    "daily_number",
    "daily_rank",
    "daily_share_text",
    "picture",
]

FIRST_DAILY = dt.date(2026, 11, 30)
"""The day of Daily number 1 (the site's first day, game calendar)."""

HAND_EMOJIS = ("⬜", "🟦", "🟩", "🟧")
"""A hand's emoji by the lines it cleared: none, one, two, three or more (the last one)."""

EMPTIED = "✨"
"""A hand in which a move emptied the board."""

EMOJIS_PER_LINE = 8
"""Emojis per line of the picture."""

PICTURE_CELLS = 3 * EMOJIS_PER_LINE
"""The picture's most emojis: three lines, so the text is at most six (title, score, picture, link)."""


def daily_number(day: dt.date) -> int:
    """The Daily's number: 1 on :data:`FIRST_DAILY`, one more each day.

    >>> daily_number(FIRST_DAILY), daily_number(dt.date(2026, 12, 31))
    (1, 32)
    """
    return (day - FIRST_DAILY).days + 1


def _hand_levels(moves: list[dict]) -> list[int]:
    """Per hand, in order: the lines its moves cleared together, capped at the last of :data:`HAND_EMOJIS`,
    or ``len(HAND_EMOJIS)`` where a move of it emptied the board (the best a hand can show)."""
    lines: dict[int, int] = {}
    emptied: set[int] = set()
    for move in moves:
        lines[move["deal"]] = lines.get(move["deal"], 0) + move["played"]["lines"]
        if move["emptied"]:
            emptied.add(move["deal"])
    top = len(HAND_EMOJIS) - 1
    return [top + 1 if deal in emptied else min(count, top) for deal, count in lines.items()]


def _emoji(level: int) -> str:
    return EMPTIED if level == len(HAND_EMOJIS) else HAND_EMOJIS[level]


def picture(moves: list[dict]) -> list[str]:
    """The share's picture: one emoji per hand up to :data:`PICTURE_CELLS` hands; past that, the hands in
    :data:`PICTURE_CELLS` runs as even as can be (run ``i`` of ``n`` hands: ``i·n//cells`` up to
    ``(i+1)·n//cells``), each its best hand's emoji. Lines of :data:`EMOJIS_PER_LINE`.

    >>> def move(deal, lines):
    ...     return {"deal": deal, "played": {"lines": lines}, "emptied": False}
    >>> picture([move(deal, 1 if deal == 30 else 0) for deal in range(48)])
    ['⬜⬜⬜⬜⬜⬜⬜⬜', '⬜⬜⬜⬜⬜⬜⬜🟦', '⬜⬜⬜⬜⬜⬜⬜⬜']
    """
    levels = _hand_levels(moves)
    cells = min(len(levels), PICTURE_CELLS)
    runs = [levels[i * len(levels) // cells : (i + 1) * len(levels) // cells] for i in range(cells)]
    emojis = "".join(_emoji(max(run)) for run in runs)
    return [emojis[i : i + EMOJIS_PER_LINE] for i in range(0, len(emojis), EMOJIS_PER_LINE)]


def daily_rank(game: Game) -> int | None:
    """The Daily's rank on its day's board (ties share a rank), or ``None`` while it is not on it (not finished)."""
    if not game.is_finished:
        return None
    higher = Game.objects.filter(mode=game.mode, day=game.day, status__in=FINISHED, score__gt=game.score).count()
    return higher + 1


def daily_share_text(*, game: Game, link: str) -> str:
    """The text "Share" offers for a finished Daily, in the active language (see the module docstring)."""
    head = _("%(game)s Daily #%(number)s · %(date)s") % {
        "game": _("Block Knock!"),
        "number": daily_number(game.day),
        "date": date_format(game.day, "DATE_FORMAT"),
    }
    result = [_("Score %(score)s") % {"score": number_format(game.score, force_grouping=True)}]
    rank = daily_rank(game)
    if rank is not None:
        result.append(_("Rank %(rank)s") % {"rank": number_format(rank, force_grouping=True)})
    return "\n".join([head, " · ".join(result), *picture(game_review(game=game)["moves"]), link])
