"""What the review page shows: each move's verdicts as sentences in the player's language, and the board to draw.

Built from :func:`~game.history.review.game_review` (cached data) at render time,
in the active language. Rows, columns, pieces and moves are counted from 1 for
players. A move's board is drawn with the piece as played (``played`` cells) and,
where there is one, a better placement (``hint`` cells): the safe placement of a
move that lost its hand, else a missed clear.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from ..engine import HAND_SIZE

__all__ = ["KEY_MOMENTS", "ReviewPage", "board_cells", "review_page"]

KEY_MOMENTS = 24
"""At most this many key moves (lost hands first, then the biggest missed clears) are listed as links."""

SAFE, BETTER = "safe", "better"
"""Kinds of hint drawn on a move's board (CSS modifiers in static/css/review.css)."""


def _n(value: int) -> str:
    return number_format(value, force_grouping=True)


def _where(option: dict) -> dict:
    return {"piece": option["slot"] + 1, "row": option["row"] + 1, "col": option["col"] + 1}


def _played(move: dict) -> str:
    played = move["played"]
    parts = [
        _("Piece %(piece)s at row %(row)s, column %(col)s: %(points)s points")
        % {**_where(played), "points": _n(played["points"])}
    ]
    if played["lines"]:
        parts.append(ngettext("%(lines)s line", "%(lines)s lines", played["lines"]) % {"lines": _n(played["lines"])})
    if played["combo"] > 1:
        parts.append(_("combo ×%(combo)s") % {"combo": _n(played["combo"])})
    if move["emptied"]:
        parts.append(_("board cleared"))
    return pgettext("sentence", "%(text)s.") % {"text": pgettext("list", ", ").join(parts)}


def _hand_verdict(move: dict, last_of_hand: bool) -> list[str]:
    if move["stranded"]:
        found = [_("This move lost the hand: after it, the rest of the hand could no longer all be placed.")]
        if move["safe"]:
            found.append(
                _(
                    "Piece %(piece)s at row %(row)s, column %(col)s "
                    "would have kept the whole hand placeable (drawn with stripes)."
                )
                % _where(move["safe"])
            )
        return found
    if not move["hand_placeable"]:
        return [_("The rest of the hand could no longer all be placed.")]
    if last_of_hand:
        return [_("That was the hand's last piece.")]
    return [_("The rest of the hand could still be placed.")]


def _missed(move: dict, drawn: bool) -> list[str]:
    better = move["better"]
    if better is None:
        return []
    values = {**_where(better), "points": _n(better["points"]), "more": _n(better["points"] - move["played"]["points"])}
    found = [
        ngettext(
            "Missed clear: row %(row)s, column %(col)s would have completed %(lines)s line "
            "for %(points)s points (%(more)s more).",
            "Missed clear: row %(row)s, column %(col)s would have completed %(lines)s lines "
            "for %(points)s points (%(more)s more).",
            better["lines"],
        )
        % {**values, "lines": _n(better["lines"])}
    ]
    if drawn:
        found.append(_("It is drawn with stripes."))
    if move["combo_lost"]:
        found.append(_("It would also have kept the combo going (×%(combo)s).") % {"combo": _n(better["combo"])})
    return found


@dataclass(frozen=True)
class ReviewPage:
    """The page's data: ``moves`` (one dict per move, for the script), the ``key`` moves, the tightest deal."""

    moves: list[dict]
    key: list[dict]
    key_more: int
    tightest: dict | None


def _view(move: dict, total: int, hand: dict, set_size: int, last_of_hand: bool) -> dict:
    hint = move["safe"] if move["stranded"] and move["safe"] else move["better"]
    kind = SAFE if hint is move["safe"] and hint is not None else BETTER if hint else ""
    title = _("Move %(number)s of %(total)s") % {"number": _n(move["number"] + 1), "total": _n(total)}
    hand_line = _("Hand %(number)s: %(eligible)s of %(pieces)s pieces could be dealt") % {
        "number": _n(hand["deal"] + 1),
        "eligible": _n(hand["luck"]),
        "pieces": _n(set_size),
    }
    verdicts = [_played(move), *_hand_verdict(move, last_of_hand), *_missed(move, kind == BETTER)]
    return {
        "number": move["number"] + 1,
        "title": title,
        "hand": hand_line,
        "board": move["board"],
        "played": move["played"]["cells"],
        "hint": hint["cells"] if hint else [],
        "hint_kind": kind,
        "lost": move["stranded"],
        "missed": move["better"] is not None,
        "verdicts": verdicts,
    }


def _key(moves: list[dict]) -> tuple[list[dict], int]:
    lost = [{"number": m["number"] + 1, "label": _("lost the hand")} for m in moves if m["stranded"]]
    missed = sorted((m for m in moves if m["better"]), key=lambda m: m["played"]["points"] - m["better"]["points"])
    found = lost + [
        {
            "number": m["number"] + 1,
            "label": _("missed clear, %(more)s points") % {"more": _n(m["better"]["points"] - m["played"]["points"])},
        }
        for m in missed
    ]
    return found[:KEY_MOMENTS], max(0, len(found) - KEY_MOMENTS)


def review_page(review: dict) -> ReviewPage:
    """The page data of a :func:`~game.history.review.game_review` answer, in the active language."""
    moves, hands = review["moves"], {hand["deal"]: hand for hand in review["hands"]}
    views = []
    placed: dict[int, int] = {}
    for move in moves:
        placed[move["deal"]] = placed.get(move["deal"], 0) + 1
        views.append(
            _view(move, len(moves), hands[move["deal"]], review["set_size"], placed[move["deal"]] == HAND_SIZE)
        )
    key, more = _key(moves)
    tightest = min(review["hands"], key=lambda hand: (hand["luck"], hand["deal"]), default=None)
    return ReviewPage(views, key, more, tightest)


def board_cells(view: dict) -> list[list[str]]:
    """A move's board as 8 rows of cell classes: ``is-filled`` before it, ``is-played``, ``is-hint is-hint--<kind>``."""
    played = {tuple(cell) for cell in view["played"]}
    hint = {tuple(cell) for cell in view["hint"]}
    grid = []
    for r, row in enumerate(view["board"]):
        classes = []
        for c, char in enumerate(row):
            names = ["is-filled"] if char == "#" else []
            if (r, c) in played:
                names.append("is-played")
            if (r, c) in hint:
                names += ["is-hint", f"is-hint--{view['hint_kind']}"]
            classes.append(" ".join(names))
        grid.append(classes)
    return grid
