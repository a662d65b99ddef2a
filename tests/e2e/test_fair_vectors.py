"""The browser's fair-deal check (static/js/fair/) reproduces every test vector of docs/fair-deal-vectors.json.

The modules run in Chromium with Web Crypto, as on the "Was it fair?" page; each
vector's inputs go in, its outputs come back and must equal the published ones:
the first 64 bytes of each stream and its below(n) draws, the eligible list of each
board and drawn pieces, the three pieces of each hand, and the Daily's start board of
each day's seed (BLAKE2b, static/js/fair/daily.js); dealers 2, 3 and 4 (each labelled mode).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from playwright.sync_api import Page

pytestmark = pytest.mark.django_db(transaction=True)

VECTORS = json.loads((Path(__file__).resolve().parents[2] / "docs" / "fair-deal-vectors.json").read_text())

COMPUTE = """async ([kind, vectors]) => {
  const { boardRows, parseBoard } = await import("/static/js/rules/rules.js");
  const { dailyStartBoard } = await import("/static/js/fair/daily.js");
  const { eligible, dealHand } = await import("/static/js/fair/deal.js");
  const { SET_NAMES, publishedSet } = await import("/static/js/fair/pieces.js");
  const { DealStream, bytesToHex, dealMessageHead, hexToBytes, hmacKey } = await import("/static/js/fair/stream.js");
  const headOf = (v) => dealMessageHead(v.dealer ?? "2", v.client_seed, v.k, v.label ?? "");
  const streamOf = async (v) => new DealStream(await hmacKey(hexToBytes(v.server_seed)), headOf(v), v.k);
  const outputs = {
    streams: async (v) => {
      const first = bytesToHex(await (await streamOf(v)).read(64));
      const stream = await streamOf(v);
      const below = [];
      for (const n of v.below_n) below.push(await stream.below(n));
      return { first_64_bytes: first, below };
    },
    eligible: async (v) => {
      const pieces = publishedSet(SET_NAMES[v.piece_set]);
      const drawn = v.drawn.map((id) => pieces.find((piece) => piece.id === id));
      return { eligible: eligible(parseBoard(v.board), pieces, drawn).map((piece) => piece.id) };
    },
    hands: async (v) => {
      const hand = await dealHand(parseBoard(v.board), publishedSet(SET_NAMES[v.piece_set]), await streamOf(v));
      return { hand: hand.map((piece) => piece.id) };
    },
    daily_boards: async (v) => ({ board: boardRows(await dailyStartBoard(hexToBytes(v.server_seed))) }),
  };
  const computed = {};
  for (const v of vectors) computed[v.name] = await outputs[kind](v);
  return computed;
}"""

OUTPUTS = {
    "streams": ("first_64_bytes", "below"),
    "eligible": ("eligible",),
    "hands": ("hand",),
    "daily_boards": ("board",),
}


@pytest.mark.parametrize("kind", list(OUTPUTS))
def test_the_browser_modules_reproduce_every_vector(page: Page, kind):
    page.goto("/how-to-play/")
    computed = page.evaluate(COMPUTE, [kind, VECTORS[kind]])
    expected = {v["name"]: {key: v[key] for key in OUTPUTS[kind]} for v in VECTORS[kind]}
    assert len(expected) == len(VECTORS[kind]) >= 4
    assert computed == expected
