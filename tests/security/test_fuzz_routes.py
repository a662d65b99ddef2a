"""Hypothesis over every route of the site, the JSON API and the HTML pages alike.

The routes are read from Django's URL resolver, so a new page is fuzzed without
being listed. For each one hypothesis fills the path's parameters and the query
with integers past Python's 4,300-digit limit, past the database's 64 bits, and
odd text, and sends any method with a body nested thousands of levels deep, a body
of megabytes, a form of huge numbers, or nothing. Whatever arrives, the answer is
never a 5xx. The number of requests sent is shown at the end of the run.
"""

import json
import re
from urllib.parse import quote, urlencode

import pytest
from django.test import Client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from blockknock.accounts.models import Player
from tests.helpers import api_client_for, url_routes

pytestmark = pytest.mark.django_db

EXAMPLES_PER_ROUTE = 15
SENT = {"requests": 0}
"""Requests sent by this module (shown by ``tests/security/conftest.py`` after the run)."""

PARAMETER = re.compile(r"<(?:\w+:)?\w+>|\(\?P<\w+>[^)]*\)")
ROUTES = sorted(url_routes())

huge_integers = st.one_of(
    st.integers(min_value=4_301, max_value=6_000).map(lambda digits: "9" * digits),
    st.integers(min_value=2**63 - 2, max_value=2**70).map(str),
    st.integers(min_value=1, max_value=10**30).map(lambda n: f"-{n}"),
)
segments = st.one_of(huge_integers, st.text(min_size=1, max_size=20).map(lambda text: quote(text, safe="")))
queries = st.dictionaries(
    st.sampled_from(["page", "day", "next", "game"]), huge_integers | st.text(max_size=12), max_size=2
)


def _deep(depth: int, opening: str) -> bytes:
    closing = {"[": "]", '{"a":': "}"}[opening]
    return (opening * depth + "0" + closing * depth).encode()


bodies = st.one_of(
    st.tuples(st.integers(min_value=1_000, max_value=3_000), st.sampled_from(["[", '{"a":'])).map(
        lambda spec: (_deep(*spec), "application/json")
    ),
    st.integers(min_value=1_000_000, max_value=3_000_000).map(
        lambda size: (b'{"mode": "classic", "pad": "' + b"x" * size + b'"}', "application/json")
    ),
    huge_integers.map(
        lambda n: (
            json.dumps({"slot": 0, "row": 0, "col": 0, "move_number": 0, "challenge": 0}).replace("0", n).encode(),
            "application/json",
        )
    ),
    huge_integers.map(
        lambda n: (
            f"slot={n}&row={n}&col={n}&move_number={n}&page={n}&name={n}".encode(),
            "application/x-www-form-urlencoded",
        )
    ),
    st.just((b"", "")),
)


def concrete(route: str, values: list[str]) -> str:
    """The route with its parameters (converters and regex groups) replaced by ``values``, in order."""
    filled = iter(values)
    return "/" + PARAMETER.sub(lambda _match: next(filled), route.replace("^", "").replace("$", ""))


@pytest.fixture
def staff(rates):
    rates(guest="100000/hour", login="100000/min", games="100000/min", moves="100000/min", signup="100000/hour")
    return Player.objects.create_superuser(username="staff", password="a-long-password-1", name="Staff")


@pytest.mark.parametrize("route", ROUTES)
@settings(max_examples=EXAMPLES_PER_ROUTE, deadline=None, suppress_health_check=list(HealthCheck))
@given(data=st.data())
def test_no_route_answers_a_server_error(staff, route, data):
    path = concrete(
        route,
        data.draw(st.lists(segments, min_size=len(PARAMETER.findall(route)), max_size=len(PARAMETER.findall(route)))),
    )
    method = data.draw(st.sampled_from(["GET", "POST", "POST", "PUT", "DELETE"]))
    query = data.draw(queries)
    body, content_type = data.draw(bodies) if method != "GET" else (b"", "")
    client = Client(HTTP_AUTHORIZATION=api_client_for(staff)._credentials["HTTP_AUTHORIZATION"], HTTP_HX_REQUEST="true")
    client.force_login(staff)
    if query:
        path += "?" + urlencode(query)
    SENT["requests"] += 1
    answer = client.generic(method, path, body, content_type=content_type)
    assert answer.status_code < 500, (method, path[:200], answer.status_code)
