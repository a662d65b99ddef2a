"""A separate brute-force solver for the deal's tests, and self-play that records every hand dealt.

The solver uses plain cell-set geometry — it shares nothing with the engine's
bitboards, anchor tables or search, only the pieces' cell lists (checked against
the contract in test_pieces.py).
"""

import itertools

from game.engine.board import place
from game.engine.game import Status, continue_game, legal_moves, new_game, play

# ---------------------------------------------------------------------------
# The separate brute-force solver: sets of (row, col) cells, every order, every anchor.
# ---------------------------------------------------------------------------

RANGE8 = range(8)


def naive_drop(filled, shape, row, col):
    """Place ``shape`` (a tuple of (dr, dc)) at (row, col) on the cell set ``filled``;
    return the cell set after clears, or None when it leaves the board or overlaps."""
    new = [(row + dr, col + dc) for dr, dc in shape]
    for r, c in new:
        if r > 7 or c > 7 or (r, c) in filled:
            return None
    after = filled | set(new)
    full_rows = {r for r in RANGE8 if all((r, c) in after for c in RANGE8)}
    full_cols = {c for c in RANGE8 if all((r, c) in after for r in RANGE8)}
    if full_rows or full_cols:
        after = {(r, c) for r, c in after if r not in full_rows and c not in full_cols}
    return frozenset(after)


def naive_in_order(filled, shapes):
    if not shapes:
        return True
    first, rest = shapes[0], shapes[1:]
    for row in RANGE8:
        for col in RANGE8:
            after = naive_drop(filled, first, row, col)
            if after is not None and naive_in_order(after, rest):
                return True
    return False


def naive_can_place_all(filled_cells, shapes):
    """Brute force: is there an order (of all permutations) and anchors placing every shape?"""
    filled = frozenset(filled_cells)
    return any(naive_in_order(filled, list(order)) for order in dict.fromkeys(itertools.permutations(shapes)))


def board_cells(board):
    return {(index // 8, index % 8) for index in range(64) if board >> index & 1}


def hand_shapes(hand):
    return [tuple(piece.cells) for piece in hand]


# ---------------------------------------------------------------------------
# Self-play: bots that only see legal moves.
# ---------------------------------------------------------------------------


def random_bot(state, rng):
    return rng.choice(list(legal_moves(state)))


def greedy_bot(state, rng):
    """Most points now (lines first), among a sample of the legal moves; ties at random."""
    moves = list(legal_moves(state))
    if len(moves) > 60:
        moves = rng.sample(moves, 60)
    best, best_key = None, None
    for slot, row, col in moves:
        placed = place(state.board, state.hand[slot], row, col)
        key = (placed.lines, placed.squares, rng.random())
        if best_key is None or key > best_key:
            best, best_key = (slot, row, col), key
    return best


def self_play_hands(rules, seed, bot, rng, max_moves, **deal):
    """Every ``(board, hand)`` dealt in one self-played game (``deal``: ``dealer``, ``client_seed``)."""
    state = new_game(rules, seed, **deal)
    dealt = [(state.board, state.hand)]
    moves = 0
    while moves < max_moves:
        if state.status == Status.NO_MOVES:
            state = continue_game(state)
            dealt.append((state.board, state.hand))
            continue
        if state.status != Status.PLAYING:
            break
        deals = state.deals
        state, _ = play(state, *bot(state, rng))
        moves += 1
        if state.deals != deals:
            dealt.append((state.board, state.hand))
    return dealt
