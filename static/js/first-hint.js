// A first game's one hint ("Drag a piece onto the board", templates/game/modes/bar.html, rendered hidden
// before a game's first move): shown until this browser's first move (board/sync.js sends "bk:move"),
// then never again.
const KEY = "bk-first-move-done";

function done() {
  try {
    return localStorage.getItem(KEY) === "1";
  } catch {
    return true; // storage off: no hint rather than one that never goes
  }
}

const hint = document.querySelector("[data-first-hint]");
if (hint && !done()) {
  hint.hidden = false;
  document.addEventListener(
    "bk:move",
    () => {
      hint.remove();
      try {
        localStorage.setItem(KEY, "1");
      } catch {
        /* storage off */
      }
    },
    { once: true },
  );
}
