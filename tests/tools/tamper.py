"""Tampered copies of real replays, the same for both verifiers (the tamper cases).

Each function takes a replay as the API publishes it (docs/api.md ``Replay``) and returns
``(tampered copy, the 1-based step the change is at, or None for a game-wide change)``.
The hands a tamperer adds are dealt correctly, by the standalone verifier's own rule,
so that only the rule under test can refuse them.
"""

from __future__ import annotations

import copy
import datetime as dt

from game import engine
from tools import verify_deal as vd

EMPTY = ["........"] * 8


def _view(hand: list[vd.Piece]) -> list[dict]:
    return [
        {"slot": slot, "piece": piece.id, "cells": [list(cell) for cell in piece.cells], "used": False}
        for slot, piece in enumerate(hand)
    ]


def deals(replay: dict) -> int:
    """How many hands the game dealt: the first, one after each hand's last piece, one per Continue."""
    count, used = 1, 0
    for step in replay["steps"]:
        if step.get("continue"):
            count, used = count + 1, 0
            continue
        used += 1
        if used == 3:
            count, used = count + 1, 0
    return count - (replay["game"]["status"] == "won" and used == 0)


def extra_continue(replay: dict) -> tuple[dict, int]:
    """A Continue at the game's final "No moves left", its hand dealt by the rule (the next deal number)."""
    forged = copy.deepcopy(replay)
    fair, k = forged["game"]["fair"], deals(replay)
    head = vd.deal_message_head(fair["dealer"], fair["client_seed"] or "", k, vd.deal_label(forged["game"]))
    stream = vd.Stream(bytes.fromhex(fair["server_seed"]), head, k)
    pieces = [vd.Piece(entry["piece"], entry["cells"]) for entry in forged["piece_set"]]
    hand = vd.deal_hand(vd.parse_board(forged["game"]["board"]), pieces, stream)
    forged["steps"].append({"continue": True, "hand": _view(hand), "board": forged["game"]["board"]})
    forged["game"]["hand"] = _view(hand)
    return forged, len(forged["steps"])


def filled_start(replay: dict) -> tuple[dict, None]:
    """One more block on the start board, in a corner."""
    forged = copy.deepcopy(replay)
    forged["start_board"] = ["#" + forged["start_board"][0][1:], *forged["start_board"][1:]]
    return forged, None


def relabelled(replay: dict, mode: str) -> tuple[dict, None]:
    """The game shown as a game of another mode (no challenge number, version or target)."""
    forged = copy.deepcopy(replay)
    forged["game"].update(mode=mode, challenge=None, challenge_version=None, target=None)
    return forged, None


def as_challenge(replay: dict, number: int, target: int) -> tuple[dict, None]:
    """The game shown as challenge ``number``'s first version, with ``target``."""
    forged = copy.deepcopy(replay)
    forged["game"].update(mode="challenge", challenge=number, challenge_version=1, target=target)
    return forged, None


def retargeted(replay: dict, target: int) -> tuple[dict, None]:
    """The game's target changed (a lost game: the moves never reach either)."""
    forged = copy.deepcopy(replay)
    forged["game"]["target"] = target
    return forged, None


def start_of(replay: dict, board: list[str]) -> tuple[dict, None]:
    """The game shown as started on ``board`` (re-dealt there: a tamperer deals its hands by the rule)."""
    forged = copy.deepcopy(replay)
    forged["start_board"] = list(board)
    return forged, None


def without_decline(replay: dict) -> tuple[dict, None]:
    """The No thanks step dropped: a declined game shown as one that ran out."""
    forged = copy.deepcopy(replay)
    forged["steps"] = [step for step in forged["steps"] if not step.get("decline")]
    return forged, None


def with_decline(replay: dict) -> tuple[dict, int]:
    """A No thanks step added after the last: a game that ran out (its Continue used) shown as declined."""
    forged = copy.deepcopy(replay)
    last = forged["game"]
    forged["steps"].append({"decline": True, "hand": copy.deepcopy(last["hand"]), "board": list(last["board"])})
    return forged, len(forged["steps"])


def restatus(replay: dict, status: str) -> tuple[dict, None]:
    """The game shown as ended with ``status`` (its stars and their breakdown left as they were)."""
    forged = copy.deepcopy(replay)
    forged["game"]["status"] = status
    return forged, None


def older_dealer(replay: dict, dealer: str = "2") -> tuple[dict, None]:
    """The game shown as dealt by an older dealer (its hands as the replay shows them: they differ from its)."""
    forged = copy.deepcopy(replay)
    forged["game"]["fair"]["dealer"] = dealer
    return forged, None


def on_day(replay: dict, day: str) -> tuple[dict, None]:
    """A Daily shown as another day's (its seeds and hands as they were)."""
    forged = copy.deepcopy(replay)
    forged["game"]["day"] = day
    return forged, None


def renumbered(replay: dict, number: int) -> tuple[dict, None]:
    """A challenge shown under another number."""
    forged = copy.deepcopy(replay)
    forged["game"]["challenge"] = number
    return forged, None


def first_hands(replay: dict, label: str) -> tuple[list[str], list[str]]:
    """``(the first hand replay shows, the one the engine's dealer 4 deals for label)``: from the replay's seeds
    and start board, with the base set; what a checker re-deals for a game shown under ``label``."""
    fair, shown = replay["game"]["fair"], [entry["piece"] for entry in replay["steps"][0]["hand"]]
    stream = engine.LabelledStream(bytes.fromhex(fair["server_seed"]), fair["client_seed"], 0, label)
    dealt = engine.deal_hand(engine.from_rows(replay["start_board"]), engine.BASE_SET, stream)
    return shown, [piece.id for piece in dealt]


def first_move(replay: dict) -> int:
    """The 1-based number of the replay's first move step."""
    return next(n for n, step in enumerate(replay["steps"], 1) if "move" in step)


def changed_points(replay: dict) -> tuple[dict, int]:
    """Ten more points on the first move, and ten more on the final score, so that they still add up."""
    forged, number = copy.deepcopy(replay), first_move(replay)
    forged["steps"][number - 1]["result"]["points"] += 10
    forged["game"]["score"] += 10
    return forged, number


def changed_score(replay: dict) -> tuple[dict, None]:
    forged = copy.deepcopy(replay)
    forged["game"]["score"] += 10
    return forged, None


def changed_stars(replay: dict) -> tuple[dict, None]:
    """One more star, its breakdown changed to match (one more for the score)."""
    forged = copy.deepcopy(replay)
    forged["game"]["stars"] += 1
    for name in ("score_bonus", "earned", "paid"):
        forged["stars_detail"][name] += 1
    return forged, None


def with_id(replay: dict, game_id: int) -> tuple[dict, None]:
    """The game shown under another id (a saved file's id is the file's word: nothing else in it changes)."""
    forged = copy.deepcopy(replay)
    forged["game"]["id"] = str(game_id)
    return forged, None


def replaced_ladder(ladder: list[dict], replay: dict, first: int) -> list[dict]:
    """``ladder`` as it stands once the replay's challenge has a harder version 2, published a minute after the
    game's own ``started`` (so that time places the game before it) and first dealt in game ``first``: what a
    server dealing the older, easier version on, its games' ``started`` backdated, would have published."""
    game = replay["game"]
    one = next(e for e in ladder if (e["number"], e["version"]) == (game["challenge"], game["challenge_version"]))
    later = dt.datetime.fromisoformat(game["started"]) + dt.timedelta(minutes=1)
    two = {**one, "version": one["version"] + 1, "target": one["target"] + 500}
    two |= {"published": later.isoformat(), "from_game": first}
    return [*ladder, two]
