/*
 * A stale tab: this page was rendered for a player the browser's session may no
 * longer have. Django rotates the CSRF token at every log-in, so a
 * log-in in another tab makes this tab's token stale, and its refusal answers
 * 403 {"error": "csrf_failed"} (blockknock.errors.csrf_failure). Then
 * recoverToken() asks the server who the session plays as now
 * (GET accounts:session, which never makes a guest):
 *
 *   the page's player   a fresh token goes into hx-headers and the forms' hidden
 *                       fields, and sync.js sends the request again, once (on a
 *                       first visit's page, data-player="", that is nobody);
 *   anyone, on a first visit's page   the page is out of date ("stale");
 *   nobody, or a guest  signed out (a log-out in another tab, an expired session);
 *   someone else        signed in as another player in another tab.
 *
 * For the last three, and for a move refused as "signed_out" (or, from a first
 * visit's page, "stale_page") by the server,
 * showSessionLost() opens the #session-lost dialog (templates/game/play.html):
 * what happened in the page's language, Reload and Log in, and the text read out
 * from its live region. Nothing is sent into another player's game.
 */
import { announce } from "../live.js";
import { area, CONSTANTS } from "./state.js";

function dialog() {
  return document.getElementById("session-lost");
}

/* The answer is Django's CSRF refusal (JSON from blockknock.errors.csrf_failure). */
export function isTokenRefused(xhr) {
  if (xhr?.status !== 403) return false;
  try {
    return JSON.parse(xhr.responseText).error === CONSTANTS.errors.csrfFailed;
  } catch (_err) {
    return false; // not JSON: another 403
  }
}

/* Send ``token`` from now on (htmx's hx-headers and the forms' hidden fields). */
export function useToken(token) {
  document.body.setAttribute("hx-headers", JSON.stringify({ "X-CSRFToken": token }));
  document.querySelectorAll('input[name="csrfmiddlewaretoken"]').forEach((input) => {
    input.value = token;
  });
}

async function sessionNow() {
  const response = await fetch(dialog().dataset.sessionUrl, {
    headers: { Accept: "application/json" },
    cache: "no-store",
    credentials: "same-origin",
  });
  if (!response.ok) throw new Error(`session: ${response.status}`);
  return response.json();
}

/*
 * After a refused token: "same" (the fresh token is in place: send again),
 * "signedOut" or "playerChanged" (this tab cannot play on), or "unanswered"
 * (the server could not be asked).
 */
export async function recoverToken() {
  let now;
  try {
    now = await sessionNow();
  } catch (_err) {
    return "unanswered";
  }
  const pagePlayer = area().dataset.player; // "" on a first visit's page (no player yet)
  const sessionPlayer = now.player === null ? "" : String(now.player);
  if (sessionPlayer === pagePlayer) {
    useToken(now.csrf_token);
    return "same";
  }
  if (pagePlayer === "") return "stale"; // someone plays here since this first visit's page was shown
  return now.player === null || now.guest ? "signedOut" : "playerChanged";
}

/* Say why this tab cannot play on ("signedOut", "playerChanged", "stale"), with Reload and Log in. */
export function showSessionLost(reason) {
  const el = dialog();
  if (!el) return;
  const text = el.dataset[reason];
  el.querySelector('[data-testid="session-login"]').hidden = reason === "stale";
  if (!el.open) el.showModal();
  announce(text, { region: el.querySelector("[data-session-text]") });
}
