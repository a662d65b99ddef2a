/*
 * Talking to the server through htmx, with every move played on the page first
 * (local.js, issue 24). A move joins `state.queue` and shows at once. One request is
 * on its way at a time: a move played while none is leaves at once; the moves played
 * while one is leave together when it is answered, in one request, in order, each once
 * with its move_number (game/views.py _place). Every answer is a board partial whose
 * #play-area carries the game's id and move count (data-game-id, data-moves): an
 * answer older than the board on screen is dropped.
 *
 * An answer that shows what the moves played here predicted (board, score, combo,
 * moves left) confirms them in place (local.js confirmInPlace): the board is not
 * redrawn, so the player plays on and the effects run on; the answer to a hand's
 * last move brings the new hand. Any other answer is the server's board and wins:
 * it is swapped in whole and the unconfirmed moves are dropped. A refused move
 * (400/403/409) comes with that board and an HX-Trigger event (its name and the
 * error codes come from the page, #bk-constants); a refusal without a board, or a
 * 5xx, rolls back to the last board the server confirmed (`state.serverHtml`).
 * The toast, the banner or the #session-lost dialog says why.
 *
 * Connection lost: a request that gets no answer (network error, timeout) shows the
 * "Connection lost, retrying" banner (#connection-lost) and keeps the queue: the
 * player can finish the hand (the next hand waits for the connection, and says so).
 * The board is fetched again with a growing delay (1 s, 2 s, 4 s ... at most 15 s);
 * its answer says which queued moves the server has (none, or the ones on their way),
 * and the rest are sent, together and in order, once it is back.
 *
 * A stale tab (session.js): a request refused for its CSRF token (a log-in in
 * another tab) is sent again once with a fresh token if the session still plays
 * as this page's player; otherwise, and for a "signed_out" refusal (a first visit's
 * page: "stale_page"), the board rolls back and the #session-lost dialog says why.
 * A first visit's first action logs its new guest in, which rotates the token: its
 * answer's X-CSRFToken header is the one to send from then on.
 */

import { announce } from "../live.js";
import { sync as syncSoundToggles } from "../sound.js";
import { nope, placeMessage, swapFeedback, toast } from "./feedback.js";
import { restoreFocus, setRoving } from "./focus.js";
import {
  confirmInPlace,
  factsOf,
  paintMove,
  predict,
  readShown,
  sameFacts,
  showHandWaiting,
  shownFacts,
} from "./local.js";
import { isTokenRefused, recoverToken, showSessionLost, useToken } from "./session.js";
import { area, CONSTANTS, readGame, relink, state, strings } from "./state.js";

const EVENTS = CONSTANTS.events || {};
const ERRORS = CONSTANTS.errors || {};
const RESYNC_STATUSES = [400, 403, 409];
const RETRY_FIRST_MS = 1000;
const RETRY_MAX_MS = 15000;
const RETRY_BUSY_MS = 250;

function swapInto(method, url, values) {
  window.htmx.ajax(method, url, {
    source: document.getElementById("main"),
    target: "#play-area",
    swap: "outerHTML",
    values,
  });
}

/* Play the piece with its anchor on the preview's (row, col) now, and queue it for the server. */
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
  paintMove(piece, pv.targets, predicted);
  document.dispatchEvent(new CustomEvent("bk:move")); // a first game's hint goes (../first-hint.js)
  pump();
}

/* Send the queued moves together, in order, unless a request is on its way or the server is out of reach. */
function pump() {
  const moves = state.queue;
  if (!moves.length || moves[0].sent || state.inFlight || state.retryDelay || state.lost) return;
  const a = area();
  for (const move of moves) move.sent = true;
  const values = {
    slot: moves.map((move) => move.slot),
    row: moves.map((move) => move.row),
    col: moves.map((move) => move.col),
    move_number: moves.map((move) => move.number),
  };
  if (a.dataset.pending) values.pending = a.dataset.pending; // a first visit's page: its token
  swapInto("POST", a.dataset.moveUrl, values);
}

/* Fetch the server's board. */
function resync() {
  const a = area();
  if (a) swapInto("GET", a.dataset.boardUrl);
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
  if (!targetsPlayArea(event.detail)) return;
  if (state.inFlight) {
    event.preventDefault(); // one request at a time: ignore this one
    return;
  }
  state.inFlight = true;
  state.lost = "";
  state.told = false;
}

function isNewGame(detail) {
  const elt = detail.requestConfig?.elt;
  return !!elt?.hasAttribute?.("data-new-game");
}

/* An answer taken in without htmx's swap: its out-of-band parts (the header's player, after a first move). */
function swapOutOfBand(html) {
  const template = document.createElement("template");
  template.innerHTML = html || "";
  for (const el of template.content.querySelectorAll("[hx-swap-oob]")) {
    const current = el.id && document.getElementById(el.id);
    if (!current) continue;
    el.removeAttribute("hx-swap-oob");
    current.replaceWith(el);
    window.htmx.process(el);
  }
}

/*
 * An answer while moves played here are unconfirmed: the server has the first `done`
 * of them. It agrees if it shows what they predicted; then the rest stay queued.
 */
function reconcile(detail, incoming, status) {
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
  state.queue = agrees ? queue.slice(done) : [];
  if (!agrees) {
    // the server's board wins, swapped in whole; a game that ended needs no apology
    state.disagreed = status < 300 && game.status === "playing";
    return;
  }
  for (const move of state.queue) move.sent = false;
  detail.shouldSwap = false;
  state.serverHtml = detail.serverResponse;
  state.taken = true;
  swapOutOfBand(detail.serverResponse);
  confirmInPlace(incoming, state.queue.length === 0);
  afterBoard(area());
}

/* Never replace the board on screen with an older one (a new game may replace any, and any game a
   first visit's unsaved one, whose id is ""). */
function onBeforeSwap(event) {
  const detail = event.detail;
  if (!targetsPlayArea(detail)) return;
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
  if (isNewGame(detail)) state.queue = [];
  if (state.queue.length) {
    reconcile(detail, incoming, status);
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
  const info = event.detail || {};
  if (info.code === ERRORS.notFound) {
    window.location.reload();
    return;
  }
  state.told = true;
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
  const token = detail.xhr?.getResponseHeader("X-CSRFToken");
  if (token) useToken(token); // a first visit's first action logged its new guest in, which rotated the token
  if (isTokenRefused(detail.xhr)) tokenRefused(detail);
  else settle(detail.xhr ? detail.xhr.status : 0);
}

/* The board the server last confirmed, back on screen: the moves played here since are undone. */
function rollBack() {
  state.queue = [];
  const el = incomingArea(state.serverHtml);
  if (!el) {
    resync();
    return;
  }
  area().replaceWith(el);
  window.htmx.process(el);
  afterSwapped(el);
}

/* The request is over: what its answer did not take in rolls back (but a lost connection keeps the queue). */
function settle(status) {
  state.inFlight = false;
  state.tokenRetry = false;
  const unanswered = status === 0 || status >= 500; // network error, timeout or server error
  const taken = state.taken;
  state.taken = false;
  if (status === 0) {
    for (const move of state.queue) move.sent = false; // the server's board will say if it has the one on its way
  } else if (!taken && state.queue.length) {
    rollBack();
    if (!unanswered && !state.lost && !state.told) toast(strings("refused"));
  }
  if (state.disagreed) toast(strings("refused"));
  state.disagreed = false;
  if (unanswered) connectionLost();
  else connectionBack();
  if (state.lost) showSessionLost(state.lost);
  pump();
}

/* Refused for its CSRF token: send it again once with a fresh one, if this page's player is still the session's. */
async function tokenRefused(detail) {
  const outcome = state.tokenRetry ? "stale" : await recoverToken();
  if (outcome === "same") {
    sendAgain(detail.requestConfig);
    return;
  }
  if (outcome !== "unanswered") state.lost = outcome;
  settle(outcome === "unanswered" ? 0 : detail.xhr.status);
}

/* The same request again (a move keeps its move_number: the server never applies it twice). */
function sendAgain(config) {
  const values = {};
  for (const name of new Set(config.formData.keys())) values[name] = config.formData.getAll(name);
  delete values.csrfmiddlewaretoken; // a form's own field now holds the fresh token
  state.inFlight = false;
  state.tokenRetry = true;
  window.htmx.ajax(config.verb.toUpperCase(), config.path, {
    source: config.elt,
    target: "#play-area",
    swap: "outerHTML",
    values,
  });
}

function banner() {
  return document.getElementById("connection-lost");
}

/* No answer from the server: say so, and fetch the board again after a growing delay. */
function connectionLost() {
  const first = state.retryDelay === 0;
  state.retryDelay = first ? RETRY_FIRST_MS : Math.min(RETRY_MAX_MS, state.retryDelay * 2);
  const el = banner();
  if (el) {
    el.hidden = false;
    placeMessage(el);
  }
  if (first) announce(el ? el.textContent : strings("network"), { assertive: true });
  window.clearTimeout(state.retryTimer);
  state.retryTimer = window.setTimeout(retryBoard, state.retryDelay);
  showHandWaiting();
}

function retryBoard() {
  if (state.inFlight) {
    state.retryTimer = window.setTimeout(retryBoard, RETRY_BUSY_MS); // a request is on its way: its answer decides
    return;
  }
  resync();
}

/* The server answered: hide the banner; the board on screen is the server's again. */
function connectionBack() {
  if (state.retryDelay === 0) return;
  state.retryDelay = 0;
  window.clearTimeout(state.retryTimer);
  const el = banner();
  if (el) el.hidden = true;
  toast(strings("network"));
  showHandWaiting();
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
  state.taken = true;
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
