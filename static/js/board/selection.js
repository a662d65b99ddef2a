/*
 * Click + click: click or tap a piece, then a board cell (its anchor); a mouse
 * hovering the board previews. A touch has no hover, so on touch the first tap on
 * a cell shows where the piece would land (or that it does not fit there) and a
 * second tap on the same cell places it; a tap on another cell moves the preview.
 * The selection is also what the keyboard places (keyboard.js).
 */

import { announce } from "../live.js";
import { nope, tell, toast } from "./feedback.js";
import { focusCell, focusNextPiece, setRoving } from "./focus.js";
import { clearPreview, preview, setGhostColour, showPreview } from "./preview.js";
import { area, board, isPlaying, isStuck, pieceFor, state, strings } from "./state.js";
import { sendMove } from "./sync.js";

export function select(button, viaKeyboard) {
  if (!isPlaying() || button.disabled) return;
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
  state.touchPreview = null;
  const a = area();
  if (a) a.classList.remove("has-selection");
  clearPreview();
}

/* Place the selected piece with its anchor on (row, col), if the preview says it fits. */
export function placeAt(row, col) {
  if (!isPlaying()) return;
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
  deselect();
  sendMove(selected, pv, null);
  if (state.lastInput === "keyboard") focusNextPiece(area());
}

/*
 * A touch's tap on a cell: the first shows the landing and, where the piece fits, says
 * "Tap again to place" above the board; a second on the same cell places.
 */
function tapCell(row, col) {
  const shown = state.touchPreview;
  if (shown && shown.row === row && shown.col === col) {
    placeAt(row, col);
    return;
  }
  state.touchPreview = { row, col };
  const pv = preview(state.selected, row, col);
  showPreview(pv, true);
  if (pv.fits) toast(strings("tapAgain"));
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
    const row = Number(cell.dataset.row);
    const col = Number(cell.dataset.col);
    setRoving(row, col);
    if (state.pointerType === "touch") tapCell(row, col);
    else placeAt(row, col);
  }
}

function hovering(event) {
  return !state.drag && state.selected && event.pointerType === "mouse";
}

function onPointerOver(event) {
  if (!hovering(event)) return;
  const cell = event.target.closest?.("#board .cell");
  if (cell)
    showPreview(preview(state.selected, Number(cell.dataset.row), Number(cell.dataset.col)), true);
}

function onPointerOut(event) {
  if (!hovering(event)) return;
  const b = board();
  if (b?.contains(event.target) && !b.contains(event.relatedTarget)) clearPreview();
}

export function listen() {
  document.addEventListener(
    "pointerdown",
    (event) => {
      state.pointerType = event.pointerType;
    },
    true,
  );
  document.addEventListener("click", onClick);
  document.addEventListener("pointerover", onPointerOver);
  document.addEventListener("pointerout", onPointerOut);
}
