/*
 * The preview: where the chosen piece would land on the board shown on screen
 * (a ghost) and the rows and columns it would complete (lit up). The server
 * decides the move; this only shows it.
 */
import { area, board, cellAt, pieceColour, readGame, SIZE } from "./state.js";

function fitsOn(targets, filled) {
  return targets.every(
    ([r, c]) => r >= 0 && r < SIZE && c >= 0 && c < SIZE && !filled[r * SIZE + c],
  );
}

function fullLines(filled) {
  const rows = [];
  const cols = [];
  for (let i = 0; i < SIZE; i++) {
    let rowFull = true;
    let colFull = true;
    for (let j = 0; j < SIZE; j++) {
      rowFull = rowFull && filled[i * SIZE + j];
      colFull = colFull && filled[j * SIZE + i];
    }
    if (rowFull) rows.push(i);
    if (colFull) cols.push(i);
  }
  return { rows, cols };
}

/* Where the piece would go with its anchor (top-left) on (row, col). */
export function preview(piece, row, col) {
  const targets = piece.cells.map(([dr, dc]) => [row + dr, col + dc]);
  const filled = readGame(area()).filled;
  const fits = fitsOn(targets, filled);
  let lines = { rows: [], cols: [] };
  if (fits) {
    targets.forEach(([r, c]) => {
      filled[r * SIZE + c] = true;
    });
    lines = fullLines(filled);
  }
  return { row, col, targets, fits, rows: lines.rows, cols: lines.cols };
}

export function clearPreview() {
  const b = board();
  if (!b) return;
  b.querySelectorAll(".is-ghost, .is-ghost-bad, .is-line, .is-landing").forEach((cell) => {
    cell.classList.remove("is-ghost", "is-ghost-bad", "is-line", "is-landing");
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

/* The move is sent: its cells take the piece's colour at once; the server's board confirms (or clearPreview undoes it). */
export function showLanding(pv, button) {
  pv.targets.forEach(([r, c]) => {
    const cell = cellAt(r, c);
    if (!cell) return;
    cell.dataset.c = button.dataset.c;
    cell.classList.remove("is-ghost");
    cell.classList.add("is-landing");
  });
}
