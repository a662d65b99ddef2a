"""Staff edit the Challenge ladder in the admin; games are read-only records there."""

import pytest

from game.models import Challenge, ChallengeVersion
from tests.accounts.second_factor import staff_signed_in_with_second_factor


@pytest.fixture
def staff_client(db):
    return staff_signed_in_with_second_factor()  # the admin asks staff for a second factor


def form_data(challenge, **changes):
    data = {
        "number": challenge.number,
        "target": challenge.target,
        "start_board": challenge.start_board,
        "piece_set": "",
        "active": "on",
        # the read-only inline of published versions posts its management form, no rows
        "versions-TOTAL_FORMS": "0",
        "versions-INITIAL_FORMS": "0",
        "versions-MIN_NUM_FORMS": "0",
        "versions-MAX_NUM_FORMS": "1000",
    }
    return {**data, **changes}


def test_the_challenge_page_has_the_live_board_preview(staff_client):
    page = staff_client.get(f"/admin/game/challenge/{Challenge.objects.get(number=3).pk}/change/")
    assert page.status_code == 200
    assert b"game/board_preview.js" in page.content and b"bk-board-input" in page.content


def test_a_start_board_with_a_full_row_is_refused_on_save(staff_client):
    rung = Challenge.objects.get(number=3)
    board = "\n".join(["########"] + ["........"] * 7)
    page = staff_client.post(f"/admin/game/challenge/{rung.pk}/change/", form_data(rung, start_board=board))
    assert page.status_code == 200 and b"full line" in page.content
    rung.refresh_from_db()
    assert rung.start_board.splitlines()[0] == "##....##"


def test_staff_can_raise_a_target(staff_client):
    rung = Challenge.objects.get(number=3)
    response = staff_client.post(f"/admin/game/challenge/{rung.pk}/change/", form_data(rung, target=2600))
    assert response.status_code == 302
    rung.refresh_from_db()
    assert rung.target == 2600
    versions = [(v.version, v.target, v.start_board[:8]) for v in rung.versions.order_by("version")]
    assert versions == [(1, 2500, "##....##"), (2, 2600, "##....##")]  # version 1 stays as games knew it


def test_a_save_that_changes_nothing_publishes_no_version(staff_client):
    rung = Challenge.objects.get(number=3)
    response = staff_client.post(f"/admin/game/challenge/{rung.pk}/change/", form_data(rung))
    assert response.status_code == 302
    assert list(rung.versions.values_list("version", flat=True)) == [1]


def test_the_published_versions_show_read_only_on_the_challenge_page(staff_client):
    rung = Challenge.objects.get(number=3)
    staff_client.post(f"/admin/game/challenge/{rung.pk}/change/", form_data(rung, target=2600))
    page = staff_client.get(f"/admin/game/challenge/{rung.pk}/change/").content.decode()
    assert 'name="versions-MAX_NUM_FORMS" value="0"' in page  # none can be added
    assert 'name="versions-0-target"' not in page and 'name="versions-1-target"' not in page  # none edited
    assert page.count("<code>##....##</code>") == 4  # both versions' boards: rows 0 and 7 each
    assert "<p>2600</p>" in page and "<p>2500</p>" in page
    assert ChallengeVersion.objects.filter(challenge=rung).count() == 2


def test_a_game_opens_read_only(staff_client, classic):
    page = staff_client.get(f"/admin/game/game/{classic.pk}/change/")
    assert page.status_code == 200 and classic.board_rows[0].encode() in page.content


def test_a_saved_challenge_keeps_its_number(staff_client):
    rung = Challenge.objects.get(number=3)
    response = staff_client.post(f"/admin/game/challenge/{rung.pk}/change/", form_data(rung, number=40, target=2600))
    assert response.status_code == 302
    rung.refresh_from_db()
    assert (rung.number, rung.target) == (3, 2600)
