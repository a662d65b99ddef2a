/*
 * Talking to the server through htmx, with every move played on the page first
 * (local.js, issue 24). A move joins `state.queue` and shows at once, and each drop
 * sends at once one request carrying every move the server has not confirmed yet, in
 * order, each with its move_number ([m0], then [m0, m1], then [m0, m1, m2]), without
 * waiting for the answers before it: the server applies a move once and acknowledges
 * it when sent again (game/views.py _place), so the answers may come in any order; the
 * one to the request with the hand's last move brings the new hand, one round trip
 * after the drop. Each request has its own source element: htmx queues the requests of
 * one element behind each other (hx-sync's default). A first visit's first move claims
 * the page's game and rotates the CSRF token: the moves after it wait for its answer.
 *
 * Every answer is a board partial whose #play-area carries the game's id and move
 * count (data-game-id, data-moves). An answer to a request whose moves are all
 * confirmed, or were dropped since (`state.epoch`), is ignored: no swap, no toast. An
 * answer that shows what the moves played here predicted (board, score, combo, moves
 * left) confirms them in place (local.js confirmInPlace): the board is not redrawn.
 * Any other answer is the server's board and wins: swapped in whole, the unconfirmed
 * moves dropped. A refused move (400/403/409) comes with that board and an HX-Trigger
 * event (names from the page, #bk-constants); a refusal without a board, or a 5xx,
 * rolls back to the last board the server confirmed (`state.serverHtml`). The toast,
 * the banner or the #session-lost dialog says why, once.
 *
 * Connection lost (connection.js): the queue is kept; the board fetched once the server
 * answers says which queued moves it has, and the rest are sent together, in order.
 * A stale tab (session.js): a request refused for its CSRF token (a log-in in another
 * tab) is sent again once with a fresh token if the session still plays as this page's
 * player; otherwise, and for a "signed_out" refusal (a first visit's page:
 * "stale_page"), the board rolls back and the #session-lost dialog says why. A first
 * visit's first action logs its new guest in: its answer's X-CSRFToken header is the
 * token from then on.
 */
import { sync as syncSoundToggles } from "../sound.js";
import { connectionBack, connectionLost } from "./connection.js";
import { hideToast, nope, swapFeedback, toast } from "./feedback.js";
import { restoreFocus, setRoving } from "./focus.js";
import {
  confirmInPlace,
  factsOf,
  paintMove,
  predict,
  readShown,
  sameFacts,
  shownFacts,
  swapOutOfBand,
} from "./local.js";
import { isTokenRefused, recoverToken, showSessionLost, useToken } from "./session.js";
import { area, CONSTANTS, readGame, relink, state, strings } from "./state.js";

const EVENTS = CONSTANTS.events || {};
const ERRORS = CONSTANTS.errors || {};
const RESYNC_STATUSES = [400, 403, 409];
/* Each request's source element: {move, epoch, upTo (its last move_number), el, taken, told, disagreed}. */
const requests = new WeakMap();

function swapInto(method, url, values, source = document.getElementById("main")) {
  window.htmx
    .ajax(method, url, { source, target: "#play-area", swap: "outerHTML", values })
    .catch(() => {}); // a request that failed is settled by its htmx:afterRequest (onAfterRequest)
}

/* Play the piece with its anchor on the preview's (row, col) now, and send it to the server. */
export function sendMove(piece, pv, avatar) {
  if (avatar) avatar.remove(); // the piece is drawn on its cells from this frame on
  const predicted = predict(piece, pv.row, pv.col);
  if (!predicted) return;
  const last = state.queue[state.queue.length - 1];
  state.queue.push({
    number: last ? last.number + 1 : readGame(area()).moves,
    slot: piece.slot,
    row: pv.row,
    col: pv.col,
    before: shownFacts(state.shown),
    expect: shownFacts(predicted.shown),
    sent: false,
  });
  state.touchPreview = null;
  hideToast(); // "Tap again to place" is done
  paintMove(piece, pv.targets, predicted);
  document.dispatchEvent(new CustomEvent("bk:move")); // a first game's hint goes (../first-hint.js)
  pump();
}

/* Send every unconfirmed move, in order, in a request of its own, unless the last one is on its way already. */
function pump() {
  const moves = state.queue;
  const a = area();
  const held = state.exclusive || state.retryDelay || state.lost;
  if (!moves.length || moves[moves.length - 1].sent || held) return;
  if (a.dataset.pending && state.inFlight) return; // a first visit's first move is claiming the page's game
  for (const move of moves) move.sent = true;
  const values = {
    slot: moves.map((move) => move.slot),
    row: moves.map((move) => move.row),
    col: moves.map((move) => move.col),
    move_number: moves.map((move) => move.number),
  };
  if (a.dataset.pending) values.pending = a.dataset.pending; // a first visit's page: its token
  const source = document.createElement("span"); // its own: htmx queues one element's requests
  source.hidden = true;
  document.getElementById("main").append(source);
  requests.set(source, {
    move: true,
    epoch: state.epoch,
    upTo: moves[moves.length - 1].number,
    el: source,
  });
  swapInto("POST", a.dataset.moveUrl, values, source);
}

function resync() {
  const a = area();
  if (a) swapInto("GET", a.dataset.boardUrl);
}

/* The moves played here are dropped: the answers to requests sent before are ignored. */
function dropQueue() {
  state.queue = [];
  state.epoch += 1;
}

function recordOf(detail) {
  return requests.get(detail?.requestConfig?.elt || detail?.elt);
}

/* A move request whose moves are all confirmed, or were dropped: its answer says nothing new. */
function outdated(record) {
  if (!record?.move) return false;
  const confirmed = state.queue.length ? state.queue[0].number : readGame(area()).moves;
  return record.epoch !== state.epoch || record.upTo < confirmed;
}

function targetsPlayArea(detail) {
  const target = detail && (detail.target || detail.requestConfig?.target);
  return !!target && target.id === "play-area";
}

/* The #play-area of an answer (parsed, never run). */
function incomingArea(html) {
  const template = document.createElement("template");
  template.innerHTML = html || "";
  return template.content.querySelector("#play-area");
}

function onBeforeRequest(event) {
  const detail = event.detail;
  if (!targetsPlayArea(detail)) return;
  let record = requests.get(detail.elt);
  if (state.exclusive || (!record?.move && state.inFlight)) {
    event.preventDefault(); // one at a time: ignore this one
    return;
  }
  if (!record?.move) {
    record = { move: false };
    requests.set(detail.elt, record);
    state.exclusive = true;
  }
  Object.assign(record, {
    taken: false,
    told: false,
    disagreed: false,
    over: false,
    retried: state.tokenRetry,
  });
  state.tokenRetry = false;
  state.inFlight += 1;
  state.lost = "";
}

function isNewGame(detail) {
  const elt = detail.requestConfig?.elt;
  return !!elt?.hasAttribute?.("data-new-game");
}

/*
 * An answer while moves played here are unconfirmed: the server has the first `done`
 * of them. It agrees if it shows what they predicted; then the rest stay queued.
 */
function reconcile(detail, record, incoming, status) {
  const queue = state.queue;
  const game = readGame(incoming);
  const shown = readGame(area());
  const done = game.moves - queue[0].number;
  const agrees =
    status < 300 &&
    (shown.id === "" || game.id === shown.id) &&
    game.status === "playing" &&
    done >= 0 &&
    done <= queue.length &&
    sameFacts(factsOf(incoming), done === 0 ? queue[0].before : queue[done - 1].expect);
  if (!agrees) {
    // the server's board wins, swapped in whole. Refused: a move it lacks that is not on its way;
    // not one it has (predicted otherwise here: the page's rules or piece were off), nor a game that ended
    const refused = queue.slice(Math.max(done, 0)).some((move) => !move.sent);
    record.disagreed = refused && status < 300 && game.status === "playing";
    dropQueue();
    return;
  }
  state.queue = queue.slice(done);
  detail.shouldSwap = false;
  state.serverHtml = detail.serverResponse;
  record.taken = true;
  swapOutOfBand(detail.serverResponse);
  confirmInPlace(incoming, state.queue.length === 0);
  afterBoard(area());
}

/* Never replace the board on screen with an older one (a new game may replace any, and any game a
   first visit's unsaved one, whose id is ""). */
function onBeforeSwap(event) {
  const detail = event.detail;
  if (!targetsPlayArea(detail)) return;
  const record = recordOf(detail);
  if (outdated(record)) {
    detail.shouldSwap = false;
    return;
  }
  const status = detail.xhr.status;
  if (RESYNC_STATUSES.includes(status) && detail.serverResponse) {
    detail.shouldSwap = true; // a refused move comes with the server's board
    detail.isError = false;
  }
  if (!detail.shouldSwap) return;
  const incoming = incomingArea(detail.serverResponse);
  if (!incoming || Number.isNaN(readGame(incoming).moves)) {
    detail.shouldSwap = false;
    return;
  }
  if (isNewGame(detail)) dropQueue();
  if (state.queue.length) {
    reconcile(detail, record, incoming, status);
    return;
  }
  const current = area();
  if (!current || isNewGame(detail) || status >= 300) return;
  const shown = readGame(current);
  if (shown.id === "") return;
  const game = readGame(incoming);
  if (game.id !== shown.id || game.moves < shown.moves) detail.shouldSwap = false;
}

function onGameError(event) {
  const record = requests.get(event.target);
  if (outdated(record)) return;
  const info = event.detail || {};
  if (info.code === ERRORS.notFound) {
    window.location.reload();
    return;
  }
  if (record) record.told = true;
  nope(null);
  if (info.code === ERRORS.signedOut)
    state.lost = "signedOut"; // the dialog says it (settle)
  else if (info.code === ERRORS.stalePage)
    state.lost = "stale"; // a first visit's page that can no longer start its game
  else toast(info.detail);
}

function onAfterRequest(event) {
  const detail = event.detail;
  if (!targetsPlayArea(detail)) return;
  const record = recordOf(detail);
  if (!record || record.over) return; // htmx tells it again on #main once its source is removed
  record.over = true;
  const token = detail.xhr?.getResponseHeader("X-CSRFToken");
  if (token) useToken(token); // a first visit's first action logged its new guest in, which rotated the token
  if (!record.taken && outdated(record)) finish(record);
  else if (isTokenRefused(detail.xhr)) tokenRefused(record, detail);
  else settle(record, detail.xhr ? detail.xhr.status : 0);
}

/* The board the server last confirmed, back on screen: the moves played here since are undone. */
function rollBack() {
  dropQueue();
  const el = incomingArea(state.serverHtml);
  if (!el) {
    resync();
    return;
  }
  area().replaceWith(el);
  window.htmx.process(el);
  afterSwapped(el);
}

function release(record) {
  state.inFlight -= 1;
  if (!record.move) state.exclusive = false;
}

/* The request is over and its answer ignored: the moves it carried are in a later one's answer. */
function finish(record) {
  release(record);
  record.el?.remove();
  pump();
}

/* The request is over: what its answer did not take in rolls back (but a lost connection keeps the queue). */
function settle(record, status) {
  release(record);
  record.el?.remove();
  const unanswered = status === 0 || status >= 500; // network error, timeout or server error
  if (status === 0) {
    for (const move of state.queue) move.sent = false; // the server's board will say if it has the ones on their way
  } else if (!record.taken && state.queue.length) {
    rollBack();
    if (unanswered) state.rolledBack = true;
    else if (!state.lost && !record.told) toast(strings("refused"));
  }
  if (record.disagreed) toast(strings("refused"));
  if (unanswered) connectionLost(resync);
  else connectionBack();
  if (state.lost) showSessionLost(state.lost);
  pump();
}

/* Refused for its CSRF token: send it again once with a fresh one, if this page's player is still the session's. */
async function tokenRefused(record, detail) {
  const outcome = record.retried ? "stale" : await recoverToken();
  if (outdated(record)) {
    finish(record); // another request's answer settled its moves meanwhile
    return;
  }
  if (outcome === "same") {
    release(record);
    sendAgain(detail.requestConfig);
    return;
  }
  if (outcome !== "unanswered") state.lost = outcome;
  settle(record, outcome === "unanswered" ? 0 : detail.xhr.status);
}

/* The same request again (a move keeps its move_number: the server never applies it twice). */
function sendAgain(config) {
  const values = {};
  for (const name of new Set(config.formData.keys())) values[name] = config.formData.getAll(name);
  delete values.csrfmiddlewaretoken; // a form's own field now holds the fresh token
  state.tokenRetry = true;
  swapInto(config.verb.toUpperCase(), config.path, values, config.elt);
}

/* A board of the server's on screen (confirmed in place or swapped in). */
function afterBoard(a) {
  swapFeedback(a);
  relink(a);
  setRoving(state.focusPos.row, state.focusPos.col);
  restoreFocus(a);
  syncSoundToggles();
}

/* Swapped in whole: the position on screen is the server's. */
function afterSwapped(a) {
  state.shown = readShown(a);
  state.serverHtml = a.outerHTML;
  state.touchPreview = null;
  afterBoard(a);
}

function onAfterSwap(event) {
  const a = event.target;
  if (a?.id !== "play-area") return;
  const record = recordOf(event.detail);
  if (record) record.taken = true;
  afterSwapped(a);
}

/* New game asks first (a <dialog>) while the game is unfinished. */
function onConfirm(event) {
  const elt = event.detail.elt;
  if (!elt?.hasAttribute?.("data-confirm-new")) return;
  if (state.tokenRetry) return; // sent again after a fresh token: it was confirmed the first time
  const dialog = document.getElementById("new-game-dialog");
  if (!dialog || typeof dialog.showModal !== "function") return;
  event.preventDefault();
  if (state.inFlight) return;
  dialog.returnValue = "";
  const onClose = () => {
    if (dialog.returnValue === "confirm") event.detail.issueRequest(true);
  };
  dialog.addEventListener("close", onClose, { once: true });
  dialog.showModal();
}

export function listen() {
  const a = area();
  if (a) {
    state.shown = readShown(a);
    state.serverHtml = a.outerHTML;
  }
  document.addEventListener("htmx:beforeRequest", onBeforeRequest);
  document.addEventListener("htmx:beforeSwap", onBeforeSwap);
  document.addEventListener(EVENTS.gameError, onGameError);
  document.addEventListener("htmx:afterSwap", onAfterSwap);
  document.addEventListener("htmx:afterRequest", onAfterRequest);
  document.addEventListener("htmx:confirm", onConfirm);
  // coming back to a tab restored from the back/forward cache: fetch the server's board
  window.addEventListener("pageshow", (event) => {
    if (event.persisted && area()) resync();
  });
}
