/*
 * Click + click: click or tap a piece, then a board cell (its anchor); a mouse
 * hovering the board previews. The selection is also what the keyboard places
 * (keyboard.js).
 */

import { announce } from "../live.js";
import { nope, tell } from "./feedback.js";
import { focusCell, setRoving } from "./focus.js";
import { clearPreview, preview, setGhostColour, showPreview } from "./preview.js";
import { area, board, isPlaying, isStuck, pieceFor, state, strings } from "./state.js";
import { sendMove } from "./sync.js";

export function select(button, viaKeyboard) {
  if (!isPlaying() || state.inFlight || button.disabled) return;
  if (isStuck(button)) {
    deselect();
    nope(button);
    tell(strings("stuck"));
    return;
  }
  if (state.selected && state.selected.button === button) {
    deselect();
    return;
  }
  deselect();
  state.selected = pieceFor(button);
  button.setAttribute("aria-pressed", "true");
  button.classList.add("is-selected");
  area().classList.add("has-selection");
  setGhostColour(button);
  if (viaKeyboard) {
    announce(strings("selected"));
    focusCell(state.focusPos.row, state.focusPos.col);
  }
}

export function deselect() {
  const selected = state.selected;
  if (selected) {
    selected.button.setAttribute("aria-pressed", "false");
    selected.button.classList.remove("is-selected");
  }
  state.selected = null;
  const a = area();
  if (a) a.classList.remove("has-selection");
  clearPreview();
}

/* Place the selected piece with its anchor on (row, col), if the preview says it fits. */
export function placeAt(row, col) {
  if (state.inFlight || !isPlaying()) return;
  const selected = state.selected;
  if (!selected) {
    tell(strings("choosePiece"));
    return;
  }
  const pv = preview(selected, row, col);
  if (!pv.fits) {
    showPreview(pv, true);
    nope(selected.button);
    tell(strings("noFit"));
    return;
  }
  sendMove(selected, pv, null);
}

function onClick(event) {
  const button = event.target.closest(".piece[data-slot]");
  if (button) {
    if (state.ignoreClick) {
      state.ignoreClick = false;
      return;
    }
    select(button, event.detail === 0 || state.lastInput === "keyboard");
    return;
  }
  const cell = event.target.closest("#board .cell");
  if (cell && state.selected && state.lastInput !== "keyboard") {
    setRoving(Number(cell.dataset.row), Number(cell.dataset.col));
    placeAt(Number(cell.dataset.row), Number(cell.dataset.col));
  }
}

function hovering(event) {
  return !state.drag && state.selected && !state.inFlight && event.pointerType === "mouse";
}

function onPointerOver(event) {
  if (!hovering(event)) return;
  const cell = event.target.closest && event.target.closest("#board .cell");
  if (cell)
    showPreview(preview(state.selected, Number(cell.dataset.row), Number(cell.dataset.col)), true);
}

function onPointerOut(event) {
  if (!hovering(event)) return;
  const b = board();
  if (b && b.contains(event.target) && !b.contains(event.relatedTarget)) clearPreview();
}

export function listen() {
  document.addEventListener("click", onClick);
  document.addEventListener("pointerover", onPointerOver);
  document.addEventListener("pointerout", onPointerOut);
}
