"""Locust scenario: players start Classic games and play them through the JSON API.

Run by run.py (``scripts/loadtest``); environment:

- ``LOAD_OUT``: folder for ``ledger.json`` (what each client was told, for
  check.py) and ``timings.json`` (every request's time, for exact percentiles).

Each simulated player is a new guest (``POST /api/auth/guest/``) that plays one
Classic game after another: a move about every 1–3 s (a person's pace), one
request at a time, taking Continue when offered and a new game at the end; now
and then it reads ``GET /api/me/`` (the trivial authenticated endpoint the move
is compared with). Any answer but the expected one is a failure in Locust's
figures.
"""

from __future__ import annotations

import json
import os
import random
from collections import defaultdict
from pathlib import Path

from locust import between, events, task
from locust.contrib.fasthttp import FastHttpUser

from tests.load.players import CONTINUE, DECLINE, GAME, GUEST, ME, MOVE, START, Ledger, choose_move

LEDGER = Ledger()
TIMINGS: dict[str, list[float]] = defaultdict(list)
FAILURES: dict[str, int] = defaultdict(int)
# The site runs with production settings behind (pretend) HTTPS termination.
PROXY_HEADERS = {"X-Forwarded-Proto": "https"}


@events.request.add_listener
def _timing(request_type, name, response_time, response_length, exception, **kwargs):
    TIMINGS[name].append(response_time)
    if exception is not None:
        FAILURES[name] += 1


@events.quitting.add_listener
def _save(environment, **kwargs):
    out = Path(os.environ.get("LOAD_OUT", "var/load"))
    out.mkdir(parents=True, exist_ok=True)
    LEDGER.save(out / "ledger.json")
    (out / "timings.json").write_text(json.dumps({"timings": TIMINGS, "failures": FAILURES}))


class Player(FastHttpUser):
    wait_time = between(1, 3)

    def on_start(self):
        self.rng = random.Random()
        self.game = None
        with self.client.post("/api/auth/guest/", name=GUEST, headers=PROXY_HEADERS, catch_response=True) as r:
            if r.status_code != 201:
                r.failure(f"guest: {r.status_code}")
                self.stop()
                return
            token = r.json()["token"]
        self.headers = {**PROXY_HEADERS, "Authorization": f"Token {token}"}

    def _post(self, path, name, body=None, expect=200):
        with self.client.post(path, json=body, name=name, headers=self.headers, catch_response=True) as r:
            if r.status_code != expect:
                r.failure(f"{r.status_code}: {r.text[:200]}")
                return r.status_code, None
            return r.status_code, r.json()

    def _start(self):
        _status, game = self._post("/api/games/", START, {"mode": "classic"}, expect=201)
        self.game = game
        if game:
            LEDGER.seen(game["id"], game)

    def _resync(self):
        with self.client.get(
            f"/api/games/{self.game['id']}/", name=GAME, headers=self.headers, catch_response=True
        ) as r:
            if r.status_code == 200:
                self.game = r.json()
            else:
                r.failure(f"{r.status_code}")
                self.game = None

    def _after(self):
        """Continue, No thanks or a new game, as the game's status asks."""
        while self.game and self.game["status"] != "playing":
            gid = self.game["id"]
            if self.game["status"] == "no_moves":
                kind, name = ("continue", CONTINUE) if self.game["continues_left"] else ("decline", DECLINE)
                status, game = self._post(f"/api/games/{gid}/{kind}/", name)
                if game is None:
                    if status == 0 or status >= 500:
                        LEDGER.unknown(gid)
                    self._resync()
                    continue
                LEDGER.event_ok(gid, kind, game)
                self.game = game
            else:
                self._start()

    @task(10)
    def move(self):
        if self.game is None:
            self._start()
            self._after()
            return
        move = choose_move(self.game, self.rng)
        if move is None:  # cannot happen: the server says no_moves first
            self._resync()
            self._after()
            return
        slot, row, col = move
        gid, number = self.game["id"], self.game["moves"]
        body = {"slot": slot, "row": row, "col": col, "move_number": number}
        status, answer = self._post(f"/api/games/{gid}/moves/", MOVE, body)
        if answer is None:
            if status == 0 or status >= 500:
                LEDGER.unknown(gid)
            self._resync()
        else:
            LEDGER.move_ok(gid, number, answer["result"]["points"], answer["game"])
            self.game = answer["game"]
        self._after()

    @task(3)
    def me(self):
        with self.client.get("/api/me/", name=ME, headers=self.headers, catch_response=True) as r:
            if r.status_code != 200:
                r.failure(f"{r.status_code}")
