/*
 * The board script's one shared state, and the game as the server rendered it.
 *
 * `state` holds what the modules share while the player acts (selection, drag,
 * the move on its way, the connection). The game itself is never kept: readGame()
 * reads it from the data-* attributes the board partial puts on #play-area
 * (templates/game/play.html), so it is always the server's.
 */
export const SIZE = 8;

export const state = {
  selected: null, // the chosen piece: {slot, cells, button}
  inFlight: false, // a request that changes the board is on its way
  pending: null, // the move sent: {slot, row, col, targets, avatar, button, keyboard, rejected}
  drag: null, // the pointer press or drag under way (drag.js)
  ignoreClick: false, // the click that ends a drag selects nothing
  lastInput: "pointer", // "pointer" or "keyboard"
  focusPos: { row: 0, col: 0 }, // the board's roving tabindex
  retryDelay: 0, // 0: connected; else the wait before the next board fetch
  retryTimer: 0,
  tokenRetry: false, // the request on its way was sent again after a refused CSRF token (session.js)
  lost: "", // why this tab cannot play on ("signedOut", "playerChanged", "stale"), or ""
};

export function area() {
  return document.getElementById("play-area");
}

export function board() {
  return document.getElementById("board");
}

export function cellAt(row, col) {
  const b = board();
  return b ? b.querySelector(`.cell[data-row="${row}"][data-col="${col}"]`) : null;
}

/* A translated message from #board-strings (data-no-fit, data-choose-piece, ...). */
export function strings(name) {
  const el = document.getElementById("board-strings");
  return (el && el.dataset[name]) || "";
}

function indices(text) {
  return (text || "").split(" ").filter(Boolean).map(Number);
}

/* The game a board partial's #play-area element shows, from its data-* attributes. */
export function readGame(el) {
  const data = el.dataset;
  return {
    id: data.gameId,
    moves: Number(data.moves),
    status: data.status,
    event: data.event || "",
    error: data.error || "",
    lines: Number(data.resultLines || 0),
    combo: Number(data.resultCombo || 0),
    bonus: Number(data.resultBonus || 0),
    rows: indices(data.resultRows),
    cols: indices(data.resultCols),
    filled: Array.from(data.board || "", (square) => square === "#"),
    colours: data.colours || "",
  };
}

export function isPlaying() {
  const a = area();
  return !!a && a.dataset.status === "playing";
}

/* A piece of the hand from its button: slot and cells ([row, col] from its top-left). */
export function pieceFor(button) {
  const cells = button.dataset.cells
    .trim()
    .split(/\s+/)
    .map((pair) => pair.split(",").map(Number));
  return { slot: Number(button.dataset.slot), cells, button };
}

/* A piece that fits nowhere on the board now (the server says so): it can't be picked up. */
export function isStuck(button) {
  return button.getAttribute("aria-disabled") === "true";
}

/* Animations are decoration: none when the player asks for reduced motion. */
export const reducedMotion = window.matchMedia("(prefers-reduced-motion: reduce)");

export function pieceColour(button) {
  return window.getComputedStyle(button).getPropertyValue("--piece").trim();
}
