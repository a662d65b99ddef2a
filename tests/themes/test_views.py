"""The shop page (Settings → Theme), its HTMX and plain-form actions, the looks stylesheet."""

import json
import re

import pytest

from blockknock.accounts.models import Player, StarEntry, StarReason
from themes.models import Theme

from .conftest import give_stars

pytestmark = pytest.mark.usefixtures("looks")


@pytest.fixture
def browser(client, player):
    """A browser session playing as ``player``."""
    client.force_login(player)
    return client


def card(html: str, slug: str) -> str:
    match = re.search(rf'<li class="look-card[^"]*" data-theme="{slug}".*?</li>', html, re.S)
    assert match, slug
    return match.group(0)


def test_the_shop_shows_every_look_as_a_mini_board_in_its_own_look(browser):
    html = browser.get("/settings/theme/").content.decode()
    cards = re.findall(r'<li class="look-card[^"]*" data-theme="([^"]+)"', html)
    assert len(cards) == 17
    assert cards[0] == "glass" and cards[-1] == "paper-ink"
    assert html.count('<div class="mini-board">') == 17
    assert "In use" in card(html, "glass")
    assert "Free" in card(html, "velvet-dusk")
    assert "★ 1,180" in card(html, "paper-ink")
    assert 'aria-label="Buy Aurora for 50 stars"' in card(html, "aurora")


def test_a_first_visit_to_the_shop_shows_it_as_to_a_new_player_and_makes_no_guest(client):
    answer = client.get("/settings/theme/")
    html = answer.content.decode()
    assert answer.status_code == 200 and not answer.wsgi_request.user.is_authenticated
    assert 'data-stars="0"' in html and "In use" in card(html, "glass") and "Free" in card(html, "velvet-dusk")
    assert "50 more ★ needed" in card(html, "aurora")
    assert Player.objects.count() == 0


def test_putting_on_a_free_look_on_a_first_visit_makes_the_guest(client):
    answer = client.post("/settings/theme/velvet-dusk/use/", HTTP_HX_REQUEST="true")
    assert answer.status_code == 200
    guest = Player.objects.get()
    assert (guest.is_guest, guest.theme) == (True, "velvet-dusk")


def test_buying_in_the_shop_with_htmx_puts_the_look_on_at_once(browser, player):
    give_stars(player, 60)
    answer = browser.post("/settings/theme/aurora/buy/", HTTP_HX_REQUEST="true")
    assert answer.status_code == 200
    html = answer.content.decode()
    assert html.lstrip().startswith('<section id="shop"')  # the partial only
    assert "Aurora is yours for 50 stars, and it&#x27;s on." in html
    assert "In use" in card(html, "aurora")
    assert json.loads(answer["HX-Trigger"]) == {"bk:look": {"slug": "aurora", "stars": 10}}
    player.refresh_from_db()
    assert (player.theme, player.stars) == ("aurora", 10)


def test_the_look_applies_to_every_page(browser, player):
    browser.post("/settings/theme/midnight-arcade/use/")
    for url in ["/", "/settings/", "/how-to-play/", "/settings/theme/"]:
        assert '<html lang="en" data-theme="midnight-arcade">' in browser.get(url).content.decode(), url


def test_not_enough_stars_in_the_shop_says_so_and_charges_nothing(browser, player):
    give_stars(player, 20)
    answer = browser.post("/settings/theme/aurora/buy/", HTTP_HX_REQUEST="true")
    html = answer.content.decode()
    assert "Aurora costs 50 stars and you have 20: 30 more to go." in card(html, "aurora")
    assert "look-message--error" in html
    assert "HX-Trigger" not in answer
    player.refresh_from_db()
    assert (player.theme, player.stars) == ("glass", 20)


def test_without_javascript_a_buy_answers_the_shop_with_the_message_in_the_look_card(browser, player):
    give_stars(player, 50)
    answer = browser.post("/settings/theme/aurora/buy/")
    assert answer.status_code == 200
    html = answer.content.decode()
    assert "Aurora is yours for 50 stars, and it&#x27;s on." in card(html, "aurora")
    assert 'data-testid="shop-message"' not in card(html, "glass")
    assert 'data-theme="aurora">' in html.split("\n", 3)[2]  # the <html> element


def test_without_javascript_a_refused_buy_says_why_in_the_look_card_with_its_status(browser, player):
    give_stars(player, 20)
    answer = browser.post("/settings/theme/aurora/buy/")
    assert answer.status_code == 409
    aurora = card(answer.content.decode(), "aurora")
    assert "Aurora costs 50 stars and you have 20: 30 more to go." in aurora
    assert "look-message--error" in aurora


def test_a_look_the_player_cannot_afford_has_its_buy_disabled_and_says_what_is_missing(browser, player):
    give_stars(player, 38)
    html = browser.get("/settings/theme/").content.decode()
    aurora, ember = card(html, "aurora"), card(html, "ember")
    assert "12 more ★ needed" in aurora and "47 more ★ needed" in ember
    assert re.search(
        r'<button type="submit" class="btn btn--primary btn--small" disabled aria-describedby="look-missing-aurora"',
        aurora,
    )
    give_stars(player, 12)
    aurora = card(browser.get("/settings/theme/").content.decode(), "aurora")
    assert "needed" not in aurora and " disabled" not in aurora


def test_a_player_with_no_stars_is_told_the_whole_price_is_missing(browser):
    assert "50 more ★ needed" in card(browser.get("/settings/theme/").content.decode(), "aurora")


def test_buying_twice_in_the_shop_charges_once(browser, player):
    give_stars(player, 100)
    browser.post("/settings/theme/aurora/buy/")
    browser.post("/settings/theme/aurora/buy/")
    assert StarEntry.objects.filter(player=player, reason=StarReason.PURCHASE).count() == 1
    player.refresh_from_db()
    assert player.stars == 50


def test_using_a_look_not_owned_in_the_shop_is_refused(browser, player):
    answer = browser.post("/settings/theme/aurora/use/", HTTP_HX_REQUEST="true")
    assert "Aurora is not yours yet: buy it for 50 stars first." in answer.content.decode()
    player.refresh_from_db()
    assert player.theme == "glass"


@pytest.mark.parametrize("action", ["buy", "use"])
def test_shop_actions_are_posts_and_unknown_looks_are_404(browser, action):
    assert browser.get(f"/settings/theme/aurora/{action}/").status_code == 405
    assert browser.post(f"/settings/theme/no-such-look/{action}/").status_code == 404


def test_settings_has_a_theme_section_leading_to_the_shop(browser, player):
    browser.post("/settings/theme/velvet-dusk/use/")
    html = browser.get("/settings/").content.decode()
    section = re.search(
        r'<section class="settings-group" aria-labelledby="theme-title">.*?</section>', html, re.S
    ).group(0)
    assert 'href="/settings/theme/"' in section
    assert 'data-theme="velvet-dusk"' in section
    assert "Velvet Dusk" in section
    assert 'href="/settings/scoring/"' in html  # How scoring works


def test_pages_link_the_versioned_looks_stylesheet(client):
    html = client.get("/how-to-play/").content.decode()
    match = re.search(r'<link rel="stylesheet" href="(/themes/looks\.css\?v=(\w+))">', html)
    assert match
    assert "<style" not in html  # no inline styles: a strict CSP applies


def test_the_looks_stylesheet_is_css_with_an_etag(client):
    answer = client.get("/themes/looks.css")
    assert answer.status_code == 200
    assert answer["Content-Type"] == "text/css; charset=utf-8"
    assert answer["Cache-Control"] == "public, no-cache"
    etag = answer["ETag"]
    text = answer.content.decode()
    assert text.count("[data-theme=") == 17
    assert '[data-theme="paper-ink"] {\n  color-scheme: light;' in text
    again = client.get("/themes/looks.css", HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304


def test_the_versioned_looks_stylesheet_may_be_kept_for_a_year(client):
    version = client.get("/themes/looks.css")["ETag"].strip('"')
    answer = client.get(f"/themes/looks.css?v={version}")
    assert answer["Cache-Control"] == "public, max-age=31536000, immutable"
    stale = client.get("/themes/looks.css?v=old")
    assert stale["Cache-Control"] == "public, no-cache"


def test_editing_a_look_in_the_admin_changes_the_stylesheet(client, admin_client):
    before = client.get("/themes/looks.css")
    aurora = Theme.objects.get(slug="aurora")
    form = {
        field: getattr(aurora, field)
        for field in (
            "name",
            "name_zh_hant",
            "slug",
            "price",
            "order",
            "background",
            "background_2",
            "board",
            "cell",
            "block",
            "block_edge",
            "accent",
            "text",
            "text_dim",
            "accent_text",
            "gold",
            "pieces",
            "extra",
        )
    }
    form.update(active="on", block="#33cc99")
    answer = admin_client.post(f"/admin/themes/theme/{aurora.pk}/change/", form)
    assert answer.status_code == 302, answer.content.decode()[:2000]
    after = client.get("/themes/looks.css", HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200
    assert after["ETag"] != before["ETag"]
    assert "--block: #33cc99;" in after.content.decode()


def test_the_admin_refuses_an_unreadable_look(admin_client):
    aurora = Theme.objects.get(slug="aurora")
    form = {
        field: getattr(aurora, field)
        for field in (
            "name",
            "name_zh_hant",
            "slug",
            "price",
            "order",
            "background",
            "background_2",
            "board",
            "cell",
            "block",
            "block_edge",
            "accent",
            "text",
            "text_dim",
            "accent_text",
            "gold",
            "pieces",
            "extra",
        )
    }
    form.update(active="on", text="#123b33")
    answer = admin_client.post(f"/admin/themes/theme/{aurora.pk}/change/", form)
    assert answer.status_code == 200
    assert "Hard to read" in answer.content.decode()
    assert Theme.objects.get(slug="aurora").text == "#e8fff8"


def test_the_admin_lists_and_previews_the_looks(admin_client):
    listing = admin_client.get("/admin/themes/theme/")
    assert listing.status_code == 200
    html = listing.content.decode()
    assert html.count('class="bk-swatches"') == 17
    assert "/themes/looks.css" in html
    aurora = Theme.objects.get(slug="aurora")
    change = admin_client.get(f"/admin/themes/theme/{aurora.pk}/change/").content.decode()
    assert '<div class="bk-look-preview" data-theme="aurora">' in change
