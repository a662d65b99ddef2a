"""game/daily/share.py and the Daily's end card: the share text, exact in both languages; links once the day closed."""

import datetime as dt
import random
from zoneinfo import ZoneInfo

import pytest
import time_machine
from django.template.loader import render_to_string
from django.utils import timezone, translation

from blockknock.accounts.services import guest_create
from game import engine, services
from game.daily.share import (
    EMOJIS_PER_LINE,
    EMPTIED,
    HAND_EMOJIS,
    PICTURE_CELLS,
    daily_number,
    daily_share_text,
    picture,
)
from game.models import DailyClose
from tests.game.test_audit import self_play
from tests.helpers import open_page
from tools.bots import greedy_bot

LA = ZoneInfo("America/Los_Angeles")
DAY = dt.date(2026, 12, 1)
ROWS = ["#.#.#.##"] + [".#.#.#.#", "#.#.#.#."] * 3 + [".#.#.#.#"]
"""A checkerboard with row 0 down to three holes: three monominoes, the third clearing row 0."""


def at_noon():
    return time_machine.travel(dt.datetime(2026, 12, 1, 12, 0, tzinfo=LA), tick=False)


def finish(game, score):
    game.status, game.score, game.finished_at = "over", score, timezone.now()
    game.save()
    return game


@pytest.fixture
def daily(db):
    """A player's Daily of 1 December 2026: three monominoes, one line (130 points), then over; a rival scored 500."""
    with at_noon():
        player = guest_create()
        game = services.game_start(player=player, mode="daily")
        game.start_board = game.board = "".join(ROWS)
        game.hand = ["mono"] * 3
        game.save()
        for number, col in enumerate((1, 3, 5)):
            game, _ = services.move_place(
                player=player, game_id=game.public_id, slot=number, row=0, col=col, move_number=number
            )
        assert game.score == 130
        finish(game, 130)
        finish(services.game_start(player=guest_create(), mode="daily"), 500)
    return game


def test_the_daily_number_counts_days_from_the_first_daily():
    assert [daily_number(DAY - dt.timedelta(days=1)), daily_number(DAY), daily_number(dt.date(2027, 11, 30))] == [
        1,
        2,
        366,
    ]


def test_one_emoji_per_hand_by_the_lines_it_cleared_and_the_emptied_board_first():
    moves = [
        {"deal": deal, "played": {"lines": lines}, "emptied": emptied}
        for deal, lines, emptied in [
            (0, 0, False),
            (0, 0, False),
            (1, 1, False),
            (2, 1, False),
            (2, 1, False),
            (3, 3, False),
            (4, 0, False),
            (4, 4, False),
            (5, 2, True),
            (6, 0, False),
        ]
    ]
    assert picture(moves) == ["⬜🟦🟩🟧🟧✨⬜"]
    assert len(set(HAND_EMOJIS) | {EMPTIED}) == 5


def test_the_share_text_in_english(daily):
    with at_noon():
        text = daily_share_text(game=daily, link="https://example.com/daily/")
    assert text == "Block Knock! Daily #2 · 1 Dec 2026\nScore 130 · Rank 2\n🟦\nhttps://example.com/daily/"


def test_the_share_text_in_traditional_chinese(daily):
    with at_noon(), translation.override("zh-hant"):
        text = daily_share_text(game=daily, link="https://example.com/daily/")
    assert text == "Block Knock! 每日挑戰 #2 · 2026年12月1日\n分數 130 · 第 2 名\n🟦\nhttps://example.com/daily/"


def test_a_long_game_shares_its_hands_in_24_runs_each_its_best_hand():
    """The 94-emoji, 10-line share of a long Daily; 50 hands make 24 runs of 2 or 3 hands."""
    moves = [{"deal": deal, "played": {"lines": lines}, "emptied": deal == 49} for deal, lines in enumerate([0] * 50)]
    moves[5]["played"]["lines"] = 2  # hand 5: run 2 (hands 4–5); run i is hands i·50//24 up to (i+1)·50//24
    moves[20]["played"]["lines"] = 1  # hand 20: run 10 (hands 20–21)
    assert picture(moves) == ["⬜⬜🟩⬜⬜⬜⬜⬜", "⬜⬜🟦⬜⬜⬜⬜⬜", "⬜⬜⬜⬜⬜⬜⬜✨"]


def test_a_long_daily_shares_at_most_six_lines_and_no_board_or_piece(db, fixed_seeds):
    with at_noon():  # fixed seeds: the day's seed is drawn from secrets, so the same game every run
        game = self_play(guest_create(), "daily", greedy_bot, random.Random(3), max_moves=90)
        text = daily_share_text(game=game, link="https://example.com/daily/")
    lines = text.splitlines()
    assert game.moves == 90 and len(lines) == 6  # no Continue in the Daily: a hand every three moves, 30 of them
    assert [len(line) for line in lines[2:-1]] == [EMOJIS_PER_LINE] * 3 and PICTURE_CELLS == 24
    assert set("".join(lines[2:-1])) <= set(HAND_EMOJIS) | {EMPTIED}
    assert "#" not in text.split("\n", 1)[1] and not any(piece in text for piece in engine.PIECES)


def test_the_end_card_offers_share_and_opens_the_replay_and_review_only_once_the_day_has_closed(client, daily):
    client.force_login(daily.player)
    with at_noon():
        html = open_page(client, "/daily/").content.decode()
        assert 'data-testid="daily-share"' in html and "js/share.js" in html
        assert "Block Knock! Daily #2 · 1 Dec 2026\nScore 130 · Rank 2\n🟦\nhttp://testserver/daily/</pre>" in html
        assert 'data-testid="review-opens"' in html and 'data-testid="review-link"' not in html
        assert 'data-testid="was-it-fair"' not in html  # it would only say the Daily is still open
        DailyClose.objects.create(day=DAY, closed_at=timezone.now(), top_score=500, finished=2, winners=["x"])
        html = open_page(client, "/daily/").content.decode()
    assert 'data-testid="review-opens"' not in html
    assert f'href="/games/{daily.public_id}/review/" data-testid="review-link"' in html
    assert f'href="/leaderboards/replay/{daily.public_id}/" data-testid="replay-link"' in html
    assert f'href="/games/{daily.public_id}/fair/" data-testid="was-it-fair"' in html


def test_every_other_end_card_links_its_review(db):
    game = finish(services.game_start(player=guest_create(), mode="classic"), 0)
    html = render_to_string("game/modes/end_card.html", {"game": game, "best": 0, "new_url": "/games/new/"})
    assert f'<a href="/games/{game.public_id}/review/" data-testid="review-link">How did I play?</a>' in html
