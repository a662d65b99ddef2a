"""Which board a game lands on: weeks from Monday 00:00 on the game calendar, across DST
(docs/rules.md § Days and weeks)."""

import datetime as dt

import pytest

from blockknock.calendar import game_zone, week_start
from leaderboards.boards import CHALLENGE, CLASSIC_ALL, CLASSIC_WEEK, DAILY, GameFacts, candidates, current_board

from .conftest import local

UTC = dt.UTC


def facts(finished_at, *, mode="classic", status="over", score=100, day=None, challenge=None, game_id=1):
    return GameFacts(
        game_id, 7, mode, status, challenge, day or finished_at.astimezone(game_zone()).date(), score, finished_at
    )


def keys(game_facts):
    return {candidate.key for candidate in candidates(game_facts)}


@pytest.mark.parametrize(
    ("day", "monday"),
    [
        (dt.date(2026, 3, 2), dt.date(2026, 3, 2)),  # Monday
        (dt.date(2026, 3, 8), dt.date(2026, 3, 2)),  # Sunday, clocks go forward
        (dt.date(2026, 3, 9), dt.date(2026, 3, 9)),
        (dt.date(2026, 11, 1), dt.date(2026, 10, 26)),  # Sunday, clocks go back
        (dt.date(2026, 11, 2), dt.date(2026, 11, 2)),
        (dt.date(2027, 1, 1), dt.date(2026, 12, 28)),  # across a year end
    ],
)
def test_week_start_is_the_monday_on_or_before_the_day(day, monday):
    assert week_start(day) == monday


def test_sunday_2359_in_los_angeles_is_last_week_and_monday_0000_is_the_new_week():
    assert keys(facts(local(2026, 6, 14, 23, 59))) == {"classic-all", "classic-week:2026-06-08"}
    assert keys(facts(local(2026, 6, 15, 0, 0))) == {"classic-all", "classic-week:2026-06-15"}


def test_the_week_boundary_is_local_midnight_not_utc():
    # Monday 2026-06-15 00:00 in Los Angeles (PDT, UTC-7) is 07:00 UTC.
    assert keys(facts(dt.datetime(2026, 6, 15, 6, 59, tzinfo=UTC))) == {"classic-all", "classic-week:2026-06-08"}
    assert keys(facts(dt.datetime(2026, 6, 15, 7, 0, tzinfo=UTC))) == {"classic-all", "classic-week:2026-06-15"}


def test_the_week_in_which_clocks_go_forward_ends_at_local_midnight():
    # Week of 2026-03-02 starts at 08:00 UTC (PST) and, 167 hours later, ends at 07:00 UTC on 03-09 (PDT).
    assert local(2026, 3, 2).astimezone(UTC) == dt.datetime(2026, 3, 2, 8, tzinfo=UTC)
    assert local(2026, 3, 9).astimezone(UTC) == dt.datetime(2026, 3, 9, 7, tzinfo=UTC)
    assert keys(facts(local(2026, 3, 2, 0, 0))) == {"classic-all", "classic-week:2026-03-02"}
    assert keys(facts(local(2026, 3, 8, 23, 59))) == {"classic-all", "classic-week:2026-03-02"}
    # 07:30 UTC on the 9th is Monday 00:30 PDT: the new week (7 x 24 h from the start would still say last week)
    assert keys(facts(dt.datetime(2026, 3, 9, 7, 30, tzinfo=UTC))) == {"classic-all", "classic-week:2026-03-09"}


def test_the_week_in_which_clocks_go_back_ends_at_local_midnight():
    # Week of 2026-10-26 starts at 07:00 UTC (PDT) and, 169 hours later, ends at 08:00 UTC on 11-02 (PST).
    assert local(2026, 10, 26).astimezone(UTC) == dt.datetime(2026, 10, 26, 7, tzinfo=UTC)
    assert local(2026, 11, 2).astimezone(UTC) == dt.datetime(2026, 11, 2, 8, tzinfo=UTC)
    assert keys(facts(local(2026, 11, 1, 23, 59))) == {"classic-all", "classic-week:2026-10-26"}
    # 07:30 UTC on 11-02 is still Sunday 23:30 PST: last week (7 x 24 h from the start would say the new week)
    assert keys(facts(dt.datetime(2026, 11, 2, 7, 30, tzinfo=UTC))) == {"classic-all", "classic-week:2026-10-26"}
    assert keys(facts(local(2026, 11, 2, 0, 0))) == {"classic-all", "classic-week:2026-11-02"}


def test_a_daily_belongs_to_its_day_not_to_when_it_finished():
    late = facts(local(2026, 6, 16, 0, 5), mode="daily", day=dt.date(2026, 6, 15))
    assert keys(late) == {"daily:2026-06-15"}


def test_a_won_challenge_puts_its_number_on_the_challenge_board():
    [candidate] = candidates(facts(local(2026, 6, 16, 12), mode="challenge", status="won", challenge=12, score=5000))
    assert (candidate.key, candidate.value) == ("challenge", 12)


@pytest.mark.parametrize(
    ("mode", "status", "challenge"),
    [
        ("classic", "abandoned", None),
        ("classic", "expired", None),
        ("classic", "playing", None),
        ("classic", "no_moves", None),
        ("practice", "over", None),
        ("daily", "expired", None),
        ("daily", "playing", None),
        ("challenge", "over", 3),  # lost
        ("challenge", "abandoned", 3),
    ],
)
def test_games_that_do_not_count_are_on_no_board(mode, status, challenge):
    assert candidates(facts(local(2026, 6, 16, 12), mode=mode, status=status, challenge=challenge)) == []


def test_board_keys_and_titles():
    assert CLASSIC_WEEK.board(dt.date(2026, 3, 9)).key == "classic-week:2026-03-09"
    assert CLASSIC_WEEK.board(dt.date(2026, 3, 9)).period_end == dt.date(2026, 3, 15)
    assert DAILY.board(dt.date(2026, 3, 9)).period_end == dt.date(2026, 3, 9)
    assert (CLASSIC_ALL.board().key, CHALLENGE.board().key) == ("classic-all", "challenge")
    assert [str(kind.title) for kind in (CLASSIC_WEEK, CLASSIC_ALL, CHALLENGE, DAILY)] == [
        "Classic this week",
        "Classic all time",
        "Challenge",
        "Daily",
    ]


def test_each_kind_names_its_page_and_an_earlier_board_of_the_daily_has_a_dated_one():
    today = dt.date(2026, 6, 10)
    routes = [kind.route(current_board(kind, today), today) for kind in (CLASSIC_WEEK, CLASSIC_ALL, CHALLENGE, DAILY)]
    assert routes == [("index", {}), ("classic_all", {}), ("challenge", {}), ("daily", {})]
    assert DAILY.route(DAILY.board(dt.date(2026, 6, 9)), today) == ("daily_day", {"day": dt.date(2026, 6, 9)})
    # a week has no dated page: last week's board is still named by the plain URL
    assert CLASSIC_WEEK.route(CLASSIC_WEEK.board(dt.date(2026, 6, 1)), today) == ("index", {})


def test_only_the_daily_steps_to_the_day_before_and_not_past_today():
    today = dt.date(2026, 6, 10)
    assert DAILY.neighbours(DAILY.board(today), today) == (DAILY.board(dt.date(2026, 6, 9)), None)
    assert DAILY.neighbours(DAILY.board(dt.date(2026, 6, 8)), today) == (
        DAILY.board(dt.date(2026, 6, 7)),
        DAILY.board(dt.date(2026, 6, 9)),
    )
    for kind in (CLASSIC_WEEK, CLASSIC_ALL, CHALLENGE):
        assert kind.neighbours(current_board(kind, today), today) == (None, None)
