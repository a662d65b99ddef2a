"""The "Was it fair?" page checks every hand in the browser (static/js/fair/page.js).

Real finished games, self-played through the services by a bot (dealer 2, fixed
seeds: the same game every run), are opened in Chromium: the script loads the public
replay and recomputes every hand from the revealed seeds. A tampered replay must name the hand that does not match.
"""

from __future__ import annotations

import random
import re

import pytest
from playwright.sync_api import Page, expect

from blockknock.accounts.services import guest_create
from game import services
from game.models import Game
from tests.e2e.test_fair_replays import ship_the_ladder
from tests.game.conftest import fixed_seeds  # noqa: F401 (a fixture: the same seeds, so the same game, every run)
from tests.game.test_audit import self_play
from tests.helpers import hands_of
from tests.tools.tamper import first_hands
from tests.tools.test_verify_self_played import replay_json
from tools.bots import greedy_bot, random_bot

SLOW_MS = 30_000
"""Waits on a long game's pages (20 hands of witnesses each, drawn by the server) on a busy machine."""

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.usefixtures("fixed_seeds")]


def fair_url(game) -> str:
    return f"/games/{game.public_id}/fair/"


def serve_changed(page: Page, game, change) -> None:
    """Answer the page's GET of the game's replay with the real one after ``change(replay)``."""

    def handle(route):
        replay = route.fetch().json()
        change(replay)
        route.fulfill(json=replay)

    page.route(f"**/api/games/{game.public_id}/replay/", handle)


def finished_game(seed: int):
    game = self_play(guest_create(), "classic", random_bot, random.Random(seed), max_moves=300)
    assert game.status == "over"
    return game


def test_a_game_dealt_before_verifiable_deals_says_so_instead_of_verifying(page: Page):
    game = finished_game(5)
    serve_changed(page, game, lambda replay: replay["game"].update(fair=None))
    published = [{"mode": "classic", "dealer": 1, "from_game": 1}, {"mode": "classic", "dealer": 4, "from_game": 10**9}]
    page.route("**/api/dealers/", lambda route: route.fulfill(json=published))  # dealer 1's: before any cut-over
    page.goto(fair_url(game))
    check = page.get_by_test_id("fair-check")
    expect(check).to_have_attribute("data-outcome", "unverified")
    expect(page.get_by_test_id("fair-summary")).to_contain_text("dealt before verifiable deals")
    expect(page.get_by_test_id("fair-verdict").first).to_be_hidden()


def first_showings(steps) -> list[int]:
    """The index of the step where each hand of a replay is first shown, deal 0 first."""
    firsts = []
    for index, step in enumerate(steps):
        before = steps[index - 1] if index else None
        finished_hand = before is not None and "move" in before and sum(not s["used"] for s in before["hand"]) == 1
        if before is None or step.get("continue") or finished_hand:
            firsts.append(index)
    return firsts


def expect_verified(page: Page, game) -> None:
    shown = min(game.deals, 20)
    expect(page.get_by_test_id("fair-check")).to_have_attribute("data-outcome", "verified")
    summary = f"Every hand verified in your browser ({game.deals} of {game.deals})"
    expect(page.get_by_test_id("fair-summary")).to_contain_text(summary)
    verdicts = page.get_by_test_id("fair-verdict")
    expect(verdicts).to_have_count(shown)
    for k in range(shown):
        expect(verdicts.nth(k)).to_contain_text("Verified in your browser")
    expect(page.get_by_test_id("fair-failures")).to_be_hidden()


def test_every_hand_of_a_finished_game_is_verified_in_the_browser(page: Page):
    game = finished_game(5)
    assert game.deals >= 4 and game.continues_left == 0  # a Continue was taken
    page.goto(fair_url(game))
    expect_verified(page, game)
    fair = page.request.get(f"/api/games/{game.public_id}/replay/").json()["game"]["fair"]
    expect(page.locator('[data-fair-seed="commitment"]')).to_have_text(fair["commitment"])
    expect(page.locator('[data-fair-seed="server_seed"]')).to_have_text(fair["server_seed"])


def test_a_game_that_ran_out_of_moves_is_said_to_be_stuck(page: Page):
    game = finished_game(5)
    assert game.continues_left == 0 and game.events[-1] != ("decline",)
    page.goto(fair_url(game))
    expect_verified(page, game)
    expect(page.get_by_test_id("fair-ending")).to_have_text(
        "How it ended: stuck, no piece fitted and no Continue was left."
    )


def declined_challenge():
    """Challenge 1, lost: at "No moves left" the player said No thanks (a Continue was left)."""
    ship_the_ladder()  # a transactional test before may have flushed it
    game = self_play(guest_create(), "challenge", random_bot, random.Random(4), challenge=1, at_no_moves="decline")
    assert game.status == "over" and game.events[-1] == ("decline",)
    return game


def test_a_declined_challenge_is_checked_against_the_published_ladder_and_said_to_be_declined(page: Page):
    game = declined_challenge()
    ladder = []
    page.on("request", lambda request: ladder.append(request.url) if "/api/challenges/" in request.url else None)
    page.goto(fair_url(game))
    expect_verified(page, game)
    expect(page.get_by_test_id("fair-ending")).to_have_text(
        f"How it ended: declined, No thanks at step {game.seq} (a Continue was left)."
    )
    assert len(ladder) == 1


def test_a_challenge_whose_start_board_is_not_the_published_one_is_refused(page: Page):
    game = declined_challenge()

    def other_board(route):
        published = route.fetch().json()
        for entry in published:
            if entry["number"] == 1:
                entry["start_board"][0] = "#......#"
        route.fulfill(json=published)

    page.route("**/api/challenges/", other_board)
    page.goto(fair_url(game))
    expect(page.get_by_test_id("fair-check")).to_have_attribute("data-outcome", "failed")
    failures = page.get_by_test_id("fair-failures").locator("li")
    expect(failures.first).to_have_text(
        "The start board is not the published one of this challenge and version (row 1 differs)."
    )


@pytest.mark.parametrize(
    ("number", "version", "why"),
    [
        (33, 1, "Challenge 33 is not in the published ladder (challenges 1 to 32)."),
        (1, 2, "Challenge 1 has no published version 2."),
    ],
)
def test_a_challenge_number_or_version_the_ladder_does_not_have_is_refused_in_words(page: Page, number, version, why):
    game = declined_challenge()
    serve_changed(page, game, lambda replay: replay["game"].update(challenge=number, challenge_version=version))
    page.goto(fair_url(game))
    expect(page.get_by_test_id("fair-check")).to_have_attribute("data-outcome", "failed")
    failures = page.get_by_test_id("fair-failures").locator("li")
    expect(failures.filter(has_text=why)).to_have_text(why)
    first_hand = hands_of(game)[0]  # the other label deals other hands, from the first on
    shown_first = re.compile(rf"^Hand 1: Step 1: the replay shows {', '.join(first_hand)}; the rule deals ")
    expect(failures.filter(has_text=shown_first)).to_have_count(1)


@pytest.mark.parametrize("case", ["lost challenge 1 as classic", "lost classic as challenge 1"])
def test_a_game_shown_under_another_label_is_refused_at_its_first_hand_in_words(page: Page, case):
    """Challenge 1 starts empty with the base set, as Classic does: only the label each deal reads tells them apart."""
    if case == "lost challenge 1 as classic":
        game, label, change = declined_challenge(), "classic", {"mode": "classic", "challenge": None}
        change |= {"challenge_version": None, "target": None}
    else:
        ship_the_ladder()  # a transactional test before may have flushed it
        game, label = finished_game(5), "challenge 1 version 1"
        change = {"mode": "challenge", "challenge": 1, "challenge_version": 1, "target": 1500}
        assert game.score < 1500  # lost there: it never reached the target
    serve_changed(page, game, lambda replay: replay["game"].update(change))
    page.goto(fair_url(game))
    expect(page.get_by_test_id("fair-check")).to_have_attribute("data-outcome", "failed")
    shown, dealt = first_hands(replay_json(game), label)
    expect(page.get_by_test_id("fair-failures").locator("li").first).to_have_text(
        f"Hand 1: Step 1: the replay shows {', '.join(shown)}; the rule deals {', '.join(dealt)}."
    )


def test_a_replay_showing_another_hand_than_the_rule_deals_names_that_hand(page: Page):
    game = finished_game(5)
    assert game.deals >= 4
    dealt = hands_of(game)[2]
    swapped = "mono" if dealt[2] != "mono" else "I2-h"  # a piece placed after the hand's clear: the score keeps

    def tamper(replay):
        step = replay["steps"][first_showings(replay["steps"])[2]]
        assert [entry["piece"] for entry in step["hand"]] == dealt
        step["hand"][2].update(piece=swapped, cells=[[0, 0]] if swapped == "mono" else [[0, 0], [0, 1]])

    serve_changed(page, game, tamper)
    page.goto(fair_url(game))
    expect(page.get_by_test_id("fair-check")).to_have_attribute("data-outcome", "failed")
    expect(page.get_by_test_id("fair-summary")).to_have_text(
        f"Not verified: 1 of {game.deals} hands do not match the published rule."
    )
    shown = ", ".join([dealt[0], dealt[1], swapped])
    why = f"the replay shows {shown}; the rule deals {', '.join(dealt)}."
    failures = page.get_by_test_id("fair-failures").locator("li")
    expect(failures).to_have_count(1)
    expect(failures.first).to_contain_text("Hand 3: Step ")
    expect(failures.first).to_contain_text(why)
    verdict = page.locator('[data-deal="2"] [data-fair-verdict]')
    expect(verdict).to_be_visible()  # the hands' proof unfolds when one does not match
    expect(verdict).to_contain_text("Does not match")
    expect(verdict).to_contain_text(why)
    for k in (0, 1, 3):
        expect(page.locator(f'[data-deal="{k}"] [data-fair-verdict]')).to_contain_text("Verified in your browser")


def test_a_revealed_server_seed_that_is_not_the_committed_one_fails_the_commitment_and_the_hands(page: Page):
    game = finished_game(5)
    serve_changed(page, game, lambda replay: replay["game"]["fair"].update(server_seed="00" * 32))
    page.goto(fair_url(game))
    expect(page.get_by_test_id("fair-check")).to_have_attribute("data-outcome", "failed")
    failures = page.get_by_test_id("fair-failures").locator("li")
    expect(failures.first).to_have_text(
        "The revealed server seed does not match the commitment published before the game."
    )
    expect(failures.nth(1)).to_contain_text("Hand 1: Step 1: the replay shows ")
    expect(page.locator('[data-fair-seed="server_seed"]')).to_have_text("00" * 32)


def test_changed_points_and_score_are_named_in_plain_words_with_their_step(page: Page):
    game, seen = finished_game(5), {}

    def change(replay):
        seen["points"] = replay["steps"][0]["result"]["points"]
        replay["steps"][0]["result"]["points"] += 10
        replay["game"]["score"] += 10

    serve_changed(page, game, change)
    page.goto(fair_url(game))
    expect(page.get_by_test_id("fair-check")).to_have_attribute("data-outcome", "failed")
    expect(page.get_by_test_id("fair-summary")).to_have_text(
        f"Not verified: 1 of {game.deals} hands do not match the published rule."
    )
    failures = page.get_by_test_id("fair-failures").locator("li")
    expect(failures).to_have_count(2)
    expect(failures.first).to_have_text(
        f"At the end of the game the replay says final score {game.score + 10}; its moves give {game.score}."
    )
    points = seen["points"]
    expect(failures.nth(1)).to_have_text(
        f"Hand 1: Step 1: the replay says points {points + 10}; the rules give {points}."
    )


def test_changed_stars_alone_fail_the_game_and_say_so_in_the_summary(page: Page):
    game = finished_game(5)
    serve_changed(page, game, lambda replay: replay["game"].update(stars=replay["game"]["stars"] + 1))
    page.goto(fair_url(game))
    expect(page.get_by_test_id("fair-check")).to_have_attribute("data-outcome", "failed")
    expect(page.get_by_test_id("fair-summary")).to_have_text(
        "Not verified: every hand matches the published rule, but the game’s start, score, result or stars"
        " do not match its moves and rules."
    )
    expect(page.get_by_test_id("fair-failures").locator("li")).to_have_text(
        ["The stars shown for this game are not the ones the rules give for its score and result."]
    )


@pytest.mark.parametrize("language", ["en", "zh-Hant"])
def test_the_check_and_its_seeds_fit_a_360_pixel_phone(browser, live_server, language):
    game = finished_game(5)
    context = browser.new_context(base_url=live_server.url, viewport={"width": 360, "height": 640}, locale=language)
    try:
        page = context.new_page()
        page.goto(fair_url(game))
        expect(page.get_by_test_id("fair-check")).to_have_attribute("data-outcome", "verified")
        assert page.evaluate("document.documentElement.scrollWidth") == 360
        page.get_by_test_id("fair-how").locator("summary").click()  # the seeds are under "How it was checked"
        check = page.get_by_test_id("fair-check").bounding_box()
        for field in ("commitment", "server_seed", "client_seed"):
            seed = page.locator(f'[data-fair-seed="{field}"]').bounding_box()
            assert check["x"] < seed["x"] and seed["x"] + seed["width"] < check["x"] + check["width"]
    finally:
        context.close()


def test_on_a_phone_the_verdict_reads_in_the_first_screen_and_the_proof_is_folded_under_it(phone_page: Page):
    """The page led with the proof's details: 11,800 px on a phone before the end of a long game's page."""
    page = phone_page
    game = finished_game(5)
    page.goto(fair_url(game))
    expect(page.get_by_test_id("fair-check")).to_have_attribute("data-outcome", "verified")
    summary = page.get_by_test_id("fair-summary").bounding_box()
    assert summary["y"] + summary["height"] <= page.viewport_size["height"]  # the verdict, without scrolling
    hands = page.get_by_test_id("fair-hands")
    expect(hands.locator("summary")).to_have_text(
        f"Every hand ({game.deals}), each with one way to place its three pieces"
    )
    expect(page.get_by_test_id("fair-hand").first).to_be_hidden()
    assert page.evaluate("document.documentElement.scrollHeight") < 2 * page.viewport_size["height"]
    hands.locator("summary").tap()
    expect(page.get_by_test_id("fair-hand").first).to_be_visible()
    expect(page.get_by_test_id("fair-verdict").first).to_contain_text("Verified in your browser")


def test_a_hand_that_does_not_match_on_a_later_page_is_linked_from_the_first(page: Page):
    player = guest_create()
    game = self_play(player, "classic", greedy_bot, random.Random(2), max_moves=90)
    services.game_start(player=player, mode="classic")  # abandons it: ended, its seed revealed
    game.refresh_from_db()
    assert game.status == "abandoned" and game.deals > 22

    def tamper(replay):
        step = replay["steps"][first_showings(replay["steps"])[21]]
        step["hand"][0].update(piece="O9", cells=[[r, c] for r in range(3) for c in range(3)])

    page.set_default_timeout(SLOW_MS)
    serve_changed(page, game, tamper)
    page.goto(fair_url(game))
    expect(page.get_by_test_id("fair-check")).to_have_attribute("data-outcome", "failed", timeout=SLOW_MS)
    failure = page.get_by_test_id("fair-failures").locator("li")
    expect(failure).to_have_count(1)
    expect(failure.locator("a")).to_have_attribute("href", "?page=2#hand-21")
    expect(page.get_by_test_id("fair-verdict")).to_have_count(20)
    expect(page.locator(".fair-verdict--ok")).to_have_count(20)
    failure.locator("a").click()
    expect(page).to_have_url(re.compile(r"\?page=2#hand-21$"))
    expect(page.locator('[data-deal="21"] [data-fair-verdict]')).to_contain_text("Does not match", timeout=SLOW_MS)
    expect(page.locator('[data-deal="21"] [data-fair-verdict]')).to_contain_text("the replay shows O9, ")


def start_new_game(page: Page, old_id: str) -> str:
    """New game from the board's tools, confirmed; the id of the game that replaced ``old_id``."""
    page.locator(".tools").get_by_role("button", name="New game").click()
    page.get_by_test_id("confirm-new-game").click()
    expect(page.locator("#play-area")).not_to_have_attribute("data-game-id", old_id)
    return page.locator("#play-area").get_attribute("data-game-id")


def test_the_check_says_this_browser_saw_the_commitment_and_sent_the_client_seed(page: Page, browser, live_server):
    page.goto("/")
    first = page.locator("#play-area").get_attribute("data-game-id")
    shown = page.locator(".tools [data-next-commitment]").get_attribute("data-next-commitment")
    game_id = start_new_game(page, first)  # takes the commitment the page showed
    latest = start_new_game(page, game_id)  # abandons it: finished, its seed revealed
    game, next_game = Game.objects.get(pk=game_id), Game.objects.get(pk=latest)
    sent = page.evaluate("JSON.parse(localStorage.getItem('bk-used-client-seeds'))")
    assert game.status == "abandoned" and [next_game.client_seed, game.client_seed] == sent[:2]
    assert game.client_seed != next_game.client_seed  # a fresh seed with every start, never one kept

    page.goto(f"/games/{game_id}/fair/")
    expect(page.get_by_test_id("fair-check")).to_have_attribute("data-outcome", "verified")
    expect(page.locator('[data-fair-seed="commitment"]')).to_have_text(shown)
    seen = page.get_by_test_id("fair-seen").locator("li")
    expect(seen).to_have_count(2)
    expect(seen.nth(0)).to_have_attribute("data-seen", "commitment:yes")
    expect(seen.nth(0)).to_have_text(re.compile("^This browser was shown this commitment before the game began"))
    expect(seen.nth(1)).to_have_attribute("data-seen", "client-seed:yes")

    stranger = browser.new_context(base_url=live_server.url).new_page()  # another browser: no record
    stranger.goto(f"/games/{game_id}/fair/")
    expect(stranger.get_by_test_id("fair-check")).to_have_attribute("data-outcome", "verified")
    expect(stranger.get_by_test_id("fair-seen").locator("li").nth(0)).to_have_attribute(
        "data-seen", "commitment:unknown"
    )
    expect(stranger.get_by_test_id("fair-seen").locator("li").nth(1)).to_have_attribute(
        "data-seen", "client-seed:unknown"
    )
    stranger.context.close()


# Per hand: how many columns and rows its boards make, and whether each caption's last line holds at least
# its last two words (no lone "1" under "column").
STEPS_JS = """lists => lists.map(list => ({
  lefts: new Set([...list.children].map(li => Math.round(li.getBoundingClientRect().left))).size,
  tops: new Set([...list.children].map(li => Math.round(li.getBoundingClientRect().top))).size,
  tails: [...list.querySelectorAll('.fair-caption')].map(caption => {
    const walker = document.createTreeWalker(caption, NodeFilter.SHOW_TEXT), words = [];
    while (walker.nextNode())
      for (const m of walker.currentNode.textContent.matchAll(/\\S+/g)) words.push([walker.currentNode, m]);
    const [[startNode, first], [endNode, last]] = words.slice(-2), range = document.createRange();
    range.setStart(startNode, first.index); range.setEnd(endNode, last.index + last[0].length);
    return new Set([...range.getClientRects()].filter(r => r.width > 0).map(r => Math.round(r.top))).size === 1;
  }),
}))"""


@pytest.mark.parametrize(("width", "height", "columns"), [(390, 844, 2), (1280, 800, 4)])
def test_a_hands_four_boards_are_a_2_by_2_grid_on_a_phone_and_four_across_on_a_wide_screen(
    browser, live_server, width, height, columns
):
    """Trial report: on a 390 phone the boards sat in two columns of three, and a caption's "1" stood alone."""
    game = finished_game(5)
    context = browser.new_context(base_url=live_server.url, viewport={"width": width, "height": height}, locale="en-US")
    try:
        page = context.new_page()
        page.goto(fair_url(game))
        expect(page.get_by_test_id("fair-check")).to_have_attribute("data-outcome", "verified")
        hands = page.locator(".fair-steps").evaluate_all(STEPS_JS)
        full = [hand for hand in hands if len(hand["tails"]) == 4]
        assert full and all(hand["lefts"] == columns and hand["tops"] == 4 // columns for hand in full)
        assert all(all(hand["tails"]) for hand in hands)
    finally:
        context.close()


@pytest.mark.parametrize(
    ("chosen_by", "lines"),
    [("server", ["commitment:unknown"]), ("player", ["commitment:unknown", "client-seed:unknown"])],
)
def test_a_client_seed_the_server_chose_is_not_said_to_be_missing_from_this_browser(page: Page, chosen_by, lines):
    """A first visit's game (the server chose its client seed): no "no record of sending" line, which read
    like a warning to a new player on the very browser that played it."""
    game = finished_game(5)
    serve_changed(page, game, lambda replay: replay["game"]["fair"].update(client_seed_by=chosen_by))
    page.goto(fair_url(game))
    expect_verified(page, game)
    seen = page.get_by_test_id("fair-seen").locator("li")
    expect(seen).to_have_count(len(lines))
    for n, value in enumerate(lines):
        expect(seen.nth(n)).to_have_attribute("data-seen", value)
