/*
 * The move controller's core (static/js/board/moves.js) in node, without a page: what an answer
 * confirms (reconcile), which answers are ignored (outdated), what the end of a request does
 * (settle), and that every request is counted down exactly once whatever its outcome.
 * Run by tests/test_js.py (node --test), so scripts/test and CI run them.
 */
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  ANSWERED,
  BOARD,
  IGNORED,
  MOVES,
  MoveController,
  outdated,
  QUEUED,
  RETRIED,
  Request,
  reconcile,
  SENT,
  settlement,
} from "../../static/js/board/moves.js";

/* A board's facts: a move's `before` and `expect`, an answer's facts. */
const facts = (board, score, combo = 0, movesLeft = 0) => ({ board, score, combo, movesLeft });
const EMPTY = facts("", 0);
const AFTER = [facts("a", 10), facts("b", 20), facts("c", 30)];

/* A controller with `count` moves played on a board whose server count is `start`. */
function played(count, start = 4) {
  const moves = new MoveController();
  for (let i = 0; i < count; i++) {
    moves.play(
      { slot: i, row: i, col: 0, before: i ? AFTER[i - 1] : EMPTY, expect: AFTER[i] },
      start,
    );
  }
  return moves;
}

/* The board post of every move not sent yet, on its way. */
function posted(moves) {
  const { request } = moves.post();
  assert.equal(moves.admit(request), true);
  return request;
}

/* The server's answer: its game at move count `count`, showing `shown`. */
function answer(count, shown, { status = 200, id = "7", state = "playing", shownId = "7" } = {}) {
  return { status, game: { id, moves: count, status: state }, shownId, facts: shown };
}

describe("reconcile", () => {
  const queue = played(3).queue;

  test("an answer with the first moves and what they predicted confirms them; the rest stay", () => {
    const verdict = reconcile(queue, answer(6, AFTER[1]));
    assert.equal(verdict.agrees, true);
    assert.deepEqual(
      verdict.rest.map((move) => move.number),
      [6],
    );
  });

  test("an answer with none of them yet agrees when it shows the board they were played on", () => {
    const verdict = reconcile(queue, answer(4, EMPTY));
    assert.deepEqual([verdict.agrees, verdict.rest.length], [true, 3]);
  });

  test("an answer with all of them confirms the whole queue", () => {
    assert.deepEqual(reconcile(queue, answer(7, AFTER[2])).rest, []);
  });

  test("other facts than predicted: the server's board wins, not refused when the rest are on their way", () => {
    const moves = played(3);
    posted(moves);
    const verdict = reconcile(moves.queue, answer(5, facts("a", 11)));
    assert.deepEqual(verdict, { agrees: false, rest: [], refused: false });
  });

  test("a board lacking a move that is not on its way says the move was refused", () => {
    const moves = played(2);
    posted(moves); // both sent
    moves.play({ slot: 2, row: 2, col: 0, before: AFTER[1], expect: AFTER[2] }, 4); // not sent
    assert.equal(reconcile(moves.queue, answer(5, facts("x", 1))).refused, true);
    assert.equal(
      reconcile(moves.queue, answer(5, facts("x", 1), { state: "over" })).refused,
      false,
    );
    assert.equal(reconcile(moves.queue, answer(5, AFTER[0], { status: 409 })).agrees, false);
    assert.equal(reconcile(moves.queue, answer(5, AFTER[0], { status: 409 })).refused, false);
  });

  test("another game, an ended game, an error status or an unknown count never agree", () => {
    assert.equal(reconcile(queue, answer(5, AFTER[0], { id: "8" })).agrees, false);
    assert.equal(reconcile(queue, answer(5, AFTER[0], { id: "8", shownId: "" })).agrees, true);
    assert.equal(reconcile(queue, answer(5, AFTER[0], { state: "over" })).agrees, false);
    assert.equal(reconcile(queue, answer(5, AFTER[0], { status: 400 })).agrees, false);
    assert.equal(reconcile(queue, answer(3, EMPTY)).agrees, false); // fewer moves than the queue's first
    assert.equal(reconcile(queue, answer(8, AFTER[2])).agrees, false); // more than were played here
  });
});

describe("outdated", () => {
  const post = new Request(MOVES, { epoch: 2, upTo: 5 });

  test("a post whose moves were all confirmed, or dropped, is outdated; one with a move to confirm is not", () => {
    assert.equal(outdated(post, { epoch: 2, confirmed: 6 }), true);
    assert.equal(outdated(post, { epoch: 2, confirmed: 5 }), false);
    assert.equal(outdated(post, { epoch: 3, confirmed: 5 }), true);
  });

  test("a request that is not a board post, or none, is never outdated", () => {
    assert.equal(outdated(new Request(BOARD), { epoch: 9, confirmed: 99 }), false);
    assert.equal(outdated(undefined, { epoch: 0, confirmed: 0 }), false);
  });

  test("the controller counts from its queue's first move, or the board's count when it is empty", () => {
    const moves = played(2);
    const request = posted(moves);
    assert.equal(moves.outdated(request, 99), false); // the queue's first (4) is not confirmed yet
    moves.queue = moves.queue.slice(2);
    assert.equal(moves.outdated(request, 5), false);
    assert.equal(moves.outdated(request, 6), true);
  });
});

describe("settle", () => {
  test("a board taken in: nothing rolls back, the connection is back", () => {
    const moves = played(1);
    const request = posted(moves);
    request.taken = true;
    const plan = moves.settle(request, 200);
    assert.deepEqual(plan, {
      unanswered: false,
      resend: false,
      rollBack: false,
      rolledBack: false,
      refused: false,
    });
    assert.equal(moves.queue.length, 1);
  });

  test("a refusal without a board rolls the moves back and says so, once", () => {
    const moves = played(2);
    const request = posted(moves);
    const epoch = moves.epoch;
    const plan = moves.settle(request, 409);
    assert.deepEqual([plan.rollBack, plan.refused, plan.unanswered], [true, true, false]);
    assert.deepEqual([moves.queue.length, moves.epoch], [0, epoch + 1]);
  });

  test("a refusal the server's event explained, or in a tab that cannot play on, is not toasted again", () => {
    const told = played(1);
    const request = posted(told);
    request.told = true;
    assert.deepEqual([told.settle(request, 400).rollBack, request.told], [true, true]);
    assert.equal(settlement(request, 400, { queued: 1, lost: false }).refused, false);
    const fresh = new Request(MOVES);
    assert.equal(settlement(fresh, 403, { queued: 1, lost: true }).refused, false);
    assert.equal(settlement(fresh, 403, { queued: 1, lost: false }).refused, true);
  });

  test("a server error rolls back, said when the connection is back", () => {
    const moves = played(1);
    const plan = moves.settle(posted(moves), 502);
    assert.deepEqual(
      [plan.rollBack, plan.rolledBack, plan.unanswered, plan.refused],
      [true, true, true, false],
    );
  });

  test("no answer keeps the moves, to go again in the next post", () => {
    const moves = played(2);
    const plan = moves.settle(posted(moves), 0);
    assert.deepEqual([plan.resend, plan.rollBack, plan.unanswered], [true, false, true]);
    assert.deepEqual(
      moves.queue.map((move) => [move.number, move.sent]),
      [
        [4, false],
        [5, false],
      ],
    );
    assert.deepEqual(
      moves.post().moves.map((move) => move.number),
      [4, 5],
    );
  });

  test("an answer that disagreed says refused even though its board was taken", () => {
    const request = new Request(MOVES);
    Object.assign(request, { taken: true, refused: true });
    assert.equal(settlement(request, 200, { queued: 0, lost: true }).refused, true);
  });
});

describe("each request ends once: answered, ignored or retried", () => {
  test("a board post goes queued, then sent, then answered", () => {
    const moves = played(1);
    const { request } = moves.post();
    assert.deepEqual([request.phase, moves.inFlight], [QUEUED, 0]);
    moves.admit(request);
    assert.deepEqual([request.phase, moves.inFlight], [SENT, 1]);
    moves.settle(request, 200);
    assert.deepEqual([request.phase, moves.inFlight], [ANSWERED, 0]);
  });

  test("a post whose moves a later answer confirmed is ignored", () => {
    const moves = played(1);
    const first = posted(moves);
    moves.play({ slot: 1, row: 1, col: 0, before: AFTER[0], expect: AFTER[1] }, 4);
    const second = posted(moves);
    assert.equal(moves.inFlight, 2);
    assert.equal(moves.reconcile(second, answer(6, AFTER[1])), true);
    assert.deepEqual([second.taken, moves.queue.length], [true, 0]);
    assert.equal(moves.outdated(first, 6), true);
    assert.equal(moves.ignore(first), true);
    assert.deepEqual([first.phase, moves.inFlight], [IGNORED, 1]);
    moves.settle(second, 200);
    assert.equal(moves.inFlight, 0);
  });

  test("a request refused for its token is retried by a new one carrying the same moves, not twice", () => {
    const moves = played(2);
    const request = posted(moves);
    const again = moves.retry(request);
    assert.deepEqual([request.phase, moves.inFlight], [RETRIED, 0]);
    assert.deepEqual([again.phase, again.kind, again.upTo, again.resend], [QUEUED, MOVES, 5, true]);
    assert.equal(moves.retry(request), null); // over already: no second request
    assert.equal(moves.admit(again), true);
    assert.equal(moves.inFlight, 1);
    moves.settle(again, 403);
    assert.equal(moves.inFlight, 0);
  });

  test("the count goes down once: a second end, or the end of a request never sent, does nothing", () => {
    const moves = played(1);
    const request = posted(moves);
    assert.ok(moves.settle(request, 200));
    assert.equal(moves.settle(request, 200), null);
    assert.equal(moves.ignore(request), false);
    assert.equal(moves.release(request, ANSWERED), false);
    assert.equal(moves.ignore(new Request(MOVES)), false); // queued: never counted
    assert.equal(moves.release(undefined, IGNORED), false);
    assert.deepEqual([moves.inFlight, request.phase], [0, ANSWERED]);
  });

  test("a request that is not a board post goes alone and lets the others go once over", () => {
    const moves = played(1);
    const board = new Request(BOARD);
    assert.equal(moves.admit(board), true);
    assert.equal(moves.post(), null); // held behind it
    assert.equal(moves.admit(new Request(BOARD)), false);
    assert.equal(moves.admit(board), false); // on its way already
    board.taken = true; // the board it brought was swapped in
    moves.settle(board, 200);
    assert.equal(moves.exclusive, false);
    assert.equal(moves.admit(moves.post().request), true);
    assert.equal(moves.admit(new Request(BOARD)), false); // not while a post is on its way
  });

  test("a first visit's moves wait for the first one's answer, which claims the game", () => {
    const moves = played(1);
    const first = moves.post({ claiming: true });
    moves.admit(first.request);
    moves.play({ slot: 1, row: 1, col: 0, before: AFTER[0], expect: AFTER[1] }, 4);
    assert.equal(moves.post({ claiming: true }), null);
    assert.equal(moves.post({ held: true }), null); // the connection is out
    assert.equal(moves.reconcile(first.request, answer(5, AFTER[0])), true);
    moves.settle(first.request, 200);
    assert.deepEqual(
      moves.post({ claiming: true }).moves.map((move) => move.number),
      [5],
    );
  });
});

describe("an answer after the element it came from was swapped away", () => {
  test("New game's board replaced the one a post was for: its answer is ignored, its end counted once", () => {
    const moves = played(2);
    const post = posted(moves);
    const newGame = new Request(BOARD);
    moves.settle(post, 0); // the connection dropped: the moves wait for the next post
    const again = posted(moves);
    assert.equal(moves.admit(newGame), false); // New game waits while a post is on its way
    assert.ok(moves.settle(again, 200));
    assert.equal(moves.admit(newGame), true);
    moves.drop(); // its answer is a new game: the moves played on the old one go
    assert.ok(moves.settle(newGame, 200));
    const late = new Request(MOVES, { epoch: again.epoch, upTo: 5 });
    late.phase = SENT; // an answer htmx tells after its source element left the page
    assert.equal(moves.outdated(late, 0), true);
    assert.equal(moves.inFlight, 0);
  });

  test("htmx telling the end again, on an ancestor, finds the request released", () => {
    const moves = played(1);
    const request = posted(moves);
    moves.reconcile(request, answer(5, AFTER[0])); // confirmed in place, then its element is removed
    const ends = [moves.settle(request, 200), moves.settle(request, 200)];
    assert.deepEqual([ends[0] !== null, ends[1], moves.inFlight], [true, null, 0]);
  });
});

describe("in flight is never negative and never keeps a request that is over", () => {
  /* A small deterministic generator: the same sequence on every run. */
  function* numbers(seed) {
    let x = seed;
    for (;;) {
      x = (x * 1103515245 + 12345) % 2147483648;
      yield x / 2147483648;
    }
  }

  test("five hundred random steps of plays, posts, answers, failures, retries and ends told twice", () => {
    const random = numbers(20261206);
    const moves = played(0);
    const open = [];
    const over = [];
    const pick = (list) => list[Math.floor(random.next().value * list.length)];
    for (let step = 0; step < 500; step++) {
      const roll = random.next().value;
      if (roll < 0.25) {
        const n = moves.queue.length;
        moves.play({ slot: n % 3, row: 0, col: 0, before: EMPTY, expect: EMPTY }, 0);
        const batch = moves.post();
        if (batch && moves.admit(batch.request)) open.push(batch.request);
      } else if (roll < 0.35) {
        const board = new Request(BOARD);
        if (moves.admit(board)) open.push(board);
      } else if (open.length && roll < 0.85) {
        const request = pick(open);
        const outcome = random.next().value;
        if (outcome < 0.3) moves.ignore(request);
        else if (outcome < 0.45) {
          const again = moves.retry(request);
          if (again && moves.admit(again)) open.push(again);
        } else moves.settle(request, pick([0, 200, 400, 409, 500]));
        open.splice(open.indexOf(request), 1);
        over.push(request);
      } else if (over.length) {
        const request = pick(over); // an end told again
        assert.equal(moves.settle(request, 200), null);
        assert.equal(moves.ignore(request), false);
      }
      assert.ok(moves.inFlight >= 0);
      assert.equal(moves.inFlight, open.length);
      assert.equal(
        moves.exclusive,
        open.some((request) => request.kind === BOARD),
      );
    }
    for (const request of open.splice(0)) moves.settle(request, 200);
    assert.equal(moves.inFlight, 0);
    assert.ok(over.every((request) => [ANSWERED, IGNORED, RETRIED].includes(request.phase)));
  });
});
