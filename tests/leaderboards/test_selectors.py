"""Boards as players see them: ranks, order, one row each, the weekly reset (docs/rules.md § Leaderboards)."""

import datetime as dt

import pytest
import time_machine

from blockknock.accounts.services import player_rename, player_signup
from leaderboards import boards, selectors
from leaderboards.boards import CHALLENGE, CLASSIC_ALL, CLASSIC_WEEK, DAILY, current_board

from .conftest import local, make_game, make_player

pytestmark = pytest.mark.django_db


def rows(board, **kwargs):
    page = selectors.leaderboard_page(board=board, **kwargs)
    return [(entry.rank, entry.player, entry.value) for entry in page.entries]


def test_ties_share_a_rank_and_the_next_rank_skips():
    t = local(2026, 6, 10, 12)
    for name, score in [("A", 500), ("B", 400), ("C", 400), ("D", 300)]:
        make_game(make_player(name), score=score, finished_at=t)
    assert rows(CLASSIC_ALL.board()) == [(1, "A", 500), (2, "B", 400), (2, "C", 400), (4, "D", 300)]


def test_among_equals_the_earlier_finished_game_lists_first_then_the_lower_game_id():
    t = local(2026, 6, 10, 12)
    late = make_game(make_player("Late"), score=400, finished_at=t + dt.timedelta(seconds=1))
    same_b = make_game(make_player("Same B"), score=400, finished_at=t)
    same_a = make_game(make_player("Same A"), score=400, finished_at=t)
    assert late.pk < same_b.pk < same_a.pk
    assert rows(CLASSIC_ALL.board()) == [(1, "Same B", 400), (1, "Same A", 400), (1, "Late", 400)]


def test_ranks_are_counted_over_the_whole_board_not_per_page():
    t = local(2026, 6, 10, 12)
    for index, (name, score) in enumerate([("A", 500), ("B", 400), ("C", 400), ("D", 400), ("E", 300)]):
        make_game(make_player(name), score=score, finished_at=t + dt.timedelta(minutes=index))
    board = CLASSIC_ALL.board()
    assert rows(board, page=1, per_page=2) == [(1, "A", 500), (2, "B", 400)]
    assert rows(board, page=2, per_page=2) == [(2, "C", 400), (2, "D", 400)]
    assert rows(board, page=3, per_page=2) == [(5, "E", 300)]
    assert rows(board, page=4, per_page=2) == []
    assert [selectors.leaderboard_page(board=board, page=n, per_page=2).has_next for n in (1, 2, 3)] == [
        True,
        True,
        False,
    ]


def test_each_player_appears_once_with_their_best():
    me, other = make_player("Me"), make_player("Other")
    t = local(2026, 6, 10, 12)
    make_game(me, score=100, finished_at=t)
    best = make_game(me, score=300, finished_at=t + dt.timedelta(hours=1))
    make_game(me, score=200, finished_at=t + dt.timedelta(hours=2))
    make_game(me, score=300, finished_at=t + dt.timedelta(hours=3))  # equal, later: the first 300 stays
    make_game(other, score=250, finished_at=t)
    page = selectors.leaderboard_page(board=CLASSIC_ALL.board())
    assert [(e.rank, e.player, e.value, e.game) for e in page.entries] == [
        (1, "Me", 300, str(best.pk)),
        (2, "Other", 250, page.entries[1].game),
    ]


@pytest.mark.parametrize(
    ("mode", "status"),
    [
        ("classic", "abandoned"),
        ("classic", "expired"),
        ("classic", "playing"),
        ("classic", "no_moves"),
        ("practice", "over"),
    ],
)
def test_abandoned_expired_unfinished_and_practice_games_never_appear(mode, status):
    player = make_player("Nope")
    make_game(player, mode=mode, status=status, score=99_999, finished_at=local(2026, 6, 10, 12))
    with time_machine.travel(local(2026, 6, 10, 13), tick=False):
        for kind in boards.KINDS.values():
            assert selectors.leaderboard_page(board=current_board(kind)).entries == []
            assert selectors.leaderboard_me(board=current_board(kind), player=player) is None


def test_an_expired_or_unfinished_daily_is_not_on_the_daily_board():
    day = dt.date(2026, 6, 10)
    make_game(
        make_player("Expired"), mode="daily", status="expired", score=900, day=day, finished_at=local(2026, 6, 11, 0)
    )
    make_game(make_player("Playing"), mode="daily", status="playing", score=800, day=day)
    make_game(make_player("Done"), mode="daily", status="over", score=700, day=day, finished_at=local(2026, 6, 10, 9))
    assert rows(DAILY.board(day)) == [(1, "Done", 700)]


def test_this_weeks_board_resets_on_monday_at_midnight_in_the_game_zone():
    sunday, monday = make_player("Sunday"), make_player("Monday")
    make_game(sunday, score=900, finished_at=local(2026, 6, 14, 23, 59))
    make_game(monday, score=100, finished_at=local(2026, 6, 15, 0, 0))
    with time_machine.travel(local(2026, 6, 14, 23, 59, 30), tick=False):
        assert rows(current_board(CLASSIC_WEEK)) == [(1, "Sunday", 900)]
    with time_machine.travel(local(2026, 6, 15, 0, 0, 30), tick=False):
        assert rows(current_board(CLASSIC_WEEK)) == [(1, "Monday", 100)]
        assert rows(CLASSIC_WEEK.board(dt.date(2026, 6, 8))) == [(1, "Sunday", 900)]
    assert rows(CLASSIC_ALL.board()) == [(1, "Sunday", 900), (2, "Monday", 100)]


@pytest.mark.parametrize(
    ("last_minute", "first_minute", "monday", "next_monday"),
    [
        # 2026-03-08: clocks go forward (the week is 167 hours long)
        (local(2026, 3, 8, 23, 59), local(2026, 3, 9, 0, 0), dt.date(2026, 3, 2), dt.date(2026, 3, 9)),
        # 2026-11-01: clocks go back (the week is 169 hours long)
        (local(2026, 11, 1, 23, 59), local(2026, 11, 2, 0, 0), dt.date(2026, 10, 26), dt.date(2026, 11, 2)),
    ],
)
def test_the_weeks_with_a_daylight_saving_change_end_at_local_midnight(last_minute, first_minute, monday, next_monday):
    make_game(make_player("Early"), score=50, finished_at=local(monday.year, monday.month, monday.day, 0, 0))
    make_game(make_player("Last minute"), score=700, finished_at=last_minute)
    make_game(make_player("Next week"), score=800, finished_at=first_minute)
    with time_machine.travel(last_minute + dt.timedelta(seconds=30), tick=False):
        board = current_board(CLASSIC_WEEK)
        assert board.period == monday
        assert rows(board) == [(1, "Last minute", 700), (2, "Early", 50)]
    with time_machine.travel(first_minute + dt.timedelta(seconds=30), tick=False):
        board = current_board(CLASSIC_WEEK)
        assert board.period == next_monday
        assert rows(board) == [(1, "Next week", 800)]


def test_the_challenge_board_ranks_the_highest_challenge_won():
    me, other, third = make_player("Me"), make_player("Other"), make_player("Third")
    t = local(2026, 6, 10, 12)
    make_game(me, mode="challenge", challenge=3, status="won", score=2000, finished_at=t)
    make_game(me, mode="challenge", challenge=5, status="won", score=2500, finished_at=t + dt.timedelta(hours=1))
    make_game(me, mode="challenge", challenge=6, status="over", score=900, finished_at=t + dt.timedelta(hours=2))
    make_game(other, mode="challenge", challenge=5, status="won", score=9000, finished_at=t + dt.timedelta(hours=3))
    make_game(third, mode="challenge", challenge=2, status="won", score=1, finished_at=t)
    page = selectors.leaderboard_page(board=CHALLENGE.board())
    assert [(e.rank, e.player, e.value, e.game) for e in page.entries] == [
        (1, "Me", 5, None),
        (1, "Other", 5, None),
        (3, "Third", 2, None),
    ]


def test_the_daily_board_lists_that_days_finished_dailies_one_per_player():
    me, other = make_player("Me"), make_player("Other")
    make_game(me, mode="daily", score=300, day=dt.date(2026, 6, 9), finished_at=local(2026, 6, 9, 10))
    make_game(me, mode="daily", score=200, day=dt.date(2026, 6, 10), finished_at=local(2026, 6, 10, 10))
    make_game(other, mode="daily", score=400, day=dt.date(2026, 6, 10), finished_at=local(2026, 6, 10, 9))
    make_game(other, mode="classic", score=9999, finished_at=local(2026, 6, 10, 9))
    assert rows(DAILY.board(dt.date(2026, 6, 10))) == [(1, "Other", 400), (2, "Me", 200)]
    assert rows(DAILY.board(dt.date(2026, 6, 9))) == [(1, "Me", 300)]
    with time_machine.travel(local(2026, 6, 10, 23), tick=False):
        assert current_board(DAILY).period == dt.date(2026, 6, 10)


def test_me_far_down_the_board_has_its_rank_and_page():
    t = local(2026, 6, 10, 12)
    for index in range(120):
        make_game(make_player(), score=10_000 - 10 * (index // 2), finished_at=t + dt.timedelta(seconds=index))
    me = make_player("Me")
    make_game(me, score=10_000 - 10 * 55, finished_at=t + dt.timedelta(hours=1))  # ties with the 111th and 112th
    entry = selectors.leaderboard_me(board=CLASSIC_ALL.board(), player=me)
    assert (entry.rank, entry.player, entry.value) == (111, "Me", 9450)
    assert selectors.leaderboard_me(board=CLASSIC_ALL.board(), player=me, with_page=True).page == 3  # 113th in order
    assert selectors.leaderboard_me(board=CLASSIC_ALL.board(), player=me, with_page=True, per_page=10).page == 12
    page3 = selectors.leaderboard_page(board=CLASSIC_ALL.board(), page=3)
    assert [(e.rank, e.player) for e in page3.entries if e.player_id == me.pk] == [(111, "Me")]
    assert selectors.leaderboard_me(board=CLASSIC_WEEK.board(dt.date(2026, 6, 8)), player=me).rank == 111
    assert selectors.leaderboard_me(board=DAILY.board(dt.date(2026, 6, 10)), player=me) is None


def test_a_guest_who_signs_up_keeps_their_rows():
    guest = make_player("Guesty")
    game = make_game(guest, score=1234, finished_at=local(2026, 6, 10, 12))
    player = player_signup(player=guest, username="ada", password="a-long-password-1")
    player_rename(player=player, name="Ada")
    entry = selectors.leaderboard_me(board=CLASSIC_ALL.board(), player=player)
    assert (entry.rank, entry.player, entry.value, entry.game) == (1, "Ada", 1234, str(game.pk))
    assert rows(CLASSIC_ALL.board()) == [(1, "Ada", 1234)]


def test_anonymous_has_no_entry():
    from django.contrib.auth.models import AnonymousUser

    assert selectors.leaderboard_me(board=CLASSIC_ALL.board(), player=AnonymousUser()) is None
    assert selectors.leaderboard_me(board=CLASSIC_ALL.board(), player=None) is None
