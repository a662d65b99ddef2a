/*
 * The move controller's core: the moves played on the page that the server has not confirmed
 * yet, and the requests that change the board, each with an explicit phase. No DOM and no htmx
 * here (sync.js drives it from the transport's events and paints what it decides), so node runs
 * it as it is (tests/js/).
 *
 * A request's phases:
 *
 *   queued    made, not on its way yet: a board post of moves (post), or one htmx is about to send
 *   sent      on its way, counted in `inFlight` (admit)
 *   answered  over, and what came back was acted on: taken in, refused, rolled back, or no answer
 *             at all, which keeps the moves for a later post (settle)
 *   ignored   over, and its answer said nothing new: its moves were confirmed by a later answer, or
 *             dropped since (outdated)
 *   retried   over, refused for its CSRF token: a new request carries the same values (retry)
 *
 * A request leaves `sent` through release() only, whatever the outcome: it counts the request down
 * exactly once. Each answer or failure has one place that ends its request, and an end told twice
 * (htmx tells a request's end again when its source element left the page meanwhile) finds it
 * released and does nothing, so `inFlight` is never negative and never keeps a request that is over.
 */

export const QUEUED = "queued";
export const SENT = "sent";
export const ANSWERED = "answered";
export const IGNORED = "ignored";
export const RETRIED = "retried";

export const MOVES = "moves"; // a board post: every move not confirmed yet, each with its move_number
export const BOARD = "board"; // any other request that changes the board (a board fetch, New game...)

export class Request {
  constructor(kind, { epoch = 0, upTo = -1, resend = false } = {}) {
    this.kind = kind;
    this.epoch = epoch; // the moves' epoch when it was made: an answer to moves dropped since is ignored
    this.upTo = upTo; // a board post's last move_number
    this.resend = resend; // sent again after a refused CSRF token: a second refusal is not retried
    this.phase = QUEUED;
    this.taken = false; // its board went on screen: confirmed in place or swapped in
    this.told = false; // the server's game-error event said why it was refused: no second toast
    this.refused = false; // the server's board lacked a move played here that was not on its way
  }
}

/* The facts a board shows, as a move's `before` and `expect` hold them: equal or not. */
export function sameFacts(a, b) {
  return (
    a.board === b.board && a.score === b.score && a.combo === b.combo && a.movesLeft === b.movesLeft
  );
}

/*
 * An answer of a request carrying moves: outdated when those moves were all confirmed by another
 * answer (`confirmed`: the first move_number the server has not confirmed), or were dropped since
 * (`epoch` moved on). Any other request is never outdated: its answer is the server's board.
 */
export function outdated(request, { epoch, confirmed }) {
  if (request?.kind !== MOVES) return false;
  return request.epoch !== epoch || request.upTo < confirmed;
}

/*
 * An answer (its game: {id, moves, status}, and its facts) while `queue` holds moves played here:
 * the server has the first `done` of them. It agrees when it shows what they predicted, and then
 * `rest` stay queued. Otherwise the server's board wins; it is `refused` when it lacks a move that
 * is not on its way (not one it has: the page's rules or piece were off; nor a game that ended).
 */
export function reconcile(queue, { status, game, shownId, facts }) {
  const done = game.moves - queue[0].number;
  const agrees =
    status < 300 &&
    (shownId === "" || game.id === shownId) &&
    game.status === "playing" &&
    done >= 0 &&
    done <= queue.length &&
    sameFacts(facts, done === 0 ? queue[0].before : queue[done - 1].expect);
  if (agrees) return { agrees, rest: queue.slice(done), refused: false };
  const lacking = queue.slice(Math.max(done, 0)).some((move) => !move.sent);
  return { agrees, rest: [], refused: lacking && status < 300 && game.status === "playing" };
}

/*
 * What the end of a request whose answer was not ignored asks for, by its status (0: no answer,
 * a network error or a timeout). `resend`: the moves are kept and go again in the next post (the
 * server's board will say which it has); `rollBack`: the last board the server confirmed goes back
 * on screen, undoing the moves played since (the answer did not take them in); `rolledBack`: that
 * was for a server error, said once the connection is back; `refused`: "That move was not
 * accepted" (unless the server's event said why, or this tab cannot play on: `lost`);
 * `unanswered`: the connection is lost (a growing back-off), else it is back.
 */
export function settlement(request, status, { queued, lost }) {
  const unanswered = status === 0 || status >= 500;
  const rollBack = status !== 0 && !request.taken && queued > 0;
  const toldAlready = lost || request.told;
  return {
    unanswered,
    resend: status === 0,
    rollBack,
    rolledBack: rollBack && unanswered,
    refused: (rollBack && !unanswered && !toldAlready) || request.refused,
  };
}

export class MoveController {
  constructor() {
    this.queue = []; // moves played here, not confirmed, in order: {number, slot, row, col, before, expect, sent}
    this.epoch = 0; // counts the times the queue was dropped: answers to what was sent before are ignored
    this.inFlight = 0; // requests on their way (several board posts at once)
    this.exclusive = false; // one of them is not a board post: nothing else goes until it is over
  }

  /* A move played on the page joins the queue, numbered after the last (or the server's count). */
  play(move, confirmed) {
    const last = this.queue[this.queue.length - 1];
    const entry = { ...move, number: last ? last.number + 1 : confirmed, sent: false };
    this.queue.push(entry);
    return entry;
  }

  /*
   * A board post of every unconfirmed move (in order, each marked sent), or null: none new, `held`
   * (the connection is out, or this tab cannot play on), a request that is not a board post on its
   * way, or a first visit's first move `claiming` the page's game, which rotates the CSRF token.
   */
  post({ held = false, claiming = false } = {}) {
    const moves = this.queue;
    const last = moves[moves.length - 1];
    if (!last || last.sent || held || this.exclusive) return null;
    if (claiming && this.inFlight) return null;
    for (const move of moves) move.sent = true;
    const request = new Request(MOVES, { epoch: this.epoch, upTo: last.number });
    return { request, moves: [...moves] };
  }

  /* On its way, or not at all: a request that is not a board post goes alone. */
  admit(request) {
    if (request.phase !== QUEUED) return false;
    if (this.exclusive || (request.kind !== MOVES && this.inFlight)) return false;
    if (request.kind !== MOVES) this.exclusive = true;
    request.phase = SENT;
    this.inFlight += 1;
    return true;
  }

  /* `confirmed`: the move count of the server's board on screen, the mark when the queue is empty. */
  outdated(request, confirmed) {
    const first = this.queue.length ? this.queue[0].number : confirmed;
    return outdated(request, { epoch: this.epoch, confirmed: first });
  }

  /* The moves played here are dropped: the answers to requests sent before are ignored. */
  drop() {
    this.queue = [];
    this.epoch += 1;
  }

  /* An answer while moves are queued (see reconcile()): true when it confirms them in place. */
  reconcile(request, reply) {
    const verdict = reconcile(this.queue, reply);
    if (verdict.agrees) {
      this.queue = verdict.rest;
      request.taken = true;
    } else {
      request.refused = verdict.refused;
      this.drop();
    }
    return verdict.agrees;
  }

  /* The one place a request is counted down: true the first time, false for one not on its way. */
  release(request, outcome) {
    if (request?.phase !== SENT) return false;
    request.phase = outcome;
    this.inFlight -= 1;
    if (request.kind !== MOVES) this.exclusive = false;
    return true;
  }

  /* Over, its answer ignored: the moves it carried are in a later answer, or were dropped. */
  ignore(request) {
    return this.release(request, IGNORED);
  }

  /* Over, to be sent again with a fresh CSRF token: the request that does it (null if over already). */
  retry(request) {
    if (!this.release(request, RETRIED)) return null;
    return new Request(request.kind, { epoch: request.epoch, upTo: request.upTo, resend: true });
  }

  /* Over, its answer acted on: what to do (see settlement()), or null when it was over already. */
  settle(request, status, { lost = false } = {}) {
    if (!this.release(request, ANSWERED)) return null;
    const plan = settlement(request, status, { queued: this.queue.length, lost });
    if (plan.resend) for (const move of this.queue) move.sent = false;
    if (plan.rollBack) this.drop();
    return plan;
  }
}
