"""The mode pages of the browser game: Practice, the Challenge ladder, a challenge, the Daily, and their overlays."""

import re

import pytest
from django.test import Client

from blockknock.accounts.models import Player, StarReason
from blockknock.accounts.services import stars_add
from blockknock.calendar import day_end, game_day
from game import services
from game.models import Game
from tests.helpers import EMPTY, log_in_new_guest, open_page, secure, set_position

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def site(db):
    """A browser client whose guest player exists (as a first visit's first move makes it)."""
    client = Client()
    log_in_new_guest(client)
    return client


def player_of(client) -> Player:
    return Player.objects.get(pk=client.session["_auth_user_id"])


def rung(html: str, number: int) -> str:
    match = re.search(rf'<li class="rung[^"]*"\s+data-testid="rung" data-number="{number}".*?</li>', html, re.S)
    assert match, f"no rung {number}"
    return match.group(0)


def game_id(html: str) -> str:
    return re.search(r'data-game-id="([^"]+)"', html).group(1)


def win_by_htmx(client, number: int):
    """Open challenge ``number``, put it 10 points from its target, and place the winning piece as the page would."""
    assert open_page(client, f"/challenges/{number}/").status_code == 200
    game = Game.objects.get(player=player_of(client), mode="challenge", challenge=number, status="playing")
    set_position(game, EMPTY, ("mono", "mono", "mono"))
    Game.objects.filter(pk=game.pk).update(score=game.target - 10)
    return client.post(f"/games/{game.pk}/move/", {"slot": 0, "row": 0, "col": 0, "move_number": 0}, **HTMX)


def test_the_ladder_locks_challenge_2_until_challenge_1_is_won(site):
    html = site.get("/challenges/").content.decode()
    # 1 and 2 start empty, 29 asks less than 28 (tests/game/test_ladder.py holds the ladder to it)
    assert "Each challenge asks for more points than the one before or starts with more blocks on the board" in html
    first, second = rung(html, 1), rung(html, 2)
    assert 'data-state="open"' in first and 'href="/challenges/1/"' in first and "rung-badge--locked" not in first
    assert 'data-state="locked"' in second and 'class="rung-badge rung-badge--locked" role="img"' in second
    assert 'data-icon="🔒"' in second  # the padlock is drawn as an SVG (no emoji font needed)
    assert 'aria-label="Locked: win challenge 1 first"' in second
    assert 'href="/challenges/2/"' not in second

    win_by_htmx(site, 1)
    html = site.get("/challenges/").content.decode()
    first, second, third = rung(html, 1), rung(html, 2), rung(html, 3)
    assert 'data-state="won"' in first and "✓" in first and 'aria-label="Won"' in first
    assert "Your best 1,500" in first or "Your best 1500" in first
    assert 'data-state="open"' in second and 'href="/challenges/2/"' in second and "rung-badge--locked" not in second
    assert 'data-state="locked"' in third


def test_the_ladder_names_a_best_only_for_an_open_challenge_with_a_score(site):
    """Trial report: locked rungs said "Your best 0"; the best shows only once there is one, as one unbroken phrase."""
    html = site.get("/challenges/").content.decode()
    assert "Your best" not in rung(html, 1) and "Your best" not in rung(html, 2)
    assert '<span class="rung-fact" data-testid="rung-target">Target 1,500</span>' in rung(html, 1)

    win_by_htmx(site, 1)
    html = site.get("/challenges/").content.decode()
    assert '<span class="rung-fact" data-testid="rung-best">Your best 1,500</span>' in rung(html, 1)
    assert "Your best" not in rung(html, 2) and "Your best" not in rung(html, 3)


def test_a_locked_challenge_redirects_to_the_ladder_with_a_message(site):
    response = open_page(site, "/challenges/2/")
    assert (response.status_code, response["Location"]) == (302, "/challenges/")
    assert not Game.objects.filter(mode="challenge").exists()
    assert "Challenge 2 is locked: win challenge 1 first." in site.get("/challenges/").content.decode()
    posted = site.post("/challenges/2/new/", **HTMX)
    assert (posted.status_code, posted["HX-Redirect"]) == (403, "/challenges/")
    assert open_page(site, "/challenges/999/").status_code == 404


def test_a_challenge_page_resumes_its_game_and_new_game_restarts_the_same_challenge(site):
    first = game_id(open_page(site, "/challenges/1/").content.decode())
    assert game_id(open_page(site, "/challenges/1/").content.decode()) == first
    html = site.post("/challenges/1/new/", **HTMX).content.decode()
    again = Game.objects.get(pk=game_id(html))
    assert (again.mode, again.challenge, again.status) == ("challenge", 1, "playing")
    assert Game.objects.get(pk=first).status == "abandoned"
    assert 'hx-post="/challenges/1/new/"' in html


def test_a_won_challenge_shows_the_win_overlay_with_next_challenge(site):
    html = win_by_htmx(site, 1).content.decode()
    game = Game.objects.get(player=player_of(site), mode="challenge", status="won")
    assert (game.score, game.target, game.stars) == (1500, 1500, 1)
    assert "Challenge 1 won!" in html
    assert 'data-testid="final-score" data-value="1500"' in html
    assert 'data-testid="final-target" data-value="1500"' in html
    assert '<a class="btn btn--primary btn--wide" href="/challenges/2/" data-autofocus>Next challenge</a>' in html
    assert "★ 1 star earned" in html and "For playing: +1" in html
    assert "Score bonus" not in html and "over the 60-a-day cap" not in html.lower()
    assert 'data-testid="level-needs"' not in html  # levels come from Classic games only


def test_a_challenge_page_shows_that_challenges_best_and_last_game_and_after_a_win_the_next(site):
    """Challenge 2, never played, showed challenge 1's crown and last game."""
    win_by_htmx(site, 1)
    second = open_page(site, "/challenges/2/").content.decode()
    assert 'data-testid="high-score" data-value="0"' in second
    assert 'data-testid="last-game"' not in second and 'data-testid="bar-next-challenge"' not in second
    first = open_page(site, "/challenges/1/").content.decode()  # back from the review: a new game of challenge 1
    won = Game.objects.get(player=player_of(site), mode="challenge", challenge=1, status="won")
    assert 'data-testid="high-score" data-value="1500"' in first
    assert f'href="/games/{won.public_id}/review/"' in first and "Your last game: 1,500 points" in first
    assert '<a href="/challenges/2/" data-testid="bar-next-challenge">Next challenge</a>' in first


def test_a_lost_challenge_offers_try_again_for_the_same_challenge(site):
    open_page(site, "/challenges/1/")
    game = Game.objects.get(player=player_of(site), mode="challenge", challenge=1)
    Game.objects.filter(pk=game.pk).update(status="no_moves", continues_left=0)
    html = site.post(f"/games/{game.pk}/decline/", **HTMX).content.decode()
    assert "Challenge 1 not won" in html and "Try again" in html and "Next challenge" not in html
    assert 'hx-post="/challenges/1/new/"' in html


def test_the_daily_page_gives_the_same_game_twice_and_a_countdown_to_midnight(site):
    first = open_page(site, "/daily/").content.decode()
    second = open_page(site, "/daily/").content.decode()
    assert game_id(first) == game_id(second)
    daily = Game.objects.get(pk=game_id(first))
    assert (daily.mode, daily.day, daily.continues_left) == ("daily", game_day(), 0)
    tomorrow = game_day().toordinal() + 1
    target = re.search(r'data-countdown data-target="([^"]+)"', first).group(1)
    import datetime as dt

    assert dt.datetime.fromisoformat(target).date().toordinal() == tomorrow
    assert target.endswith(("-08:00", "-07:00")) and "T00:00:00" in target
    assert "js/countdown.js" in first and 'hx-post="/games/new/"' not in first
    assert "Today’s Daily closes in" in first and "Next Daily in" not in first  # playable now, not "come back later"


@pytest.mark.parametrize(
    ("language", "sentence", "button"),
    [
        ("en", "JavaScript is off in this browser: press Start to deal your game.", "Start"),
        ("zh-hant", "這個瀏覽器關閉了 JavaScript：按「開始」為你發牌。", "開始"),
    ],
)
def test_the_dailys_start_button_and_what_it_does_show_only_without_scripts(site, language, sentence, button):
    """A new player's trial: a slow first Daily showed "Dealing your game… [Start]", the button unexplained."""
    page = site.get("/daily/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f'<noscript><p>{sentence}</p>\n  <button type="submit" class="btn">{button}</button></noscript>' in page
    site.post("/daily/start/")  # what the button posts, without the client seed a script would add
    assert Game.objects.get(player=player_of(site), mode="daily").client_seed_by == "server"


def test_the_dailys_best_stays_the_finished_games_while_the_classics_follows_the_running_score(site):
    """A new player's trial: the Daily's crown counted up with the running score (10 after the first move)."""
    for path, mode in (("/daily/", "daily"), ("/", "classic")):
        open_page(site, path)
        Game.objects.filter(player=player_of(site), mode=mode).update(score=3000)
    daily = open_page(site, "/daily/").content.decode()
    classic = open_page(site, "/").content.decode()
    assert '<span class="stat-value" data-testid="high-score" data-value="0">0</span>' in daily
    follows = '<span class="stat-value" data-follows-score data-testid="high-score" data-value="3000">3,000</span>'
    assert follows in classic


def test_a_finished_daily_shows_the_result_and_no_new_game_or_continue(site):
    open_page(site, "/daily/")
    daily = Game.objects.get(player=player_of(site), mode="daily")
    Game.objects.filter(pk=daily.pk).update(status="no_moves", score=3000)
    services.game_decline(player=player_of(site), game_id=daily.pk)
    html = open_page(site, "/daily/").content.decode()
    assert game_id(html) == daily.public_id
    assert 'data-testid="game-over"' in html and 'data-testid="final-score" data-value="3000"' in html
    area = re.search(r'<section id="play-area".*?</section>', html, re.S).group(0)
    assert "Continue" not in area and "New game" not in area and "hx-post" not in area
    assert "One Daily a day" in html
    assert "Today’s Daily closes in" in html  # still true once played: the next one starts then
    assert 'data-testid="level-needs"' not in html


def test_practice_shows_no_stars_after_game_over_and_new_game_starts_practice(site):
    html = open_page(site, "/practice/").content.decode()
    dialog = re.search(r'<dialog id="new-game-dialog".*?</dialog>', html, re.S).group(0)
    assert "This game ends here and a new one starts." in dialog and "stars" not in dialog
    assert "Simpler scoring: 10 points a line, 1 a square, no combo." in html
    practice = Game.objects.get(pk=game_id(html))
    assert practice.mode == "practice" and 'hx-post="/practice/new/"' in html
    Game.objects.filter(pk=practice.pk).update(status="no_moves", score=9000)
    over = site.post(f"/games/{practice.pk}/decline/", **HTMX).content.decode()
    assert 'data-testid="game-over"' in over
    words = re.sub(r'<template id="bk-rules-box">.*?</template>', "", over, flags=re.S)  # the numbers, not words
    assert "star" not in words.lower()
    assert 'data-testid="stars"' not in over
    new = site.post("/practice/new/", **HTMX).content.decode()
    fresh = Game.objects.get(pk=game_id(new))
    assert (fresh.mode, fresh.status) == ("practice", "playing")
    classic = Game.objects.filter(player=player_of(site), mode="classic")  # the first visit's (log_in_new_guest)
    assert list(classic.values_list("status", flat=True)) == ["playing"]


def test_a_capped_game_says_how_many_stars_were_not_paid(site):
    player = player_of(site)
    stars_add(player=player, amount=58, reason=StarReason.GAME, day=game_day())
    open_page(site, "/")
    classic = Game.objects.get(player=player, mode="classic")
    Game.objects.filter(pk=classic.pk).update(status="no_moves", score=12500)
    html = site.post(f"/games/{classic.pk}/decline/", **HTMX).content.decode()
    assert "★ 2 stars earned" in html
    assert "For playing: +1" in html and "Score bonus: +5" in html
    assert "Over the 60-a-day cap: 4 not paid" in html
    assert "Lv +1 for every Classic game of 2,500+ points." in html


def test_the_nav_links_every_mode(site):
    html = site.get("/challenges/").content.decode()
    nav = re.search(r'<nav class="site-nav".*?</nav>', html, re.S).group(0)
    for href in ("/", "/challenges/", "/daily/", "/practice/", "/leaderboards/", "/how-to-play/", "/settings/"):
        assert f'href="{href}"' in nav
    assert 'href="/challenges/" aria-current="page"' in nav


def test_a_finished_daily_says_when_it_closes_and_then_who_won(client, db):
    from blockknock.accounts.models import Player
    from game.daily.close import daily_close

    open_page(client, "/daily/")
    game = Game.objects.get(mode="daily")
    Game.objects.filter(pk=game.pk).update(status="over", score=640)
    page = open_page(client, "/daily/").content.decode()
    end = day_end(game.day).isoformat()  # a moment, which the browser shows in local time
    when = f'<time class="local-time" datetime="{end}" data-local-time="{{time}} your time">'
    when += "midnight in San Francisco</time>"
    closes = f"closes at {when}, in "
    assert "This Daily " + closes in page
    assert "Your replay, review and fair-deal check open when today's Daily " + closes[:-5] + "." in page
    # a guest is not paid (docs/rules.md § Stars), said in a newcomer's words (it said "the best kept account")
    assert ". Then the top score from an account with a passkey or a verified email wins 100 stars." in page
    zh = open_page(client, "/daily/", HTTP_ACCEPT_LANGUAGE="zh-hant").content.decode()
    zh_when = f'<time class="local-time" datetime="{end}" data-local-time="你的時間{{time}}">舊金山時間午夜</time>'
    assert f"這個每日挑戰在{zh_when}結束，還有 " in zh
    assert "。屆時，有通行密鑰或已驗證電子郵件的帳號中，最高分贏得 100 顆星。" in zh
    secure(Player.objects.get())
    daily_close(day=game.day)
    page = open_page(client, "/daily/").content.decode()
    name = Player.objects.get().name
    assert f"This Daily has closed. Won by {name} with 640 points (100 stars each)." in page


def test_a_daily_only_guests_finished_says_nobody_was_paid(client, db):
    from game.daily.close import daily_close

    open_page(client, "/daily/")
    game = Game.objects.get(mode="daily")
    Game.objects.filter(pk=game.pk).update(status="over", score=640)
    daily_close(day=game.day)
    page = open_page(client, "/daily/").content.decode()
    assert "This Daily has closed. Nobody who can sign back in finished it, so its stars were not paid." in page


def test_the_daily_page_names_yesterdays_winners(client, db):
    import datetime as dt

    from django.utils import timezone

    from blockknock.calendar import game_day
    from game.models import DailyClose

    DailyClose.objects.create(
        day=game_day() - dt.timedelta(days=1), closed_at=timezone.now(), top_score=9120, winners=["Ada", "Bo"]
    )
    assert "Yesterday's Daily was won by Ada, Bo with 9,120 points." in open_page(client, "/daily/").content.decode()


def test_the_header_shows_the_level_badge_and_stars(client, db):
    log_in_new_guest(client)
    open_page(client, "/")
    Player.objects.update(level=3, stars=42)
    page = client.get("/how-to-play/").content.decode()
    assert re.search(r'data-testid="level"[^>]*>Lv 3<', page)
    assert re.search(r'data-testid="stars"[^>]*><span aria-hidden="true">★</span> 42<', page)


@pytest.mark.parametrize(
    ("language", "title", "note"),
    [("en", "Classic", "Weekly and all-time leaderboards"), ("zh-hant", "經典", "本週排行與總排行")],
)
def test_classic_names_its_mode_in_a_visible_bar_like_the_others(site, language, title, note):
    """Trial report: Classic's bar was a visually-hidden h1 only; it says its mode and what it counts for."""
    html = open_page(site, "/", HTTP_ACCEPT_LANGUAGE=language).content.decode()
    assert f'<header class="mode-bar">\n  <h1 class="mode-title">{title}</h1>' in html
    assert f'<p class="mode-note">{note}</p>' in html
    assert 'class="visually-hidden">Block Knock! Classic' not in html
