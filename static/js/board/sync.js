/*
 * Talking to the server through htmx. At most one request changes the board at
 * a time; input is ignored while one is in flight. Every answer is a board
 * partial whose #play-area carries the game's id and move count (data-game-id,
 * data-moves): an answer older than the board on screen is dropped. A refused
 * move (400/403/409) comes back with a resynced board and an HX-Trigger
 * "bk:game-error"; the dragged piece goes back to its slot.
 *
 * Connection lost: a request that gets no answer (network error, timeout) or a
 * 5xx shows the "Connection lost, retrying" banner (#connection-lost) and puts
 * the piece back; the board is then fetched again with a growing delay (1 s, 2 s,
 * 4 s ... at most 15 s) until the server answers, which hides the banner and swaps
 * in the server's board (the move may or may not have been applied: the server's
 * board says which).
 *
 * A stale tab (session.js): a request refused for its CSRF token (a log-in in
 * another tab) is sent again once with a fresh token if the session still plays
 * as this page's player; otherwise, and for a "signed_out" refusal (a first visit's
 * page: "stale_page"), the piece goes back and the #session-lost dialog says why.
 * A refusal without an error event says so in a toast: no refused move snaps back
 * silently. A first visit's first action logs its new guest in, which rotates the
 * token: its answer's X-CSRFToken header is the one to send from then on.
 */

import { announce } from "../live.js";
import { sync as syncSoundToggles } from "../sound.js";
import { snapBack } from "./avatar.js";
import { nope, swapFeedback, toast } from "./feedback.js";
import { restoreFocus, setRoving } from "./focus.js";
import { clearPreview, showLanding, showPreview } from "./preview.js";
import { isTokenRefused, recoverToken, showSessionLost, useToken } from "./session.js";
import { area, readGame, state, strings } from "./state.js";

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

/* Post the move: the piece's anchor on the preview's (row, col); a first visit's page sends its token (data-pending). */
export function sendMove(piece, pv, avatar) {
  const a = area();
  state.pending = {
    slot: piece.slot,
    row: pv.row,
    col: pv.col,
    targets: pv.targets,
    avatar,
    button: piece.button,
    rejected: false,
  };
  showPreview(pv, false);
  showLanding(pv, piece.button);
  piece.button.classList.add("is-sending");
  const values = { slot: piece.slot, row: pv.row, col: pv.col, move_number: readGame(a).moves };
  if (a.dataset.pending) values.pending = a.dataset.pending;
  swapInto("POST", a.dataset.moveUrl, values);
}

/* Fetch the server's board. */
function resync() {
  const a = area();
  if (a) swapInto("GET", a.dataset.boardUrl);
}

function targetsPlayArea(detail) {
  const target = detail && (detail.target || (detail.requestConfig && detail.requestConfig.target));
  return !!target && target.id === "play-area";
}

/* The game an answer carries: its #play-area's data-* attributes (parsed, never run). */
function incomingGame(html) {
  const template = document.createElement("template");
  template.innerHTML = html || "";
  const el = template.content.querySelector("#play-area");
  return el ? readGame(el) : null;
}

function setBusy(busy) {
  const a = area();
  if (!a) return;
  a.classList.toggle("is-busy", busy);
  if (busy) a.setAttribute("aria-busy", "true");
  else a.removeAttribute("aria-busy");
}

function onBeforeRequest(event) {
  if (!targetsPlayArea(event.detail)) return;
  if (state.inFlight) {
    event.preventDefault(); // one request at a time: ignore this one
    return;
  }
  state.inFlight = true;
  state.lost = "";
  setBusy(true);
}

/* Never replace the board on screen with an older one (a new game may replace any, and any game a
   first visit's unsaved one, whose id is ""). */
function onBeforeSwap(event) {
  const detail = event.detail;
  if (!targetsPlayArea(detail)) return;
  if (RESYNC_STATUSES.includes(detail.xhr.status) && detail.serverResponse) {
    detail.shouldSwap = true; // a refused move comes with the server's board
    detail.isError = false;
  }
  if (!detail.shouldSwap) return;
  const incoming = incomingGame(detail.serverResponse);
  if (!incoming || Number.isNaN(incoming.moves)) {
    detail.shouldSwap = false;
    return;
  }
  const elt = detail.requestConfig && detail.requestConfig.elt;
  const isNewGame = !!(elt && elt.hasAttribute && elt.hasAttribute("data-new-game"));
  const current = area();
  if (!current || isNewGame) return;
  const shown = readGame(current);
  if (shown.id === "") return;
  if (incoming.id !== shown.id || incoming.moves < shown.moves) detail.shouldSwap = false;
}

function onGameError(event) {
  const info = event.detail || {};
  if (info.code === "not_found") {
    window.location.reload();
    return;
  }
  const pending = state.pending;
  if (pending) {
    pending.rejected = true;
    snapBack(pending.avatar, pending.button);
    pending.avatar = null;
    nope(null);
  }
  if (info.code === "signed_out")
    state.lost = "signedOut"; // the dialog says it (settle)
  else if (info.code === "stale_page")
    state.lost = "stale"; // a first visit's page that can no longer start its game
  else toast(info.detail);
}

function onAfterRequest(event) {
  const detail = event.detail;
  if (!targetsPlayArea(detail)) return;
  const token = detail.xhr && detail.xhr.getResponseHeader("X-CSRFToken");
  if (token) useToken(token); // a first visit's first action logged its new guest in, which rotated the token
  if (isTokenRefused(detail.xhr)) tokenRefused(detail);
  else settle(detail, detail.xhr ? detail.xhr.status : 0);
}

/* The request is over: put a piece that was not swapped in back, resync, say what went wrong. */
function settle(detail, status) {
  state.inFlight = false;
  state.tokenRetry = false;
  setBusy(false);
  const unanswered = status === 0 || status >= 500; // network error, timeout or server error
  const pending = state.pending;
  if (pending) {
    // not swapped in (refused, network error, server error or an outdated answer): put the piece back
    state.pending = null;
    snapBack(pending.avatar, pending.button);
    if (pending.button) pending.button.classList.remove("is-sending");
    clearPreview();
    const refused = !unanswered && status >= 400; // (onBeforeSwap clears htmx's isError for 4xx)
    if (!unanswered && !state.lost && (refused || !detail.successful || detail.failed)) resync();
    if (refused && !state.lost && !pending.rejected) toast(strings("refused"));
  }
  if (unanswered) connectionLost();
  else connectionBack();
  if (state.lost) showSessionLost(state.lost);
}

/* Refused for its CSRF token: send it again once with a fresh one, if this page's player is still the session's. */
async function tokenRefused(detail) {
  const outcome = state.tokenRetry ? "stale" : await recoverToken();
  if (outcome === "same") {
    sendAgain(detail.requestConfig);
    return;
  }
  if (outcome !== "unanswered") state.lost = outcome;
  settle(detail, outcome === "unanswered" ? 0 : detail.xhr.status);
}

/* The same request again (a move keeps its move_number: the server never applies it twice). */
function sendAgain(config) {
  const values = Object.fromEntries(config.formData);
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
  if (el) el.hidden = false;
  if (first) announce(el ? el.textContent : strings("network"), { assertive: true });
  window.clearTimeout(state.retryTimer);
  state.retryTimer = window.setTimeout(retryBoard, state.retryDelay);
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
}

function onAfterSwap(event) {
  const a = event.target;
  if (!a || a.id !== "play-area") return;
  const pending = state.pending;
  state.pending = null;
  state.selected = null;
  if (pending && pending.avatar) pending.avatar.remove();
  swapFeedback(a, pending);
  setRoving(state.focusPos.row, state.focusPos.col);
  restoreFocus(a, pending);
  syncSoundToggles();
}

/* New game asks first (a <dialog>) while the game is unfinished. */
function onConfirm(event) {
  const elt = event.detail.elt;
  if (!elt || !elt.hasAttribute || !elt.hasAttribute("data-confirm-new")) return;
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
  document.addEventListener("htmx:beforeRequest", onBeforeRequest);
  document.addEventListener("htmx:beforeSwap", onBeforeSwap);
  document.addEventListener("bk:game-error", onGameError);
  document.addEventListener("htmx:afterSwap", onAfterSwap);
  document.addEventListener("htmx:afterRequest", onAfterRequest);
  document.addEventListener("htmx:confirm", onConfirm);
  // coming back to a tab restored from the back/forward cache: fetch the server's board
  window.addEventListener("pageshow", (event) => {
    if (event.persisted && area()) resync();
  });
}
