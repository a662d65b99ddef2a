/*
 * The page's live regions (templates/base.html): #announcer (polite) and
 * #announcer-assertive. Every script that tells a screen reader something calls
 * announce(text), or announce(text, {assertive: true}) for what must interrupt.
 * The region is emptied first and written a moment later, so the same text said
 * twice is read twice.
 */
const REGION_IDS = { polite: "announcer", assertive: "announcer-assertive" };
const WRITE_DELAY_MS = 60;

export function announce(text, { assertive = false } = {}) {
  const region = document.getElementById(assertive ? REGION_IDS.assertive : REGION_IDS.polite);
  const said = (text || "").replace(/\s+/g, " ").trim();
  if (!region || !said) return;
  region.textContent = "";
  window.setTimeout(() => {
    region.textContent = said;
  }, WRITE_DELAY_MS);
}
