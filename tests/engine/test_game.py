"""game/engine/game.py: turns, end of game, Continue, replay (docs/rules.md § Turn structure, § End of game)."""

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.engine.bitboard import ROW_MASKS, bit, from_rows, has_full_line
from game.engine.board import fits
from game.engine.deal import deal_hand
from game.engine.errors import (
    EngineError,
    IllegalMoveError,
    InvalidBoardError,
    InvalidMoveError,
    InvalidRulesError,
    NoContinueError,
    NotPlayingError,
    SlotUsedError,
)
from game.engine.game import (
    GameState,
    Status,
    apply_event,
    continue_game,
    decline,
    legal_moves,
    new_game,
    play,
    replay,
)
from game.engine.pieces import BASE_SET, PIECES, piece_set
from game.engine.rules import CLASSIC, DAILY, PRACTICE, Rules, challenge_rules
from game.engine.scoring import ClassicScoring, Combo
from game.engine.stream import DealStream

NO_COMBO = Combo()  # a default argument shared by the helpers (a Combo is immutable)

P = PIECES

# A checkerboard: only the monomino fits (no two empty cells side by side), and one
# monomino completes no line (every row and column has four holes).
CHECKER = sum(bit(r, c) for r in range(8) for c in range(8) if (r + c) % 2)


def state_with(
    board,
    hand_ids,
    *,
    rules=CLASSIC,
    used=(False, False, False),
    combo=NO_COMBO,
    score=0,
    status=Status.PLAYING,
    continues_left=None,
    deals=1,
    moves=0,
    seed=b"game-tests",
):
    return GameState(
        rules=rules,
        seed=seed,
        board=board,
        hand=tuple(P[i] for i in hand_ids),
        used=used,
        deals=deals,
        score=score,
        combo=combo,
        moves=moves,
        continues_left=rules.continues if continues_left is None else continues_left,
        status=status,
        dealer=1,
    )


# ---------------------------------------------------------------------------
# Rules and new games
# ---------------------------------------------------------------------------


def test_status_values_are_the_api_strings():
    assert [s.value for s in Status] == ["playing", "no_moves", "over", "won"]
    assert Status("no_moves") is Status.NO_MOVES
    assert Status.OVER == "over"


def test_the_modes_differ_only_by_their_rules_values():
    assert (CLASSIC.continues, DAILY.continues, PRACTICE.continues) == (1, 0, 0)
    assert CLASSIC.pieces == DAILY.pieces == PRACTICE.pieces == BASE_SET
    assert CLASSIC.scoring == DAILY.scoring == ClassicScoring(10, 100, 3_000, 3)
    assert PRACTICE.scoring != CLASSIC.scoring
    assert CLASSIC.target is DAILY.target is PRACTICE.target is None
    rules = challenge_rules(15, 12_000)
    assert (rules.continues, rules.target, rules.pieces, rules.challenge) == (1, 12_000, piece_set(15), 15)
    assert challenge_rules(2, 900, pieces=[P["mono"]]).pieces == (P["mono"],)


@pytest.mark.parametrize(
    "kwargs",
    [{"number": 0, "target": 100}, {"number": 3, "target": 0}, {"number": 3, "target": 10, "pieces": []}],
)
def test_impossible_challenge_rules_are_refused(kwargs):
    with pytest.raises(InvalidRulesError):
        challenge_rules(**kwargs)
    with pytest.raises(InvalidRulesError):
        Rules("x", BASE_SET, CLASSIC.scoring, continues=-1, version=1)


def test_a_new_game_deals_hand_zero_from_the_seed_and_starts_playing():
    state = new_game(CLASSIC, b"seed-1", dealer=1)
    assert state.hand == deal_hand(0, BASE_SET, DealStream(b"seed-1", 0))
    assert (state.board, state.used, state.deals) == (0, (False, False, False), 1)
    assert (state.score, state.moves) == (0, 0)
    assert (state.combo, state.continues_left, state.status) == (Combo(), 1, Status.PLAYING)
    assert new_game(DAILY, b"seed-1", dealer=1).continues_left == 0


def test_a_new_game_can_start_from_a_challenge_board():
    start = from_rows(["#......#"] * 7 + [".######."])
    state = new_game(challenge_rules(4, 1_500), b"seed-2", start, dealer=1)
    assert state.board == start
    assert state.hand == deal_hand(start, piece_set(4), DealStream(b"seed-2", 0))


def test_a_start_board_with_a_full_line_is_refused():
    with pytest.raises(InvalidBoardError):
        new_game(CLASSIC, b"s", ROW_MASKS[4], dealer=1)
    with pytest.raises(InvalidBoardError):
        new_game(CLASSIC, b"s", -5, dealer=1)
    with pytest.raises(TypeError):
        new_game(CLASSIC, "not bytes", dealer=1)


def test_the_same_start_and_seed_give_everyone_the_same_first_hand():
    start = from_rows(["........"] * 6 + ["##.##.##", "#.#.#.#."])
    assert new_game(DAILY, b"2025-01-01", start, dealer=1) == new_game(DAILY, b"2025-01-01", start, dealer=1)


# ---------------------------------------------------------------------------
# play: errors in API priority order, nothing changed on refusal
# ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("slot", "row", "col"), [(3, 0, 0), (-1, 0, 0), (0, 8, 0), (0, 0, -1), ("0", 0, 0), (None, 0, 0)]
)
def test_out_of_range_input_is_invalid_before_anything_else(slot, row, col):
    over = state_with(0, ["mono", "mono", "mono"], used=(True, True, False), status=Status.OVER)
    with pytest.raises(InvalidMoveError) as info:
        play(over, slot, row, col)
    assert info.value.code == "invalid"


def test_a_move_in_a_game_that_is_not_playing_is_refused_before_slot_and_placement_checks():
    for status in (Status.NO_MOVES, Status.OVER, Status.WON):
        state = state_with(0, ["O9", "O9", "O9"], used=(True, False, False), status=status)
        with pytest.raises(NotPlayingError) as info:
            play(state, 0, 7, 7)
        assert info.value.code == "not_playing"


def test_a_used_slot_is_refused_before_the_placement_is_checked():
    state = state_with(0, ["O9", "O9", "O9"], used=(True, False, False))
    with pytest.raises(SlotUsedError) as info:
        play(state, 0, 7, 7)
    assert info.value.code == "slot_used"


def test_an_illegal_placement_is_refused_and_changes_nothing():
    board = bit(0, 0)
    state = state_with(board, ["O4", "mono", "I2-h"])
    before = dataclasses.replace(state)
    for slot, row, col in [(0, 0, 0), (0, 7, 7), (2, 3, 7)]:
        with pytest.raises(IllegalMoveError) as info:
            play(state, slot, row, col)
        assert info.value.code == "illegal_placement"
    assert state == before
    assert play(state, 0, 0, 1) == play(before, 0, 0, 1)


def test_all_engine_errors_are_value_errors_with_stable_codes():
    codes = {
        InvalidMoveError: "invalid",
        NotPlayingError: "not_playing",
        SlotUsedError: "slot_used",
        IllegalMoveError: "illegal_placement",
        NoContinueError: "no_continue",
    }
    for cls, code in codes.items():
        assert issubclass(cls, EngineError) and issubclass(cls, ValueError)
        assert cls.code == code


# ---------------------------------------------------------------------------
# play: scoring, new hands, winning, no moves
# ---------------------------------------------------------------------------


def test_placing_the_third_piece_deals_the_next_hand_at_once_from_deal_k():
    state = state_with(0, ["mono", "mono", "mono"], used=(True, True, False), deals=4, moves=2, seed=b"k")
    after, result = play(state, 2, 0, 0)
    assert after.used == (False, False, False)
    assert after.deals == 5
    assert after.hand == deal_hand(bit(0, 0), BASE_SET, DealStream(b"k", 4))
    assert (after.moves, after.score, result.points) == (3, 10, 10)


def test_the_hand_is_kept_while_pieces_remain():
    state = state_with(0, ["mono", "O4", "I5-h"])
    after, _ = play(state, 1, 0, 0)
    assert after.hand == state.hand
    assert after.used == (False, True, False)
    assert after.deals == 1


def test_reaching_the_challenge_target_wins_at_once_even_mid_hand():
    board = from_rows(["#######."] + ["........"] * 7)
    rules = challenge_rules(1, 100)
    state = state_with(board, ["mono", "O9", "O9"], rules=rules, score=0)
    after, result = play(state, 0, 0, 7)
    assert result.points == 10 + 100 + 3000
    assert after.status == Status.WON
    assert after.used == (True, False, False)
    with pytest.raises(NotPlayingError):
        play(after, 1, 0, 0)


def test_a_challenge_won_on_the_last_piece_of_a_hand_gets_no_new_hand():
    rules = challenge_rules(1, 50)
    state = state_with(0, ["mono", "mono", "O4"], rules=rules, used=(True, True, False), score=20, moves=2)
    after, _ = play(state, 2, 3, 3)
    assert after.status == Status.WON
    assert after.hand == state.hand
    assert after.used == (True, True, True)
    assert after.deals == state.deals


def test_no_unplaced_piece_fitting_shows_no_moves_when_a_continue_is_left():
    state = state_with(CHECKER, ["mono", "O4", "I5-h"], used=(False, False, True))
    after, _ = play(state, 0, 0, 0)
    assert after.status == Status.NO_MOVES
    assert after.continues_left == 1


def test_without_a_continue_no_moves_ends_the_game_at_once():
    for rules in (DAILY, PRACTICE):
        state = state_with(CHECKER, ["mono", "O4", "I5-h"], rules=rules, used=(False, False, True))
        after, _ = play(state, 0, 0, 0)
        assert after.status == Status.OVER


def test_continue_deals_a_fresh_fair_hand_and_keeps_board_score_combo_and_moves():
    state = state_with(
        CHECKER,
        ["O4", "O4", "O9"],
        used=(True, False, False),
        status=Status.NO_MOVES,
        combo=Combo(2, 2),
        score=777,
        moves=40,
        deals=14,
        seed=b"cont",
    )
    after = continue_game(state)
    assert after.hand == deal_hand(CHECKER, BASE_SET, DealStream(b"cont", 14))
    # Only monominoes fit here, and three of them complete no line: the fair hand is forced.
    assert [piece.id for piece in after.hand] == ["mono", "mono", "mono"]
    assert (after.used, after.deals, after.continues_left, after.status) == (
        (False, False, False),
        15,
        0,
        Status.PLAYING,
    )
    assert (after.board, after.score, after.combo, after.moves) == (CHECKER, 777, Combo(2, 2), 40)


def test_continue_is_refused_unless_no_moves_with_a_continue_left():
    playing = state_with(0, ["mono", "mono", "mono"])
    used_up = state_with(CHECKER, ["O4", "O4", "O4"], status=Status.NO_MOVES, continues_left=0)
    over = state_with(CHECKER, ["O4", "O4", "O4"], rules=DAILY, status=Status.OVER)
    won = state_with(0, ["O4", "O4", "O4"], status=Status.WON)
    for state in (playing, used_up, over, won):
        with pytest.raises(NoContinueError) as info:
            continue_game(state)
        assert info.value.code == "no_continue"


def test_no_thanks_ends_the_game_and_is_refused_unless_no_moves():
    stuck = state_with(CHECKER, ["O4", "O4", "O4"], status=Status.NO_MOVES)
    assert decline(stuck) == dataclasses.replace(stuck, status=Status.OVER)
    for status in (Status.PLAYING, Status.OVER, Status.WON):
        with pytest.raises(NotPlayingError):
            decline(dataclasses.replace(stuck, status=status))


def test_a_game_runs_to_the_end_through_continue_and_then_over():
    state = new_game(CLASSIC, b"to-the-end", dealer=1)
    used_continue = False
    for _ in range(2000):
        if state.status == Status.NO_MOVES:
            state = continue_game(state)
            used_continue = True
            continue
        if state.is_finished:
            break
        slot, row, col = max(legal_moves(state), key=lambda move: state.hand[move[0]].size)
        state, _ = play(state, slot, row, col)
    assert state.status == Status.OVER
    assert used_continue
    assert state.continues_left == 0


def test_legal_moves_are_exactly_the_fitting_unused_slots_and_anchors():
    state = state_with(bit(0, 0) | bit(5, 5), ["O9", "mono", "I5-v"], used=(False, True, False))
    expected = {
        (slot, r, c) for slot in (0, 2) for r in range(8) for c in range(8) if fits(state.board, state.hand[slot], r, c)
    }
    assert set(legal_moves(state)) == expected
    assert list(legal_moves(dataclasses.replace(state, status=Status.OVER))) == []


def test_board_rows_show_the_text_form():
    state = state_with(bit(0, 0) | bit(7, 7), ["mono", "mono", "mono"])
    assert state.board_rows == ["#......."] + ["........"] * 6 + [".......#"]
    assert state.board_text.splitlines() == state.board_rows


# ---------------------------------------------------------------------------
# replay
# ---------------------------------------------------------------------------


def test_replay_yields_each_state_event_and_result_in_order():
    state = new_game(CLASSIC, b"replay", dealer=1)
    expected, moves = [], []
    for _ in range(5):
        move = list(legal_moves(state))[-1]
        state, result = play(state, *move)
        expected.append((state, result))
        moves.append(move)
    # The three spellings of a move event are all accepted.
    events = [("move", *moves[0]), ("move", moves[1]), ["move", *moves[2]]]
    events += [("move", *move) for move in moves[3:]]
    steps = list(replay(CLASSIC, b"replay", 0, events, dealer=1))
    assert [event for _, event, _ in steps] == events
    assert [(state, result) for state, _, result in steps] == expected


def test_replay_reproduces_a_whole_game_with_continue_and_no_thanks():
    rules = Rules("two-continues", BASE_SET, CLASSIC.scoring, continues=2, version=1)
    state = new_game(rules, b"whole-game", dealer=1)
    events = []
    while not state.is_finished:
        if state.status == Status.NO_MOVES:
            event = "continue" if state.continues_left > 1 else ("decline",)
        else:
            event = ("move", *max(legal_moves(state), key=lambda move: state.hand[move[0]].size))
        events.append(event)
        state = apply_event(state, event)[0]
    assert "continue" in events and events[-1] == ("decline",)
    steps = list(replay(rules, b"whole-game", 0, events, dealer=1))
    assert steps[-1][0] == state
    assert state.status == Status.OVER
    assert all((result is None) == (event[0] != "move") for _, event, result in steps)


def test_replay_raises_at_a_refused_event():
    steps = replay(CLASSIC, b"replay", 0, [("move", 0, 0, 0), ("move", 0, 0, 0)], dealer=1)
    next(steps)
    with pytest.raises(SlotUsedError):
        next(steps)
    with pytest.raises(InvalidMoveError):
        next(replay(CLASSIC, b"replay", 0, [("jump", 1)], dealer=1))


# ---------------------------------------------------------------------------
# Properties (hypothesis): random legal play
# ---------------------------------------------------------------------------

RULES_MIX = [CLASSIC, DAILY, PRACTICE, challenge_rules(10, 4_000), challenge_rules(15, 10**9)]


def random_play(rules, seed, picks):
    """Play legal moves chosen by ``picks``; at "No moves left" continue or decline by the next pick.

    :returns: (states after each event, events, results).
    """
    state = new_game(rules, seed, dealer=1)
    states, events, results = [state], [], []
    for pick in picks:
        if state.status == Status.NO_MOVES:
            event = "continue" if pick % 2 else ("decline",)
        elif state.status == Status.PLAYING:
            moves = list(legal_moves(state))
            event = ("move",) + moves[pick % len(moves)]
        else:
            break
        state, result = apply_event(state, event)
        states.append(state)
        events.append(event)
        results.append(result)
    return states, events, results


game_settings = settings(max_examples=100, deadline=None, database=None)
seeds = st.binary(min_size=1, max_size=16)
picks = st.lists(st.integers(0, 2**16), min_size=1, max_size=90)


@game_settings
@given(rules=st.sampled_from(RULES_MIX), seed=seeds, picks=picks)
def test_random_legal_play_never_leaves_a_full_line(rules, seed, picks):
    states, _, _ = random_play(rules, seed, picks)
    for state in states:
        assert not has_full_line(state.board)
        if state.status == Status.PLAYING:
            assert next(legal_moves(state), None) is not None


@game_settings
@given(rules=st.sampled_from(RULES_MIX), seed=seeds, picks=picks)
def test_the_score_is_the_sum_of_the_move_points(rules, seed, picks):
    states, _events, results = random_play(rules, seed, picks)
    points = [result.points for result in results if result is not None]
    assert states[-1].score == sum(points)
    assert states[-1].moves == len(points)
    for result in results:
        if result is not None:
            placement_points = rules.scoring.points_per_square * result.squares
            assert result.points == placement_points + result.line_points + result.clear_bonus
            if rules is PRACTICE:
                assert result.combo == 0 and result.clear_bonus == 0
    if rules is PRACTICE:
        assert all(state.combo == Combo() for state in states)


@game_settings
@given(rules=st.sampled_from(RULES_MIX), seed=seeds, picks=picks)
def test_replay_from_seed_and_events_reproduces_the_same_states(rules, seed, picks):
    states, events, results = random_play(rules, seed, picks)
    steps = list(replay(rules, seed, 0, events, dealer=1))
    assert [state for state, _, _ in steps] == states[1:]
    assert [result for _, _, result in steps] == results


@game_settings
@given(rules=st.sampled_from(RULES_MIX), seed=seeds, picks=picks, where=st.integers(0, 2**16))
def test_an_illegal_placement_changes_nothing(rules, seed, picks, where):
    states, _, _ = random_play(rules, seed, picks)
    state = next((s for s in reversed(states) if s.status == Status.PLAYING), None)
    if state is None:
        return
    illegal = [
        (slot, r, c)
        for slot in state.unplaced
        for r in range(8)
        for c in range(8)
        if not fits(state.board, state.hand[slot], r, c)
    ]
    if not illegal:
        return
    before = dataclasses.replace(state)
    slot, row, col = illegal[where % len(illegal)]
    with pytest.raises(IllegalMoveError):
        play(state, slot, row, col)
    assert state == before
    legal = next(legal_moves(state))
    assert play(state, *legal) == play(before, *legal)
