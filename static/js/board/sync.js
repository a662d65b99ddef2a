/*
 * The move controller on the page: every move is played here first (local.js) and confirmed by
 * the server. What is decided about the moves and the requests is moves.js's (no DOM: tested in
 * node); how requests go is the transport's (transport.js, htmx; connection.js the back-off); this
 * module joins them to the page: it paints what they decide, toasts, dialogs and focus.
 *
 * A move joins the queue and shows at once, and each drop sends at once one board post carrying
 * every move the server has not confirmed yet, in order, each with its move_number ([m0], then
 * [m0, m1], then [m0, m1, m2]), without waiting for the answers before it: the server applies a
 * move once and acknowledges it when sent again (game/views.py _place), so the answers may come in
 * any order; the one to the post with the hand's last move brings the new hand, one round trip
 * after the drop. A first visit's first move claims the page's game and rotates the CSRF token:
 * the moves after it wait for its answer.
 *
 * Every answer is a board partial whose #play-area carries the game's id and move count
 * (data-game-id, data-moves). An answer to a post whose moves are all confirmed, or were dropped
 * since, is ignored: no swap, no toast. An answer that shows what the moves played here predicted
 * (board, score, combo, moves left) confirms them in place (local.js confirmInPlace): the board is
 * not redrawn. Any other answer is the server's board and wins: swapped in whole, the unconfirmed
 * moves dropped. A refused move (400/403/409) comes with that board and an HX-Trigger event (names
 * from the page, #bk-constants); a refusal without a board, or a 5xx, rolls back to the last board
 * the server confirmed (`state.serverHtml`). The toast, the banner or the #session-lost dialog
 * says why, once.
 *
 * Connection lost (connection.js): the queue is kept; the board fetched once the server answers
 * says which queued moves it has, and the rest are sent together, in order. A stale tab
 * (session.js): a request refused for its CSRF token is sent again once with a fresh token if the
 * session still plays as this page's player; otherwise, and for a "signed_out" refusal (a first
 * visit's page: "stale_page"), the board rolls back and the #session-lost dialog says why.
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
  shownFacts,
  swapOutOfBand,
} from "./local.js";
import { BOARD, Request } from "./moves.js";
import { showSessionLost } from "./session.js";
import { area, CONSTANTS, readGame, relink, state, strings } from "./state.js";
import * as transport from "./transport.js";

const EVENTS = CONSTANTS.events || {};
const ERRORS = CONSTANTS.errors || {};
const moves = state.moves;

/* Play the piece with its anchor on the preview's (row, col) now, and send it to the server. */
export function sendMove(piece, pv, avatar) {
  if (avatar) avatar.remove(); // the piece is drawn on its cells from this frame on
  const predicted = predict(piece, pv.row, pv.col);
  if (!predicted) return;
  const move = { slot: piece.slot, row: pv.row, col: pv.col };
  move.before = shownFacts(state.shown);
  move.expect = shownFacts(predicted.shown);
  moves.play(move, readGame(area()).moves);
  state.touchPreview = null;
  hideToast(); // "Tap again to place" is done
  paintMove(piece, pv.targets, predicted);
  document.dispatchEvent(new CustomEvent("bk:move")); // a first game's hint goes (../first-hint.js)
  pump();
}

/* Post every unconfirmed move, in order, unless the last one is on its way already or it must wait. */
function pump() {
  const a = area();
  if (!a) return;
  const pending = a.dataset.pending; // a first visit's page: its token, until its first move claims the game
  const batch = moves.post({ held: !!(state.retryDelay || state.lost), claiming: !!pending });
  if (!batch) return;
  const values = {
    slot: batch.moves.map((move) => move.slot),
    row: batch.moves.map((move) => move.row),
    col: batch.moves.map((move) => move.col),
    move_number: batch.moves.map((move) => move.number),
  };
  if (pending) values.pending = pending;
  transport.post(a.dataset.moveUrl, values, batch.request);
}

/* The move count of the server's board on screen (NaN off the play page: nothing is outdated). */
function shownMoves() {
  const a = area();
  return a ? readGame(a).moves : Number.NaN;
}

function isOutdated(request) {
  return moves.outdated(request, shownMoves());
}

/* htmx is about to send `request` (null: a request made by htmx, not a board post): on its way or not. */
function begin(request) {
  const next = request || new Request(BOARD);
  if (!moves.admit(next)) return null;
  state.lost = ""; // a request goes: its answer says again whether this tab can play on
  return next;
}

/* An answer while moves are queued: confirmed in place ("keep") or the server's board ("swap"). */
function takeIn(request, reply) {
  const incoming = reply.incoming;
  const agrees = moves.reconcile(request, {
    status: reply.status,
    game: readGame(incoming),
    shownId: readGame(area()).id,
    facts: factsOf(incoming),
  });
  if (!agrees) return "swap";
  state.serverHtml = reply.html;
  swapOutOfBand(reply.html);
  confirmInPlace(incoming, moves.queue.length === 0);
  afterBoard(area());
  return "keep";
}

/*
 * An answer: never replace the board on screen with an older one (a new game may replace any,
 * and any game a first visit's unsaved one, whose id is "").
 */
function answer(request, reply) {
  if (isOutdated(request)) return "ignore";
  const incoming = reply.incoming;
  if (!incoming || Number.isNaN(readGame(incoming).moves)) return "keep";
  if (reply.newGame) moves.drop();
  if (moves.queue.length) return takeIn(request, reply);
  const current = area();
  if (!current || reply.newGame || reply.status >= 300) return "swap";
  const shown = readGame(current);
  if (shown.id === "") return "swap";
  const game = readGame(incoming);
  return game.id !== shown.id || game.moves < shown.moves ? "keep" : "swap";
}

function onGameError(event) {
  const request = transport.requestFrom(event.target);
  if (isOutdated(request)) return;
  const info = event.detail || {};
  if (info.code === ERRORS.notFound) {
    window.location.reload();
    return;
  }
  if (request) request.told = true;
  nope(null);
  if (info.code === ERRORS.signedOut)
    state.lost = "signedOut"; // the dialog says it (settle)
  else if (info.code === ERRORS.stalePage)
    state.lost = "stale"; // a first visit's page that can no longer start its game
  else toast(info.detail);
}

/* A request is over: ignored, sent again with a fresh token, or settled. */
function end(request, reply) {
  if (!request.taken && isOutdated(request)) return ignore(request);
  if (reply.tokenRefused) return renewed(request, reply); // over once the session was asked
  return settle(request, reply.status);
}

/* Over, its answer ignored: the moves it carried are in a later answer's, or were dropped. */
function ignore(request) {
  if (moves.ignore(request)) pump();
}

/* Refused for its CSRF token: send it again once with a fresh one, if this page's player is still the session's. */
async function renewed(request, reply) {
  const outcome = await transport.renewToken(request);
  if (isOutdated(request)) {
    ignore(request); // another request's answer settled its moves meanwhile
    return;
  }
  if (outcome === "same") {
    const again = moves.retry(request);
    if (again) transport.sendAgain(again, reply.config);
    return;
  }
  if (outcome !== "unanswered") state.lost = outcome;
  settle(request, outcome === "unanswered" ? 0 : reply.status);
}

/* Over, its answer acted on: what it did not take in rolls back (but a lost connection keeps the queue). */
function settle(request, status) {
  const plan = moves.settle(request, status, { lost: !!state.lost });
  if (!plan) return;
  if (plan.rollBack) showServerBoard();
  if (plan.rolledBack) state.rolledBack = true;
  if (plan.refused) toast(strings("refused"));
  if (plan.unanswered) connectionLost(transport.fetchBoard);
  else connectionBack();
  if (state.lost) showSessionLost(state.lost);
  pump();
}

/* The board the server last confirmed, back on screen (the controller dropped the moves played since). */
function showServerBoard() {
  const template = document.createElement("template");
  template.innerHTML = state.serverHtml || "";
  const el = template.content.querySelector("#play-area");
  if (!el) {
    transport.fetchBoard();
    return;
  }
  area().replaceWith(el);
  window.htmx.process(el);
  afterSwapped(el);
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

function swapped(request, a) {
  if (request) request.taken = true;
  afterSwapped(a);
}

/* New game asks first (a <dialog>) while the game is unfinished. */
function onConfirm(event) {
  const elt = event.detail.elt;
  if (!elt?.hasAttribute?.("data-confirm-new")) return;
  if (transport.resending(elt)) return; // sent again after a fresh token: it was confirmed the first time
  const dialog = document.getElementById("new-game-dialog");
  if (!dialog || typeof dialog.showModal !== "function") return;
  event.preventDefault();
  if (moves.inFlight) return;
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
  transport.listen({ begin, answer, swapped, end });
  document.addEventListener(EVENTS.gameError, onGameError);
  document.addEventListener("htmx:confirm", onConfirm);
  // coming back to a tab restored from the back/forward cache: fetch the server's board
  window.addEventListener("pageshow", (event) => {
    if (event.persisted && area()) transport.fetchBoard();
  });
}
