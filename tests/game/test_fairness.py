"""game/history/fairness.py and the "Was it fair?" page: one witness per dealt hand, drawn for players."""

import random
import re

import pytest

from blockknock.accounts.services import guest_create
from game import engine, services
from game.history import game_fairness
from game.history.fairness import CLEARED, PLACED
from game.models import Game
from tests.helpers import hands_of, log_in_new_guest
from tools.bots import greedy_bot, random_bot

from .test_audit import self_play


def url(game):
    return f"/games/{game.public_id}/fair/"


@pytest.fixture
def over(db):
    """A Classic game played by the random bot to the end (Continue taken)."""
    game = self_play(guest_create(), "classic", random_bot, random.Random(11), max_moves=300)
    assert game.status == "over"
    return game


def test_each_dealt_hand_gets_a_witness_that_places_all_three_on_the_board_it_was_dealt_on(over):
    proofs = game_fairness(game=over)
    assert [proof.deal for proof in proofs] == list(range(over.deals)) and len(proofs) >= 3
    assert proofs[0].board == over.start_board_rows
    rules, seed = over.rules, bytes.fromhex(over.seed)
    for proof, stored in zip(proofs, hands_of(over)):
        assert proof.pieces == stored
        board = engine.from_rows(proof.board)
        # the board is the one this hand was dealt on: the deal gives this hand there
        stream = engine.LabelledStream(seed, over.client_seed, proof.deal, "classic")
        assert [p.id for p in engine.deal_hand(board, rules.pieces, stream)] == stored
        assert sorted(step.slot for step in proof.steps) == [0, 1, 2]
        for step in proof.steps:  # re-verify the witness with the engine, step by step
            assert step.piece == stored[step.slot]
            placement = engine.place(board, engine.PIECES[step.piece], step.row, step.col)
            board = placement.board
            assert step.board == engine.to_rows(board) and step.lines == placement.lines
            assert sum(row.count(PLACED) + row.count(CLEARED) for row in step.grid) >= engine.PIECES[step.piece].size


def test_a_game_that_has_not_ended_has_no_fairness_page(client, db):
    player = guest_create()
    playing = services.game_start(player=player, mode="classic")
    assert client.get(url(playing)).status_code == 404
    stuck = self_play(guest_create(), "classic", random_bot, random.Random(4), max_moves=300, at_no_moves="stop")
    assert stuck.status == "no_moves"
    assert client.get(url(stuck)).status_code == 404
    assert client.get("/games/987654/fair/").status_code == 404
    assert client.get("/games/not-a-game/fair/").status_code == 404


def test_an_ended_game_shows_every_hand_with_three_steps_to_anyone(client, over):
    response = client.get(url(over))
    assert response.status_code == 200
    html = response.content.decode()
    hands = min(over.deals, 20)
    assert html.count('data-testid="fair-hand"') == hands
    assert html.count('data-testid="fair-step"') == 3 * hands
    assert html.count('class="fair-board"') == 4 * hands  # the board dealt on, then after each step
    assert "css/fairness.css" in html
    assert not re.search(r"<script(?![^>]*\b(src|type=\"application/json\")=?)[^>]*>", html)  # no inline scripts
    assert not re.search(r"\sstyle=", html)  # nor inline styles


def test_a_long_game_is_paged_twenty_hands_at_a_time(client, db, fixed_seeds):
    player = guest_create()
    long = self_play(player, "classic", greedy_bot, random.Random(2), max_moves=90)
    services.game_start(player=player, mode="classic")  # abandons it: an ended game, public
    long.refresh_from_db()
    assert long.status == "abandoned" and long.deals > 20
    first = client.get(url(long)).content.decode()
    second = client.get(url(long) + "?page=2").content.decode()
    assert re.findall(r'data-deal="(\d+)"', first) == [str(k) for k in range(20)]
    assert re.findall(r'data-deal="(\d+)"', second)[0] == "20"
    assert 'href="?page=2"' in first and 'href="?page=1"' in second
    assert client.get(url(long) + "?page=nope").status_code == 200


def test_a_stored_game_that_no_longer_replays_still_shows_the_hands_up_to_the_bad_event(client, over):
    from .test_audit import record_with

    over.record = record_with(over, 5, 250)  # a byte that is no event: the replay stops there
    Game.objects.filter(pk=over.pk).update(record=over.record)
    proofs = game_fairness(game=over)
    assert 1 <= len(proofs) < over.deals
    assert client.get(url(over)).status_code == 200


def test_the_game_over_screen_and_the_replay_link_to_was_it_fair(client, db):

    log_in_new_guest(client)
    client.get("/")
    game = Game.objects.get()
    Game.objects.filter(pk=game.pk).update(status="over")
    link = f'href="/games/{game.pk}/fair/"'
    assert link in client.get(f"/leaderboards/replay/{game.pk}/").content.decode()
    Game.objects.filter(pk=game.pk).update(status="no_moves")
    client.post(f"/games/{game.pk}/decline/", HTTP_HX_REQUEST="true")
    assert link in client.get(f"/games/{game.pk}/", HTTP_HX_REQUEST="true").content.decode()


def test_the_page_hands_the_browser_check_the_public_replay_and_a_verdict_slot_per_hand(client, over):
    html = client.get(url(over)).content.decode()
    assert f'data-replay-url="/api/games/{over.pk}/replay/"' in html
    assert 'data-hands-per-page="20" data-page="1"' in html
    assert re.search(r'<script type="module" src="/static/js/fair/page\.js">', html)
    assert html.count('data-testid="fair-verdict"') == min(over.deals, 20)
    assert 'data-t-verified="Verified in your browser"' in html


def test_how_to_play_links_the_visitors_last_ended_game_to_check(client, db):

    log_in_new_guest(client)
    client.get("/")  # a guest with a Classic game going on: nothing ended yet
    assert "/fair/" not in client.get("/how-to-play/").content.decode()
    game = Game.objects.get()
    Game.objects.filter(pk=game.pk).update(status="over")
    client.get("/")
    html = client.get("/how-to-play/").content.decode()
    assert f'<a href="/games/{game.pk}/fair/">Check your last game</a>' in html
