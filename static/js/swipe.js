/*
 * A horizontal swipe on an element (the review's and the replay's board): a
 * touch that moves at least SWIPE_PX sideways, more sideways than up or down,
 * calls back with "next" (swiped left) or "prev" (swiped right). The page's
 * help says "Swipe the board or tap the arrows" on touch screens.
 */
const SWIPE_PX = 40;

export function onSwipe(element, callback) {
  let start = null;
  element.addEventListener(
    "touchstart",
    (event) => {
      start = event.touches.length === 1 ? event.touches[0] : null;
    },
    { passive: true },
  );
  element.addEventListener("touchend", (event) => {
    if (!start) return;
    const end = event.changedTouches[0];
    const dx = end.clientX - start.clientX;
    const dy = end.clientY - start.clientY;
    start = null;
    if (Math.abs(dx) >= SWIPE_PX && Math.abs(dx) > Math.abs(dy)) callback(dx < 0 ? "next" : "prev");
  });
}
