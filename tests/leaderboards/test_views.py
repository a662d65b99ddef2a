"""The Leaderboards page (tabs, HTMX partials, your own row) and the replay page."""

import datetime as dt
import re

import pytest
import time_machine
from django.contrib.auth import get_user_model
from django.utils import timezone

from game.models import DailyClose, Game
from leaderboards.services import standings_rebuild

from .conftest import local, make_game, make_player

pytestmark = pytest.mark.django_db
Player = get_user_model()


@pytest.fixture
def me_client(client):
    me = make_player("Me")
    client.force_login(me)
    client.me = me
    return client


def test_the_page_has_a_tab_per_board_with_real_links_and_htmx(client):
    response = client.get("/leaderboards/")
    html = response.content.decode()
    assert response.status_code == 200
    for url, title in [
        ("/leaderboards/", "Classic this week"),
        ("/leaderboards/classic/all/", "Classic all time"),
        ("/leaderboards/challenge/", "Challenge"),
        ("/leaderboards/daily/", "Daily"),
    ]:
        assert re.search(rf'<a [^>]*href="{re.escape(url)}" hx-get="{re.escape(url)}"[^>]*>{title}</a>', html), title
    assert re.search(r'href="/leaderboards/"[^>]*aria-current="page"', html)
    assert 'hx-push-url="true"' in html
    assert "css/leaderboards.css" in html


@time_machine.travel(dt.datetime(2026, 12, 2, 9, tzinfo=dt.UTC), tick=False)  # a Wednesday (Tuesday in the game zone)
def test_the_weekly_board_says_when_a_new_week_starts_as_a_moment_the_browser_shows_in_local_time(client):
    html = client.get("/leaderboards/").content.decode()
    assert (
        "A new week starts "
        '<time class="local-time" datetime="2026-12-07T00:00:00-08:00" data-local-time="{time} your time" '
        "data-weekday>Monday at midnight in San Francisco</time>."
    ) in html
    client.cookies.load({"django_language": "zh-hant"})
    html = client.get("/leaderboards/").content.decode()
    assert (
        "新的一週從" in html
        and 'data-local-time="你的時間{time}" data-weekday>舊金山時間星期一午夜</time>開始。' in html
    )


def test_an_htmx_request_gets_only_the_board(client):
    make_game(make_player("Ada"), score=1500)
    response = client.get("/leaderboards/classic/all/", HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert "<html" not in html
    assert html.lstrip().startswith('<section id="leaderboard"')
    assert "Ada" in html and "1,500" in html
    assert re.search(r'href="/leaderboards/classic/all/"[^>]*aria-current="page"', html)
    assert "HX-Request" in response["Vary"]
    history = client.get("/leaderboards/classic/all/", HTTP_HX_REQUEST="true", HTTP_HX_HISTORY_RESTORE_REQUEST="true")
    assert "<html" in history.content.decode()


def test_looking_at_a_board_does_not_create_a_player(client):
    before = Player.objects.count()
    for url in ["/leaderboards/", "/leaderboards/classic/all/", "/leaderboards/challenge/", "/leaderboards/daily/"]:
        assert client.get(url).status_code == 200
    assert Player.objects.count() == before


def test_your_row_is_highlighted_on_the_page(me_client):
    make_game(make_player("Top"), score=900)
    make_game(me_client.me, score=500)
    html = me_client.get("/leaderboards/classic/all/").content.decode()
    assert re.search(r'<tr class="[^"]*is-me[^"]*" id="me" aria-current="true">', html)
    assert "You: #2" in html
    assert "Show my row" not in html


def test_you_far_down_the_board_are_shown_with_a_formatted_rank_and_a_link_to_your_page(me_client):
    players = Player.objects.bulk_create(
        Player(username=f"bulk-{index}", name=f"Bulk {index}", is_guest=True) for index in range(1300)
    )
    t = timezone.now() - dt.timedelta(hours=1)
    fields = {
        "mode": "classic",
        "status": "over",
        "day": t.date(),
        "rules_version": 1,
        "start_board": "." * 64,
        "board": "." * 64,
        "hand": ["mono"] * 3,
        "used": [False] * 3,
    }
    Game.objects.bulk_create(  # bulk_create sends no signals: the rebuild puts them on the boards
        Game(player=player, score=100_000 - 10 * index, finished_at=t, **fields) for index, player in enumerate(players)
    )
    standings_rebuild()
    make_game(me_client.me, score=100_000 - 10 * 1233)  # ties with Bulk 1233, who finished earlier
    html = me_client.get("/leaderboards/classic/all/").content.decode()
    assert "You: #1,234" in html
    assert "87,670 points" in html
    assert 'href="/leaderboards/classic/all/?page=25#me"' in html
    assert "is-me" not in html
    page = me_client.get("/leaderboards/classic/all/?page=25").content.decode()
    assert re.search(r'<tr class="[^"]*is-me[^"]*" id="me"', page)
    assert '<td class="lb-rank"><span class="lb-line">1,234</span></td>' in page
    assert 'href="/leaderboards/classic/all/?page=24"' in page and 'href="/leaderboards/classic/all/?page=26"' in page


def test_a_player_not_on_the_board_is_told_how_to_get_on_it(me_client):
    html = me_client.get("/leaderboards/").content.decode()
    assert "Finish a Classic game to get on this board." in html
    assert "Nobody is on this board yet." in html


def test_classic_and_closed_daily_entries_link_to_the_replay_and_challenge_entries_do_not(client):
    ada = make_player("Ada")
    classic = make_game(ada, score=1500)
    daily = make_game(ada, mode="daily", score=700)
    make_game(ada, mode="challenge", challenge=4, status="won")
    assert f'href="/leaderboards/replay/{classic.pk}/"' in client.get("/leaderboards/classic/all/").content.decode()
    assert f'href="/leaderboards/replay/{classic.pk}/"' in client.get("/leaderboards/").content.decode()
    assert "/leaderboards/replay/" not in client.get("/leaderboards/daily/").content.decode()  # the day is open
    DailyClose.objects.create(day=daily.day, closed_at=timezone.now())
    assert f'href="/leaderboards/replay/{daily.pk}/"' in client.get("/leaderboards/daily/").content.decode()
    challenge = client.get("/leaderboards/challenge/").content.decode()
    assert "/leaderboards/replay/" not in challenge and "Ada" in challenge


def test_entries_with_a_game_link_to_its_proof_in_plain_words(client):
    ada = make_player("Ada")
    classic = make_game(ada, score=1500)
    daily = make_game(ada, mode="daily", score=700)
    link = f'<a class="lb-replay lb-fair" href="/games/{classic.pk}/fair/" data-testid="lb-fair">'
    html = client.get("/leaderboards/classic/all/").content.decode()
    assert link in html and "Was it fair?" in html and "Check Ada's game" in html
    assert '<span class="lb-game-head" data-testid="lb-game-head">Replay · Fair?</span>' in html  # ▶ and ✓ named
    assert "/fair/" not in client.get("/leaderboards/daily/").content.decode()  # the day is open: no game
    DailyClose.objects.create(day=daily.day, closed_at=timezone.now())
    assert f'href="/games/{daily.pk}/fair/"' in client.get("/leaderboards/daily/").content.decode()


def test_the_daily_tab_pages_through_earlier_days_but_not_the_future(client):
    with time_machine.travel(local(2026, 6, 10, 12), tick=False):
        make_game(make_player("Yesterday"), mode="daily", score=300, day=dt.date(2026, 6, 9))
        today = client.get("/leaderboards/daily/").content.decode()
        assert 'href="/leaderboards/daily/2026-06-09/"' in today
        assert "Next day" not in today
        earlier = client.get("/leaderboards/daily/2026-06-09/").content.decode()
        assert "Yesterday" in earlier and 'href="/leaderboards/daily/"' in earlier
        assert client.get("/leaderboards/daily/2026-06-11/").status_code == 404


def test_a_bad_page_number_is_404(client):
    assert client.get("/leaderboards/?page=0").status_code == 404
    assert client.get("/leaderboards/?page=x").status_code == 404


def test_the_replay_page_of_a_finished_game(client):
    game = make_game(make_player("Ada"), score=1500)
    response = client.get(f"/leaderboards/replay/{game.pk}/")
    html = response.content.decode()
    assert response.status_code == 200
    assert f'data-replay-url="/api/games/{game.pk}/replay/"' in html
    assert "js/replay.js" in html
    assert "Ada" in html and "1,500" in html
    assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", html), "no inline scripts"
    for key in ("first", "prev", "next", "last"):
        assert f'data-replay-go="{key}"' in html


@pytest.mark.parametrize("game_id", ["unfinished", "999999", "abc"])
def test_the_replay_page_of_an_unfinished_or_missing_game_is_404(client, game_id):
    game = make_game(make_player("Ada"), status="playing")
    assert client.get(f"/leaderboards/replay/{game.pk if game_id == 'unfinished' else game_id}/").status_code == 404
