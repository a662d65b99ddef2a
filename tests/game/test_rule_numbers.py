"""The templates' half of the rule numbers: every rule number a page states is the engine's or the rewards'
(game/templatetags/rules.py), so changing a constant changes every page that states it."""

import dataclasses
import re

import pytest
from django.template.loader import render_to_string

from game import engine, services
from tests.helpers import log_in_new_guest

pytestmark = pytest.mark.django_db


def _text(html: str) -> str:
    """The page's text in one line: tags out, spaces squeezed."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html))


@pytest.fixture
def changed(monkeypatch):
    """Other numbers than the rule book's, each in the one place it is defined: a new rules version
    (docs/rules.md § Rules versions, its scoring and star numbers) made current, and the rewards' constants
    (the daily cap, the level's score)."""
    first = engine.ruleset(1)
    classic = dataclasses.replace(
        first.scorings["classic"], points_per_square=12, line_points_unit=150, empty_board_bonus=4_000, combo_moves=4
    )
    practice = dataclasses.replace(first.scorings["practice"], points_per_line=20)
    scorings = {"classic": classic, "daily": classic, "challenge": classic, "practice": practice}
    stars = dataclasses.replace(first.stars, score_step=2_000, high_score=3, challenge_max=25)
    second = dataclasses.replace(first, version=2, scorings=scorings, daily_win_stars=150, stars=stars)
    monkeypatch.setitem(engine.RULESETS, 2, second)
    monkeypatch.setattr(engine, "CURRENT_RULES", 2)
    for name, value in [("LEVEL_SCORE", 3_000), ("STARS_DAILY_CAP", 80)]:
        monkeypatch.setattr(f"game.rewards.{name}", value)


def test_how_scoring_works_follows_the_engine_and_the_rewards(client, changed):
    html = client.get("/settings/scoring/").content.decode()
    text = _text(html)
    assert "Each square of the piece you place is worth 12 points: a single square earns 12, a 2×2 square 48" in text
    table = re.findall(r'<td data-testid="line-points">([^<]*)</td>', html)
    assert table == [f"{points} × combo" for points in ("150", "300", "900", "1,800", "3,000", "4,500")]
    assert "adds a bonus of 4,000 points" in text and "After a clear you have 4 moves to clear again" in text
    assert "3 × 12 + 150 × 1 = 186 points" in text  # the first clear
    assert "4 × 12 + 300 × 3 = 948 points" in text  # a double at combo 2
    assert "12 + 300 × 1 + 4,000 = 4,312 points" in text  # clearing the board
    assert "plus 1 for every full 2,000 points, up to 5 more: 1 + min(5, score ÷ 2,000)" in text
    assert "adds 3 stars" in text and "up to 25 (challenge 6 pays 6)" in text
    assert "at most 80 stars a day" in text and "Winning the Daily pays 150 stars" in text
    assert "1 + 3 (3 full 2,000s) + 3 = 7 stars" in text  # 7,600 points above a best of 5,000
    assert "1 point per square and 20 per line" in text and "1 + 20 + 20 = 41 there" in text


def test_the_rule_book_numbers_by_default(client):
    text = _text(client.get("/settings/scoring/").content.decode())
    assert "3 × 10 + 100 × 1 = 130 points" in text and "4 × 10 + 200 × 3 = 640 points" in text
    assert "10 + 200 × 1 + 3,000 = 3,210 points" in text and "1 + 3 (3 full 2,500s) + 2 = 6 stars" in text
    assert "1 + 10 + 10 = 21 there" in text


def test_how_to_play_follows(client, changed):
    text = _text(client.get("/how-to-play/").content.decode())
    assert "Every square of a piece you place is worth 12 points" in text
    assert "earn 300, 900, 1,800 and 3,000 × combo. A move that leaves the board empty adds 4,000 points." in text
    assert "A finished game of 3,000 points or more raises your level" in text
    assert "the top score of the day wins 150 stars" in text
    assert "Games earn up to 80 stars a day; winning the Daily adds 150 on top" in text


def test_the_header_badges_and_the_end_card_follow(client, changed):
    player = log_in_new_guest(client)
    game = services.game_start(player=player, mode="classic")
    game.status, game.score, game.stars, game.stars_high_score = "over", 8_000, 1, 0  # earned 1 + 4, paid 1
    game.save()
    html = client.get(f"/games/{game.pk}/", HTTP_HX_REQUEST="true").content.decode()
    assert "Over the 80-a-day cap: 4 not paid" in _text(html)
    assert "Lv +1 for every Classic game of 3,000+ points." in _text(html)
    card = render_to_string("includes/player_card.html")
    assert "for each finished Classic game of 3,000 points or more." in _text(card)
