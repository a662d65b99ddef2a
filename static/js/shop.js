/*
 * The star shop (Settings → Theme). The server does the buying; this only makes
 * the change show at once without a reload:
 *  - "bk:look" (an HX-Trigger from themes.views) puts the new look on <html data-theme>,
 *    so this page wears it as every later page will, and updates the header's stars;
 *  - after the shop is swapped, focus goes back to the look that was acted on and
 *    the message in its card (next to its button) is read out through the page's
 *    live region.
 */
import { announce } from "./live.js";

let lastLook = null;

document.addEventListener("bk:look", (event) => {
  const detail = event.detail || {};
  if (detail.slug) {
    document.documentElement.setAttribute("data-theme", detail.slug);
  }
  if (typeof detail.stars === "number") {
    showStars(detail.stars);
  }
});

// the header's star count: "★ 120 stars" with only the number as a visible text node
function showStars(stars) {
  const count = document.querySelector(".player-chip [data-testid='stars']");
  if (!count) {
    return;
  }
  for (let i = 0; i < count.childNodes.length; i++) {
    const node = count.childNodes[i];
    if (node.nodeType === 3 && node.textContent.trim()) {
      node.textContent = ` ${new Intl.NumberFormat(document.documentElement.lang || undefined).format(stars)}`;
      return;
    }
  }
}

document.addEventListener("htmx:beforeRequest", (event) => {
  const card = event.target.closest?.("[data-look]");
  lastLook = card ? card.getAttribute("data-look") : null;
});

document.addEventListener("htmx:afterSettle", () => {
  const shop = document.getElementById("shop");
  if (!shop || !lastLook) {
    return;
  }
  const card = shop.querySelector(`[data-look="${lastLook}"]`);
  lastLook = null;
  if (!card) {
    return;
  }
  const message = card.querySelector(".look-message");
  if (message) {
    announce(message.textContent, { assertive: message.hasAttribute("data-error") });
  }
  const target =
    card.querySelector(".look-action button:not(:disabled)") || card.querySelector(".look-name");
  if (target) {
    target.focus({ preventScroll: true });
  }
  (message || card).scrollIntoView({ block: "nearest" });
});
