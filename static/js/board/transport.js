/*
 * The board's requests through htmx, and nothing about what the moves mean (that is the move
 * controller's: sync.js, moves.js). Every request that targets #play-area is told to the
 * controller's handlers as four steps, each once:
 *
 *   begin(request)           htmx is about to send it: the request made for it beforehand (a board
 *                            post, a request sent again) or null (anything else: a board fetch, New
 *                            game...). The handler returns the request on its way, or null to stop it.
 *   answer(request, reply)   an answer came: "swap" (htmx swaps it in), "keep" (heard, not swapped
 *                            by htmx), or "ignore" (it says nothing new; an error status stays one)
 *   swapped(request, el)     htmx swapped it in
 *   end(request, reply)      it is over: {status (0: no answer), tokenRefused, config}
 *
 * htmx tells a request's end again on an ancestor when its source element left the page during
 * the first telling: the request is forgotten at its first end, so the second finds nothing.
 *
 * A board post gets its own hidden source element: htmx queues the requests of one element
 * behind each other (hx-sync's default), and the posts go without waiting for each other.
 * A first visit's first action logs its new guest in, which rotates the CSRF token: its answer's
 * X-CSRFToken header is the token from then on. A request refused for its token (a log-in in
 * another tab) is sent again once with a fresh one when renewToken() says the session still plays
 * as this page's player (session.js). The back-off while the server is out of reach is
 * connection.js's.
 */
import { isTokenRefused, recoverToken, useToken } from "./session.js";
import { area } from "./state.js";

const REFUSED_WITH_BOARD = [400, 403, 409]; // a refused move comes with the server's board
const queued = new WeakMap(); // source element -> the request htmx is to send from it next
const sent = new WeakMap(); // source element -> its request on its way
const own = new WeakSet(); // the board posts' source elements, removed when their request is over
let handlers = null;

function send(method, url, values, source = document.getElementById("main")) {
  window.htmx
    .ajax(method, url, { source, target: "#play-area", swap: "outerHTML", values })
    .catch(() => {}); // a request that failed ends in its htmx:afterRequest all the same
}

/* Post `values` (the moves) for `request`, from a source element of its own. */
export function post(url, values, request) {
  const source = document.createElement("span");
  source.hidden = true;
  document.getElementById("main").append(source);
  own.add(source);
  queued.set(source, request);
  send("POST", url, values, source);
}

/* The server's board for the game on screen. */
export function fetchBoard() {
  const a = area();
  if (a) send("GET", a.dataset.boardUrl);
}

/* The request on its way from `el` (an event the server's answer triggered on it names it). */
export function requestFrom(el) {
  return sent.get(el);
}

/* `el` is about to send a request again with a fresh token (New game was confirmed the first time). */
export function resending(el) {
  return !!queued.get(el)?.resend;
}

/*
 * After a token refusal: "same" (a fresh token is in place: send again), "signedOut",
 * "playerChanged" or "stale" (this tab cannot play on), or "unanswered" (the server could not
 * be asked). A request that was sent again already is not: it is "stale".
 */
export function renewToken(request) {
  return request.resend ? Promise.resolve("stale") : recoverToken();
}

/* The refused request's values again, as `request` (a move keeps its move_number: never applied twice). */
export function sendAgain(request, config) {
  const values = {};
  for (const name of new Set(config.formData.keys())) values[name] = config.formData.getAll(name);
  delete values.csrfmiddlewaretoken; // a form's own field holds the fresh token now
  queued.set(config.elt, request);
  send(config.verb.toUpperCase(), config.path, values, config.elt);
}

function targetsPlayArea(detail) {
  const target = detail && (detail.target || detail.requestConfig?.target);
  return !!target && target.id === "play-area";
}

function sourceOf(detail) {
  return detail?.requestConfig?.elt || detail?.elt;
}

/* The #play-area of an answer (parsed, never run), or null. */
function incomingArea(html) {
  const template = document.createElement("template");
  template.innerHTML = html || "";
  return template.content.querySelector("#play-area");
}

/* A board post's own source element goes once nothing is sent from it any more: events of a detached
   element reach no listener on the document. */
function dropSource(el) {
  if (own.has(el) && !queued.has(el) && !sent.has(el)) el.remove();
}

function onBeforeRequest(event) {
  const detail = event.detail;
  if (!targetsPlayArea(detail)) return;
  const el = detail.elt;
  const request = handlers.begin(queued.get(el) || null);
  queued.delete(el);
  if (!request) {
    event.preventDefault(); // one at a time: this one does not go
    dropSource(el);
    return;
  }
  sent.set(el, request);
}

function onBeforeSwap(event) {
  const detail = event.detail;
  if (!targetsPlayArea(detail)) return;
  const request = sent.get(sourceOf(detail));
  if (!request) return;
  const status = detail.xhr.status;
  const withBoard = REFUSED_WITH_BOARD.includes(status) && !!detail.serverResponse;
  const came = detail.shouldSwap || withBoard;
  const verdict = handlers.answer(request, {
    status,
    html: detail.serverResponse,
    incoming: came ? incomingArea(detail.serverResponse) : null,
    newGame: !!detail.requestConfig?.elt?.hasAttribute?.("data-new-game"),
  });
  detail.shouldSwap = verdict === "swap";
  if (withBoard && verdict !== "ignore") detail.isError = false;
}

function onAfterSwap(event) {
  const el = event.target;
  if (el?.id !== "play-area") return;
  handlers.swapped(sent.get(sourceOf(event.detail)), el);
}

function onAfterRequest(event) {
  const detail = event.detail;
  if (!targetsPlayArea(detail)) return;
  const source = sourceOf(detail);
  const request = sent.get(source);
  if (!request) return; // told again on an ancestor: it is over already
  sent.delete(source);
  const xhr = detail.xhr;
  const token = xhr?.getResponseHeader("X-CSRFToken");
  if (token) useToken(token);
  const reply = {
    status: xhr ? xhr.status : 0,
    tokenRefused: isTokenRefused(xhr),
    config: detail.requestConfig,
  };
  // a refusal for the token is over once the session was asked: its source may send again
  Promise.resolve(handlers.end(request, reply)).finally(() => dropSource(source));
}

export function listen(controller) {
  handlers = controller;
  document.addEventListener("htmx:beforeRequest", onBeforeRequest);
  document.addEventListener("htmx:beforeSwap", onBeforeSwap);
  document.addEventListener("htmx:afterSwap", onAfterSwap);
  document.addEventListener("htmx:afterRequest", onAfterRequest);
}
