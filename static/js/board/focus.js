/*
 * Keyboard focus on the board: a roving tabindex (one cell in the Tab order), and
 * after a swap, focus put back somewhere useful.
 */
import { board, cellAt, SIZE, state } from "./state.js";

export function setRoving(row, col) {
  state.focusPos = { row, col };
  const b = board();
  if (!b) return;
  for (const cell of b.querySelectorAll('.cell[tabindex="0"]')) cell.setAttribute("tabindex", "-1");
  const cell = cellAt(row, col);
  if (cell) cell.setAttribute("tabindex", "0");
}

export function focusCell(row, col) {
  row = Math.max(0, Math.min(SIZE - 1, row));
  col = Math.max(0, Math.min(SIZE - 1, col));
  setRoving(row, col);
  const cell = cellAt(row, col);
  if (cell) cell.focus();
}

/* The keyboard's next piece: the first one of the hand still to place. */
export function focusNextPiece(a) {
  const next = a.querySelector(".piece[data-slot]:not([disabled])");
  if (next) next.focus();
  else focusCell(state.focusPos.row, state.focusPos.col);
}

/*
 * After a swap the focused element is gone: an overlay's button, else (keyboard) a piece.
 * The overlay's button is focused where it stands: the card is drawn over the board, in view,
 * and on a short phone a scroll to its bottom button would lift the card's header off screen.
 */
export function restoreFocus(a) {
  const active = document.activeElement;
  if (active && active !== document.body && document.body.contains(active)) return;
  const overlay = a.querySelector(".overlay [data-autofocus]");
  if (overlay) {
    overlay.focus({ preventScroll: true });
    return;
  }
  if (state.lastInput === "keyboard") focusNextPiece(a);
}
