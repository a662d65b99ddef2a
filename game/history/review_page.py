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

from .. import engine

__all__ = ["KEY_MOMENTS", "ReviewPage", "board_cells", "piece_name", "review_page"]

KEY_MOMENTS = 24
"""At most this many key moves (lost hands first, then the biggest missed clears) are listed as links."""

SAFE, BETTER = "safe", "better"
"""Kinds of hint drawn on a move's board (CSS modifiers in static/css/review.css)."""


def _n(value: int) -> str:
    return number_format(value, force_grouping=True)


def piece_name(piece_id: str) -> str:
    """A piece as a player calls it: by its shape's family ("the L piece", "a 3-block bar"), in the active language."""
    family = engine.PIECES[piece_id].family
    sized = {"I": _("the %(size)s-block bar"), "D": _("the %(size)s-block diagonal")}
    if family[0] in sized and family[1:].isdigit():
        return sized[family[0]] % {"size": family[1:]}
    names = {
        "mono": _("the single block"),
        "V3": _("the small corner"),
        "O4": _("the 2×2 square"),
        "L4": _("the L piece"),
        "T4": _("the T piece"),
        "S4": _("the zigzag"),
        "V5": _("the big corner"),
        "O9": _("the 3×3 square"),
        "R6": _("the 2×3 block"),
        "X5": _("the plus"),
        "T5": _("the big T"),
        "U5": _("the U piece"),
    }
    return names[family]


def _where(option: dict) -> dict:
    return {"piece": piece_name(option["piece"]), "row": _n(option["row"] + 1), "col": _n(option["col"] + 1)}


def _sentence(parts: list[str]) -> str:
    return pgettext("sentence", "%(text)s.") % {"text": pgettext("list", ", ").join(parts)}


def _played(move: dict) -> str:
    played = move["played"]
    parts = [
        _("You put %(piece)s at row %(row)s, column %(col)s: %(points)s points")
        % {**_where(played), "points": _n(played["points"])}
    ]
    if played["lines"]:
        parts.append(
            ngettext("%(lines)s line cleared", "%(lines)s lines cleared", played["lines"])
            % {"lines": _n(played["lines"])}
        )
    if played["combo"] > 1:
        parts.append(_("combo ×%(combo)s") % {"combo": _n(played["combo"])})
    if move["emptied"]:
        parts.append(_("board cleared"))
    return _sentence(parts)


def _stuck(rest: list[str]) -> str:
    """The stranding sentence, naming the pieces of the hand left without room."""
    names = [piece_name(piece) for piece in rest]
    if len(names) == 1:
        return _("This move left no room for %(piece)s.") % {"piece": names[0]}
    return _("This move left no room for both %(first)s and %(second)s.") % {"first": names[0], "second": names[1]}


def _hand_verdict(move: dict, rest: list[str]) -> list[str]:
    if move["stranded"]:
        found = [_stuck(rest)]
        if move["safe"]:
            found.append(
                _(
                    "Putting %(piece)s at row %(row)s, column %(col)s instead"
                    " would have left room for the whole hand (striped on the board)."
                )
                % _where(move["safe"])
            )
        return found
    if not move["hand_placeable"]:
        return [_("The rest of the hand had no room left.")]
    if not rest:
        return [_("That was the hand's last piece.")]
    return [_("The rest of the hand still had room.")]


def _missed(move: dict, drawn: bool) -> list[str]:
    better = move["better"]
    if better is None:
        return []
    values = {**_where(better), "more": _n(better["points"] - move["played"]["points"])}
    found = [
        ngettext(
            "You could have cleared %(lines)s line here for %(more)s more points:"
            " %(piece)s at row %(row)s, column %(col)s.",
            "You could have cleared %(lines)s lines here for %(more)s more points:"
            " %(piece)s at row %(row)s, column %(col)s.",
            better["lines"],
        )
        % {**values, "lines": _n(better["lines"])}
    ]
    if drawn:
        found.append(_("That spot is striped on the board."))
    if move["combo_lost"]:
        found.append(_("It would also have kept your combo going (×%(combo)s).") % {"combo": _n(better["combo"])})
    return found


def _luck(hand: dict, set_size: int) -> str:
    """How much room the board had when ``hand`` was dealt: of the set's pieces, how many could have come."""
    values = {"number": _n(hand["deal"] + 1), "eligible": _n(hand["luck"]), "pieces": _n(set_size)}
    if hand["luck"] == set_size:
        return _("Hand %(number)s: room for every piece, so any of the %(pieces)s could have come.") % values
    return _("Hand %(number)s: a tight board, only %(eligible)s of the %(pieces)s pieces could have come.") % values


def _hardest(hands: list[dict], set_size: int) -> str:
    """The summary's line on the deal: the hand dealt on the tightest board, or that every hand had room."""
    tightest = min(hands, key=lambda hand: (hand["luck"], hand["deal"]))
    if tightest["luck"] == set_size:
        return _("The board always had room for every piece: any of the %(pieces)s could have come in each hand.") % {
            "pieces": _n(set_size)
        }
    return _("Your hardest hand: hand %(number)s, when only %(eligible)s of the %(pieces)s pieces could have come.") % {
        "number": _n(tightest["deal"] + 1),
        "eligible": _n(tightest["luck"]),
        "pieces": _n(set_size),
    }


@dataclass(frozen=True)
class ReviewPage:
    """The page's data: ``moves`` (one dict per move, for the script), the ``key`` moves, the deal's line."""

    moves: list[dict]
    key: list[dict]
    key_more: int
    hardest: str


def _view(move: dict, total: int, hand: dict, set_size: int, rest: list[str]) -> dict:
    hint = move["safe"] if move["stranded"] and move["safe"] else move["better"]
    kind = SAFE if hint is move["safe"] and hint is not None else BETTER if hint else ""
    title = _("Move %(number)s of %(total)s") % {"number": _n(move["number"] + 1), "total": _n(total)}
    verdicts = [_played(move), *_hand_verdict(move, rest), *_missed(move, kind == BETTER)]
    return {
        "number": move["number"] + 1,
        "title": title,
        "hand": _luck(hand, set_size),
        "board": move["board"],
        "played": move["played"]["cells"],
        "hint": hint["cells"] if hint else [],
        "hint_kind": kind,
        "lost": move["stranded"],
        "missed": move["better"] is not None,
        "verdicts": verdicts,
    }


def _key_label(move: dict) -> str:
    """What a move worth a look did: got stuck, missed a clear, or both (one line)."""
    if not move["better"]:
        return _("got stuck")
    more = {"more": _n(move["better"]["points"] - move["played"]["points"])}
    if move["stranded"]:
        return _("got stuck and missed a clear, %(more)s more points") % more
    return _("missed a clear, %(more)s more points") % more


def _key(moves: list[dict]) -> tuple[list[dict], int]:
    lost = [m for m in moves if m["stranded"]]
    missed = sorted(
        (m for m in moves if m["better"] and not m["stranded"]),
        key=lambda m: m["played"]["points"] - m["better"]["points"],
    )
    found = [{"number": m["number"] + 1, "label": _key_label(m)} for m in lost + missed]
    return found[:KEY_MOMENTS], max(0, len(found) - KEY_MOMENTS)


def review_page(review: dict) -> ReviewPage:
    """The page data of a :func:`~game.history.review.game_review` answer, in the active language."""
    moves, hands = review["moves"], {hand["deal"]: hand for hand in review["hands"]}
    views = []
    used: dict[int, set[int]] = {}  # the slots placed so far by deal
    for move in moves:
        placed = used.setdefault(move["deal"], set())
        placed.add(move["played"]["slot"])
        pieces = hands[move["deal"]]["pieces"]
        rest = [piece for slot, piece in enumerate(pieces) if slot not in placed]
        views.append(_view(move, len(moves), hands[move["deal"]], review["set_size"], rest))
    key, more = _key(moves)
    return ReviewPage(views, key, more, _hardest(review["hands"], review["set_size"]))


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
