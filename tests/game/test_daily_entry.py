"""GET /api/dailies/{day}/: one day's published Daily entry, for any day ever published (the list holds the last
30 only), a closed day's a public document with an ETag, a day never published 404."""

import datetime as dt
from zoneinfo import ZoneInfo

import pytest
import time_machine
from rest_framework.test import APIClient

from game.daily import seeds as daily_seeds
from game.daily.close import daily_close_due
from game.history.documents import DOCUMENT_SECONDS
from game.models import DailySeed

pytestmark = pytest.mark.django_db
LA = ZoneInfo("America/Los_Angeles")


def at(*args):
    return time_machine.travel(dt.datetime(*args, tzinfo=LA), tick=False)


def test_a_closed_day_is_answered_with_its_seed_long_after_the_list_dropped_it():
    with at(2026, 12, 1, 9):
        daily_seeds.dailies_ahead()
    row = DailySeed.objects.get(day=dt.date(2026, 12, 1))
    with at(2026, 12, 2, 0, 5):
        assert daily_close_due() == [dt.date(2026, 12, 1)]
    with at(2027, 3, 1, 9):  # 90 days on: the list no longer holds the day
        listed = APIClient().get("/api/dailies/").json()
        answer = APIClient().get("/api/dailies/2026-12-01/")
    assert "2026-12-01" not in [entry["day"] for entry in listed]
    assert (answer.status_code, answer.json()) == (
        200,
        {"day": "2026-12-01", "commitment": row.commitment, "server_seed": row.seed},
    )
    assert answer["Cache-Control"] == f"public, max-age={DOCUMENT_SECONDS}"
    again = APIClient().get("/api/dailies/2026-12-01/", HTTP_IF_NONE_MATCH=answer["ETag"])
    assert (again.status_code, again["ETag"]) == (304, answer["ETag"])


def test_an_open_day_shows_its_commitment_alone_and_is_revalidated_each_time():
    with at(2026, 12, 1, 9):
        daily_seeds.dailies_ahead()
        answer = APIClient().get("/api/dailies/2026-12-08/")
    commitment = DailySeed.objects.get(day=dt.date(2026, 12, 8)).commitment
    assert (answer.status_code, answer.json()) == (
        200,
        {"day": "2026-12-08", "commitment": commitment, "server_seed": None},
    )
    assert answer["Cache-Control"] == "public, max-age=0"


@pytest.mark.parametrize("day", ["2026-11-30", "2026-12-10", "2026-12-1", "20261201", "tomorrow"])
def test_a_day_never_published_answers_404(day):
    with at(2026, 12, 1, 9):
        daily_seeds.dailies_ahead()
        DailySeed.objects.create(day=dt.date(2026, 12, 10))  # drawn, but further ahead than its commitment is public
        answer = APIClient().get(f"/api/dailies/{day}/")
    assert (answer.status_code, answer.json()["error"]) == (404, "not_found")
