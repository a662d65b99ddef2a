/*
 * The connection to the server (sync.js): a request that gets no answer (network error,
 * timeout, 5xx) shows the "Connection lost, retrying" banner (#connection-lost) and the
 * board is fetched again with a growing delay (1 s, 2 s, 4 s ... at most 15 s), once no
 * request is on its way; when the browser says it is online again, at once and then
 * after 0.5 s, 1 s, 2 s ... (the network may take a moment to carry requests); any
 * answer hides the banner and says "Back online" (or, where a 5xx undid moves played
 * here, that the board was reloaded). While it is out of reach, the moves played here
 * wait (`state.retryDelay` > 0) and the next hand says so.
 */
import { announce } from "../live.js";
import { placeMessage, toast } from "./feedback.js";
import { showHandWaiting } from "./local.js";
import { state, strings } from "./state.js";

const RETRY_FIRST_MS = 1000;
const RETRY_ONLINE_MS = 500; // the first wait after a failed try once back online
const RETRY_MAX_MS = 15000;
const RETRY_BUSY_MS = 250;
let retryNow = null; // the pending retry, for the browser's "online" event

function banner() {
  return document.getElementById("connection-lost");
}

/* No answer from the server: say so, and call `fetchBoard` after a growing delay. */
export function connectionLost(fetchBoard) {
  const first = state.retryDelay === 0;
  state.retryDelay = first ? RETRY_FIRST_MS : Math.min(RETRY_MAX_MS, state.retryDelay * 2);
  const el = banner();
  if (el) {
    el.hidden = false;
    placeMessage(el); // in the message slot, never over the board or the tray
  }
  if (first) announce(el ? el.textContent : strings("network"), { assertive: true });
  window.clearTimeout(state.retryTimer);
  const retry = () => {
    if (state.moves.inFlight) {
      state.retryTimer = window.setTimeout(retry, RETRY_BUSY_MS); // a request is on its way: its answer decides
      return;
    }
    retryNow = null;
    fetchBoard();
  };
  retryNow = retry;
  state.retryTimer = window.setTimeout(retry, state.retryDelay);
  showHandWaiting();
}

/* The browser is online again: try now rather than at the end of the growing delay, and again soon. */
window.addEventListener("online", () => {
  if (!state.retryDelay) return;
  state.retryDelay = RETRY_ONLINE_MS / 2; // doubled at the next failure (connectionLost)
  if (!retryNow) return; // a try is on its way: its failure waits 0.5 s
  window.clearTimeout(state.retryTimer);
  retryNow();
});

/* The server answered: hide the banner; the board on screen is the server's again. */
export function connectionBack() {
  if (state.retryDelay === 0) return;
  state.retryDelay = 0;
  window.clearTimeout(state.retryTimer);
  const el = banner();
  if (el) el.hidden = true;
  toast(strings(state.rolledBack ? "network" : "back"));
  state.rolledBack = false;
  showHandWaiting();
}
