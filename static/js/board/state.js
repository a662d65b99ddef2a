/*
 * The board script's one shared state, and the game as the server rendered it.
 *
 * `state` holds what the modules share while the player acts (selection, drag,
 * the moves on their way, the connection). readGame() reads a game from the data-*
 * attributes the board partial puts on #play-area (templates/game/play.html): the
 * server's. `state.shown` is the position on screen: the server's, plus the moves
 * played here that it has not confirmed yet (local.js), which the next piece is
 * previewed and played on.
 */
import { Piece } from "../rules/rules.js";
import { MoveController } from "./moves.js";

export const SIZE = 8;

export const state = {
  selected: null, // the chosen piece: {slot, cells, shape, button}
  moves: new MoveController(), // the moves played here not yet confirmed, and the requests on their way (sync.js)
  shown: null, // the position on screen (local.js): {board, colours, score, best, combo, scoring}
  serverHtml: "", // the last board partial the server confirmed: what a refused or failed move rolls back to
  pointerType: "mouse", // the last press's: "mouse", "touch" or "pen"
  touchPreview: null, // a touch's first tap on a cell: {row, col}; a second tap there places (selection.js)
  drag: null, // the pointer press or drag under way (drag.js)
  ignoreClick: false, // the click that ends a drag selects nothing (until the next press: drag.js)
  lastInput: "pointer", // "pointer" or "keyboard"
  focusPos: { row: 0, col: 0 }, // the board's roving tabindex
  retryDelay: 0, // 0: connected; else the wait before the next board fetch
  retryTimer: 0,
  rolledBack: false, // the connection failed and moves played here were undone (a 5xx): said when it is back
  lost: "", // why this tab cannot play on ("signedOut", "playerChanged", "stale"), or ""
};

/* The names the server shares with this script: events and error codes (the #bk-constants JSON). */
export const CONSTANTS = JSON.parse(document.getElementById("bk-constants")?.textContent || "{}");

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
  return el?.dataset[name] || "";
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

const shapes = new Map(); // data-cells -> its Piece: each shape's placements are made once a page

/*
 * A piece of the hand from its button: slot, cells ([row, col] from its top-left) and its
 * shape (the rules' Piece, which places it: ../rules/rules.js).
 */
export function pieceFor(button) {
  const text = button.dataset.cells.trim();
  let shape = shapes.get(text);
  if (!shape) {
    const cells = text.split(/\s+/).map((pair) => pair.split(",").map(Number));
    shape = new Piece(button.dataset.piece, cells);
    shapes.set(text, shape);
  }
  return { slot: Number(button.dataset.slot), cells: shape.cells, shape, button };
}

/* A piece held (selected or dragged) while the hand was redrawn: the same slot's new button. */
export function relink(a) {
  for (const held of [state.selected, state.drag]) {
    if (!held?.button) continue;
    const button = a.querySelector(
      `.piece[data-slot="${held.button.dataset.slot}"]:not(.is-played)`,
    );
    if (held === state.selected && (!button || button.disabled)) {
      state.selected = null;
      continue;
    }
    if (!button) continue;
    held.button = button;
    if (held === state.selected) {
      state.selected = pieceFor(button);
      button.setAttribute("aria-pressed", "true");
      button.classList.add("is-selected");
      a.classList.add("has-selection");
    } else if (held.started) button.classList.add("is-dragging");
  }
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
