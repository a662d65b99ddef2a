/*
 * The preview: where the chosen piece would land on the board shown on screen
 * (a ghost) and the rows and columns it would complete (lit up), by the game's
 * rules in the browser (../rules/rules.js, as local.js plays the move).
 */
import { place } from "../rules/rules.js";
import { board, cellAt, pieceColour, SIZE, state } from "./state.js";

/* Where the piece would go with its anchor (top-left) on (row, col), on the position shown. */
export function preview(piece, row, col) {
  const targets = piece.cells.map(([dr, dc]) => [row + dr, col + dc]);
  const placed = place(state.shown.board, piece.shape, row, col);
  const rows = placed ? placed.rows : [];
  const cols = placed ? placed.cols : [];
  return { row, col, targets, fits: !!placed, rows, cols };
}

export function clearPreview() {
  const b = board();
  if (!b) return;
  b.querySelectorAll(".is-ghost, .is-ghost-bad, .is-line").forEach((cell) => {
    cell.classList.remove("is-ghost", "is-ghost-bad", "is-line");
    if (!cell.classList.contains("is-filled")) delete cell.dataset.c;
  });
  b.classList.remove("has-lines");
}

function lightLines(pv) {
  pv.rows.forEach((r) => {
    for (let c = 0; c < SIZE; c++) cellAt(r, c).classList.add("is-line");
  });
  pv.cols.forEach((c) => {
    for (let r = 0; r < SIZE; r++) cellAt(r, c).classList.add("is-line");
  });
  if (pv.rows.length || pv.cols.length) board().classList.add("has-lines");
}

/* Show a preview; a piece that does not fit shows only when showBad (hover, focus). */
export function showPreview(pv, showBad) {
  clearPreview();
  if (!pv || (!pv.fits && !showBad)) return;
  pv.targets.forEach(([r, c]) => {
    const cell = cellAt(r, c);
    if (cell) cell.classList.add(pv.fits ? "is-ghost" : "is-ghost-bad");
  });
  if (pv.fits) lightLines(pv);
}

/* The ghost takes the colour of the piece it previews. */
export function setGhostColour(button) {
  const colour = pieceColour(button);
  if (colour) board().style.setProperty("--ghost", colour);
}
