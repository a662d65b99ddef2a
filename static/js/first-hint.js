// The mode bar's notes for the time between games (templates/game/modes/bar.html), gone at the first move
// (board/sync.js sends "bk:move"): "Your last game" ([data-until-move]) and a first game's one hint
// ("Drag a piece onto the board", [data-first-hint], rendered hidden), shown only until this browser's
// first move ever. The bar keeps the height it had (its min-height): the board and the tray below it stay
// where the finger is aiming for the next piece, and what is left of the bar centres itself again. Only
// while the game plays on: a card ("No moves left", the end) or a new game lays the page out anew, and a
// short phone needs that room for its card.
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
    const notes = document.querySelectorAll("[data-first-hint], [data-until-move]");
    const bar = notes[0]?.closest(".mode-bar");
    if (bar) bar.style.minHeight = `${bar.getBoundingClientRect().height}px`;
    for (const note of notes) note.remove();
    try {
      localStorage.setItem(KEY, "1");
    } catch {
      /* storage off */
    }
  },
  { once: true },
);

document.addEventListener("htmx:afterSwap", (event) => {
  const a = event.target;
  if (a?.id !== "play-area" || (a.dataset.status === "playing" && a.dataset.moves !== "0")) return;
  for (const bar of document.querySelectorAll(".mode-bar")) bar.style.removeProperty("min-height");
});
