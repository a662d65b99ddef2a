"""How to play leads with a short illustrated version, its numbers the engine's, before the full rules."""

import dataclasses
import re

import pytest

from game import engine

pytestmark = pytest.mark.django_db


def _steps(html: str) -> list[str]:
    quick = html.split('data-testid="how-quick"', 1)[1].split("</section>", 1)[0]
    return [re.sub(r"\s+", " ", text).strip() for text in re.findall(r"<p>(.*?)</p>", quick, re.S)]


def test_the_short_version_comes_first_with_four_pictured_steps(client):
    html = client.get("/how-to-play/").content.decode()
    assert _steps(html) == [
        "Drag a piece onto the board. You get 3 at a time.",
        "Fill a whole row or column and it clears: 100 points a line.",
        "Clear again within 3 moves for a combo: every clear in a row counts more.",
        "Empty the whole board for 3,000 bonus points. When no piece fits, the game is over.",
    ]
    assert html.count('<span class="how-pic" aria-hidden="true">') == 4
    assert html.count('<i class="how-l"></i>') == 5 + 8  # the cleared row, then a row and a column
    assert html.count('<i class="how-p"></i>') == 4  # the piece being dropped
    pictures = re.findall(r'<span class="how-pic" aria-hidden="true">(.*?)</span>', html)
    assert [picture.count("<i ") for picture in pictures] == [20] * 4  # 5 × 4 cells each
    assert html.index('data-testid="how-quick"') < html.index("The board and your pieces")


def test_the_short_version_in_traditional_chinese(client):
    html = client.get("/how-to-play/", HTTP_ACCEPT_LANGUAGE="zh-hant").content.decode()
    assert _steps(html)[3] == "把棋盤完全清空，額外得 3,000 分。沒有方塊放得下時，遊戲就結束了。"


def test_the_numbers_are_the_engines_not_the_prose(client, monkeypatch):
    """A new rules version with a bigger bonus and a shorter combo window: the page says its numbers."""
    first = engine.ruleset(1)
    classic = dataclasses.replace(first.scorings["classic"], empty_board_bonus=5_000, combo_moves=1)
    monkeypatch.setitem(
        engine.RULESETS, 2, dataclasses.replace(first, version=2, scorings={**first.scorings, "classic": classic})
    )
    monkeypatch.setattr(engine, "CURRENT_RULES", 2)
    steps = _steps(client.get("/how-to-play/").content.decode())
    assert steps[2] == "Clear again within 1 move for a combo: every clear in a row counts more."
    assert steps[3].startswith("Empty the whole board for 5,000 bonus points.")
