/*
 * The page's live regions (templates/base.html): #announcer (polite) and
 * #announcer-assertive. Every script that tells a screen reader something calls
 * announce(text), or announce(text, {assertive: true}) for what must interrupt;
 * {region: element} writes to a live region of its own instead (one inside a modal
 * dialog, where the page's regions are inert).
 * The region is emptied first and written a moment later, so the same text said
 * twice is read twice.
 */
const REGION_IDS = { polite: "announcer", assertive: "announcer-assertive" };
const WRITE_DELAY_MS = 60;

export function announce(text, { assertive = false, region = null } = {}) {
  const el =
    region || document.getElementById(assertive ? REGION_IDS.assertive : REGION_IDS.polite);
  const said = (text || "").replace(/\s+/g, " ").trim();
  if (!el || !said) return;
  el.textContent = "";
  window.setTimeout(() => {
    el.textContent = said;
  }, WRITE_DELAY_MS);
}
