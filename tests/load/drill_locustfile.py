"""The load run's players (locustfile.py), with the time of each answer: the drill splits its figures by phase.

Writes ``events.json`` into ``LOAD_OUT`` beside locustfile.py's ledger and timings:
``[end time (Unix seconds), request name, answered as expected (bool)]`` per request.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from locust import events

from tests.load.locustfile import Player  # noqa: F401  (the users Locust runs; its listeners come along)

EVENTS: list[tuple[float, str, bool]] = []


@events.request.add_listener
def _event(request_type, name, response_time, response_length, exception, **kwargs):
    EVENTS.append((time.time(), name, exception is None))


@events.quitting.add_listener
def _save_events(environment, **kwargs):
    out = Path(os.environ.get("LOAD_OUT", "var/load"))
    out.mkdir(parents=True, exist_ok=True)
    (out / "events.json").write_text(json.dumps(EVENTS))
