/*
 * "How did I play?" (templates/game/review.html): step through the moves in place.
 *
 * The page shows move ?move=N, drawn by the server; every move's data is the
 * json_script "review-moves" (game/history/review_page.py): its board before the
 * move, the cells as played, the better placement's cells and kind, its title,
 * hand line and verdicts (already in the player's language). The links
 * [data-review-go] and [data-review-move] and the keys ←/→, Home/End show another
 * move without reloading, and so does a swipe on the board (swipe.js); the address follows (?move=N) so a link shares it.
 * The verdicts are announced through the live region (live.js).
 */
import { announce } from "./live.js";
import { onSwipe } from "./swipe.js";

const root = document.querySelector("[data-review]");
const data = document.getElementById("review-moves");
if (root && data) startReview(root, JSON.parse(data.textContent));

function startReview(root, moves) {
  const cells = Array.from(root.querySelectorAll("[data-review-board] .cell"));
  const title = root.querySelector("[data-review-title]");
  const hand = root.querySelector("[data-review-hand]");
  const verdicts = root.querySelector("[data-review-verdicts]");
  const links = {};
  root.querySelectorAll("[data-review-go]").forEach((link) => {
    links[link.dataset.reviewGo] = link;
  });
  let at = Number(root.dataset.at) || 1;

  function href(number) {
    const url = new URL(window.location.href);
    url.searchParams.set("move", String(number));
    return url.pathname + url.search;
  }

  function setLink(name, number, disabled) {
    links[name].href = href(number);
    if (disabled) links[name].setAttribute("aria-disabled", "true");
    else links[name].removeAttribute("aria-disabled");
  }

  function drawBoard(move) {
    const played = new Set(move.played.map(([r, c]) => r * 8 + c));
    const hint = new Set(move.hint.map(([r, c]) => r * 8 + c));
    cells.forEach((cell, index) => {
      const row = Math.floor(index / 8);
      cell.className = "cell";
      if (move.board[row].charAt(index % 8) === "#") cell.classList.add("is-filled");
      if (played.has(index)) cell.classList.add("is-played");
      if (hint.has(index)) cell.classList.add("is-hint", `is-hint--${move.hint_kind}`);
    });
  }

  function show(number) {
    number = Math.max(1, Math.min(moves.length, number));
    const move = moves[number - 1];
    at = number;
    drawBoard(move);
    title.textContent = move.title;
    hand.textContent = move.hand;
    verdicts.textContent = "";
    move.verdicts.forEach((text) => {
      const p = document.createElement("p");
      p.className = "review-verdict";
      p.textContent = text;
      verdicts.appendChild(p);
    });
    setLink("first", 1, number === 1);
    setLink("prev", Math.max(1, number - 1), number === 1);
    setLink("next", Math.min(moves.length, number + 1), number === moves.length);
    setLink("last", moves.length, number === moves.length);
    root.querySelectorAll("[data-review-move]").forEach((link) => {
      if (Number(link.dataset.reviewMove) === number) link.setAttribute("aria-current", "true");
      else link.removeAttribute("aria-current");
    });
    window.history.replaceState(null, "", href(number));
    announce(`${move.title}. ${move.verdicts.join(" ")}`);
  }

  const steps = {
    first: () => 1,
    prev: () => at - 1,
    next: () => at + 1,
    last: () => moves.length,
  };

  root.addEventListener("click", (event) => {
    const link = event.target.closest("[data-review-go], [data-review-move]");
    if (!link || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    if (link.getAttribute("aria-disabled") === "true") return;
    const number = link.dataset.reviewGo
      ? steps[link.dataset.reviewGo]()
      : Number(link.dataset.reviewMove);
    show(number);
    if (link.dataset.reviewMove) title.scrollIntoView({ block: "nearest" });
  });

  onSwipe(root.querySelector("[data-review-board]"), (name) => show(steps[name]()));

  const keys = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" };
  document.addEventListener("keydown", (event) => {
    const name = keys[event.key];
    if (!name || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.target.closest("input, textarea, select, [contenteditable]")) return;
    event.preventDefault();
    show(steps[name]());
  });
}
