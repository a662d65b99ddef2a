/*
 * "Share" on a finished Daily's end card (templates/game/modes/daily_share.html).
 *
 * A button [data-share="<id>"] shares the text of the element with that id (built
 * by the server, in the player's language): the system share sheet where the
 * browser has one (navigator.share), else the clipboard, then it says "Copied"
 * in the [data-share-status] of its [data-share-box] and through the live region (live.js). The end card comes
 * and goes with the board's HTMX swaps, so the click is handled on the document.
 */
import { announce } from "./live.js";
import { wordsOf } from "./words.js";

function say(button, text) {
  const status = button.closest("[data-share-box]")?.querySelector("[data-share-status]");
  if (status) status.textContent = text;
  announce(text);
}

async function share(button) {
  const source = document.getElementById(button.dataset.share);
  if (!source) return;
  const text = source.textContent.trim();
  if (navigator.share) {
    try {
      await navigator.share({ text });
      return;
    } catch (error) {
      if (error && error.name === "AbortError") return; // the player closed the sheet
    }
  }
  try {
    await navigator.clipboard.writeText(text);
    say(button, wordsOf(button)("copied"));
  } catch (_error) {
    source.closest("details")?.setAttribute("open", "");
    say(button, wordsOf(button)("failed"));
  }
}

document.addEventListener("click", (event) => {
  const button = event.target.closest("[data-share]");
  if (button) share(button);
});
