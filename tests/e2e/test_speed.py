"""Instant at any network speed, measured: a phone (390×844, touch), Practice, tap a
piece then tap a cell (with the touch preview: the second tap), Chromium's network emulation
adding a delay to every request (``Network.emulateNetworkConditions``).

Per added delay (0, 300 and 1,000 ms): the time from the tap that places to the frame the piece
is drawn in (measured in the page: the ``pointerdown`` to the first animation frame after the
cell is filled; and from the ``pointerup``, the drop), the next piece picked up and played while
a move is unconfirmed, the time a hand of three takes, from its first tap (and from its third
piece shown) to the next hand on screen, and the move requests it took; beside them, in the same
run, the reference: a tap the game does nothing with but set a class, timed the same way.
The table is printed (run with ``-s``) in the issue's form: its times depend on the machine's load
(the target is a median of at most 50 ms). Asserted, whatever the load: at 300 and 1,000 ms every
piece is drawn before its own move's answer is back (once none was: the board waited for
the server), and every hand took three move requests, each sent at its drop with every move not
confirmed yet (before: a hand whose third piece landed while its first move was on its way took two,
the second sent when the first was answered, so its next hand came two round trips after the third
drop; now one).
"""

from __future__ import annotations

import statistics

import pytest
from playwright.sync_api import Page

from game.models import Game

from .test_play import EMPTY, open_game, set_position, wait_moves

pytestmark = pytest.mark.django_db(transaction=True)

DELAYS = (0, 300, 1000)
HANDS = 2
CELLS = ((1, 1), (3, 3), (5, 5))  # a mono on each: no line is completed

INSTRUMENT = """(cells) => {
  window.__handStart = null;
  window.__down = {};
  window.__up = {};
  window.__shown = {};
  document.addEventListener("pointerdown", (e) => {
    const target = e.target.closest && e.target.closest(".piece[data-slot], #board .cell");
    if (!target) return;
    if (window.__handStart === null) window.__handStart = performance.now();
    if (target.matches(".cell")) window.__down[`${target.dataset.row},${target.dataset.col}`] = performance.now();
  }, true);
  document.addEventListener("pointerup", (e) => {
    const target = e.target.closest && e.target.closest("#board .cell");
    if (target) window.__up[`${target.dataset.row},${target.dataset.col}`] = performance.now();
  }, true);
  const obs = new MutationObserver(() => {
    for (const [r, c] of cells) {
      const key = `${r},${c}`;
      const el = document.querySelector(`#board .cell[data-row="${r}"][data-col="${c}"]`);
      if (key in window.__shown || !el || !el.classList.contains("is-filled")) continue;
      const filled = document.querySelectorAll("#board .cell.is-filled").length;
      const confirmed = Number(document.getElementById("play-area").dataset.moves);
      const down = window.__down[key];
      const up = window.__up[key];
      window.__shown[key] = null;
      requestAnimationFrame(() => {
        window.__shown[key] = {
          ms: performance.now() - down, fromUp: performance.now() - up,
          early: filled > confirmed, unconfirmed: filled > confirmed + 1,
          at: performance.now(),
        };
      });
    }
  });
  obs.observe(document.querySelector(".play-zone"), {
    subtree: true, childList: true, attributes: true, attributeFilter: ["class"],
  });
}"""
PREVIEWED = """([r, c]) => {
  const el = document.querySelector(`#board .cell[data-row="${r}"][data-col="${c}"]`);
  if (el.classList.contains("is-ghost")) return "preview";
  return el.classList.contains("is-landing") || el.classList.contains("is-filled") ? "placed" : false;
}"""
SHOWN = "(key) => window.__shown[key]"
# The reference, in the same run: a tap whose click only sets a class (on the score), timed the same way,
# is the browser's own tap → frame on this machine, with nothing of the game's in it.
REFERENCE = """() => {
  window.__reference = [];
  const score = document.querySelector('[data-testid="score"]');
  let down = 0;
  score.addEventListener("pointerdown", () => { down = performance.now(); });
  score.addEventListener("click", () => {
    score.classList.toggle("reference-tap");
    requestAnimationFrame(() => window.__reference.push(performance.now() - down));
  });
  const b = score.getBoundingClientRect();
  return [b.left + b.width / 2, b.top + b.height / 2];
}"""
REFERENCE_TAPS = 6
AT_LEAST = "(n) => Number(document.getElementById('play-area').dataset.moves) >= n"
NEW_HAND = """(last) => {
  const a = document.getElementById("play-area");
  const ready = a.dataset.moves === "3"
    && document.querySelectorAll("#play-area .piece[data-slot]:not([disabled]):not(.is-played)").length === 3;
  const now = performance.now();
  return ready ? { hand: now - window.__handStart, afterLast: now - window.__shown[last].at } : false;
}"""
CENTRES = """(cells) => {
  const centre = (el) => { const b = el.getBoundingClientRect(); return [b.left + b.width / 2, b.top + b.height / 2]; };
  return {
    pieces: [0, 1, 2].map((s) => centre(document.querySelector(`#play-area .piece[data-slot="${s}"]`))),
    cells: cells.map(([r, c]) => centre(document.querySelector(`#board .cell[data-row="${r}"][data-col="${c}"]`))),
  };
}"""


class Finger:
    """Taps through Chromium's touch input at the speed of a hand: no checks between the taps.

    A tap is Playwright's (its touchStart and touchEnd sent together, a quick finger): the
    tap → shown time is then the page's. Two separate CDP calls from here (this class's
    first version) held the finger down 25-90 ms between them, the test's own round trips,
    which a person's hold replaces, so the drop → shown column measures from the lift.
    """

    def __init__(self, page: Page):
        self.page = page
        self.cdp = page.context.new_cdp_session(page)

    def tap(self, point) -> None:
        self.page.touchscreen.tap(*point)


def play_hand(finger: Finger, game: Game) -> tuple[list[dict], dict, int]:
    """Three monos as fast as taps go; a piece the page did not take is played again once the board is answered.

    :returns: the pieces' samples, the hand's times (first tap, and third piece shown, to the next hand)
        and its move requests.
    """
    page = finger.page
    set_position(game, [EMPTY] * 8, ("mono", "mono", "mono"), moves=0, score=0)
    page.reload()
    wait_moves(page, 0)
    requests: list[str] = []

    def on_request(request) -> None:
        if request.url.endswith("/move/"):
            requests.append(request.url)

    page.on("request", on_request)
    cells = [list(c) for c in CELLS]
    page.evaluate(INSTRUMENT, cells)
    at = page.evaluate(CENTRES, cells)
    finger.tap(at["pieces"][0])
    finger.tap(at["cells"][0])
    taps = 2 if page.wait_for_function(PREVIEWED, arg=cells[0]).json_value() == "preview" else 1
    if taps == 2:
        finger.tap(at["cells"][0])  # the touch preview's second tap places
    for slot in (1, 2):
        finger.tap(at["pieces"][slot])
        for _ in range(taps):
            finger.tap(at["cells"][slot])
    samples = []
    for slot, (row, col) in enumerate(CELLS):
        key = f"{row},{col}"
        page.wait_for_function(AT_LEAST, arg=slot)  # the moves before it answered (already, where it was taken)
        if page.evaluate(SHOWN, key) is None and not page.evaluate(PREVIEWED, [row, col]):
            finger.tap(at["pieces"][slot])  # ignored while a move was on its way: again, now
            for _ in range(taps):
                finger.tap(at["cells"][slot])
            samples.append({**page.wait_for_function(SHOWN, arg=key).json_value(), "ignored": True})
        else:
            samples.append({**page.wait_for_function(SHOWN, arg=key).json_value(), "ignored": False})
    last = "{},{}".format(*CELLS[-1])
    hand = page.wait_for_function(NEW_HAND, arg=last, timeout=30_000).json_value()
    page.remove_listener("request", on_request)
    return samples, hand, len(requests)


def reference(finger: Finger) -> float:
    """The median tap → frame of a tap the game does nothing with (see :data:`REFERENCE`)."""
    at = finger.page.evaluate(REFERENCE)
    for n in range(REFERENCE_TAPS):
        finger.tap(at)
        finger.page.wait_for_function("(n) => window.__reference.length > n", arg=n)
    return statistics.median(finger.page.evaluate("window.__reference"))


def measure(page: Page, game: Game, delay: int) -> dict:
    finger = Finger(page)
    cdp = finger.cdp
    cdp.send("Network.enable")
    conditions = {"offline": False, "latency": delay, "downloadThroughput": -1, "uploadThroughput": -1}
    cdp.send("Network.emulateNetworkConditions", conditions)
    samples, hands, requests = [], [], []
    for _ in range(HANDS):
        played, hand, sent = play_hand(finger, game)
        samples += played
        hands.append(hand)
        requests.append(sent)
    cdp.send("Network.emulateNetworkConditions", {**conditions, "latency": 0})
    tries = [s for n, s in enumerate(samples) if n % len(CELLS)]  # the 2nd and 3rd piece of each hand
    return {
        "reference": reference(finger),
        "median": statistics.median(s["ms"] for s in samples),
        "from_up": statistics.median(s["fromUp"] for s in samples),
        "taken": sum(not s["ignored"] and s["unconfirmed"] for s in tries),
        "tries": sum(s["ignored"] or s["unconfirmed"] for s in tries),  # tapped while a move was on its way
        "hand": statistics.median(hand["hand"] for hand in hands),
        "after_last": statistics.median(hand["afterLast"] for hand in hands),
        "requests": requests,
        "early": sum(s["early"] for s in samples),
        "samples": len(samples),
    }


def test_a_tap_shows_the_piece_at_once_at_any_delay_and_the_hand_plays_on(phone_page: Page):
    page = phone_page
    open_game(page)
    page.goto("/practice/")
    game = Game.objects.get(pk=page.locator("#play-area").get_attribute("data-game-id"))
    assert game.mode == "practice"
    rows = {delay: measure(page, game, delay) for delay in DELAYS}

    print(
        "\n| added delay per request | tap → piece shown, median | drop (finger lifted) → shown, median "
        "| reference: a tap that sets a class → frame, median "
        "| next piece picked up while a move is unconfirmed "
        "| hand of three, first tap → next hand, median | third piece shown → next hand | move requests a hand |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for delay, row in rows.items():
        taken, hand = f"{row['taken']} of {row['tries']} tries", f"{row['hand']:,.0f} ms"
        sent, after = ", ".join(map(str, row["requests"])), f"{row['after_last']:,.0f} ms"
        shown = f"{row['median']:.0f} ms | {row['from_up']:.0f} ms | {row['reference']:.0f} ms"
        print(f"| {delay:,} ms | {shown} | {taken} | {hand} | {after} | {sent} |")
    # the piece is drawn before its own answer could be back, at every delay the server needs to answer
    assert all(row["early"] == row["samples"] for delay, row in rows.items() if delay >= 300), rows
    # each drop sent at once, whether the moves before it were answered or not
    assert all(sent == 3 for row in rows.values() for sent in row["requests"]), rows
