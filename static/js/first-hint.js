// The mode bar's notes for the time between games (templates/game/modes/bar.html), gone at the first move
// (board/sync.js sends "bk:move"): "Your last game" ([data-until-move]) and a first game's one hint
// ("Drag a piece onto the board", [data-first-hint], rendered hidden), shown only until this browser's
// first move ever. A note that goes keeps its room (modes.css .is-gone): the board and the tray below it
// stay where the finger is aiming for the next piece.
const KEY = "bk-first-move-done";

function done() {
  try {
    return localStorage.getItem(KEY) === "1";
  } catch {
    return true; // storage off: no hint rather than one that never goes
  }
}

const hint = document.querySelector("[data-first-hint]");
if (hint && !done()) hint.hidden = false;
document.addEventListener(
  "bk:move",
  () => {
    for (const note of document.querySelectorAll("[data-first-hint], [data-until-move]"))
      note.classList.add("is-gone");
    try {
      localStorage.setItem(KEY, "1");
    } catch {
      /* storage off */
    }
  },
  { once: true },
);
