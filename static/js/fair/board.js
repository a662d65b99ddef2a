/*
 * The 8×8 board of the fair-deal check (docs/fair-deal.md § Board and pieces), as a
 * BigInt: bit `row * 8 + col` set means cell (row, col) is filled, row 0 at the top,
 * column 0 at the left. Its own code, sharing nothing with the server's engine; the
 * play page's board predicts each move with place() and SCORING (static/js/board/).
 *
 *   parseBoard(["#.......", ...]) -> 1n       boardRows(1n) -> ["#.......", ...]
 */
export const SIZE = 8;

const ROW = 0xffn;
const COLUMN = 0x0101_0101_0101_0101n;

/* ROWS[r], COLS[c]: the mask of a whole row or column. */
export const ROWS = Array.from({ length: SIZE }, (_, r) => ROW << BigInt(SIZE * r));
export const COLS = Array.from({ length: SIZE }, (_, c) => COLUMN << BigInt(c));

/* The mask of cell (row, col). */
export function cellBit(row, col) {
  return 1n << BigInt(row * SIZE + col);
}

/* A replay that cannot be checked at all: `code` names why (the page words it). */
export class Unverifiable extends Error {
  constructor(code, detail) {
    super(`${code}: ${detail}`);
    this.code = code;
  }
}

/* 8 strings of 8 characters, "#" filled, "." empty, row 0 first -> board. */
export function parseBoard(rows) {
  const shaped =
    Array.isArray(rows) &&
    rows.length === SIZE &&
    rows.every((row) => typeof row === "string" && /^[#.]{8}$/.test(row));
  if (!shaped) throw new Unverifiable("malformed", `not a board: ${JSON.stringify(rows)}`);
  let board = 0n;
  rows.forEach((row, r) => {
    for (let c = 0; c < SIZE; c += 1) if (row[c] === "#") board |= cellBit(r, c);
  });
  return board;
}

export function boardRows(board) {
  return Array.from({ length: SIZE }, (_, r) =>
    Array.from({ length: SIZE }, (_, c) => (board & cellBit(r, c) ? "#" : ".")).join(""),
  );
}

/* The indices of the full rows and full columns of `board`, ascending. */
export function fullLines(board) {
  const full = (masks) => masks.flatMap((mask, index) => ((board & mask) === mask ? [index] : []));
  return { rows: full(ROWS), cols: full(COLS) };
}

/* Every full line among `lines` cleared at once (a cell where two cross goes once). */
export function settle(board, lines) {
  let full = 0n;
  for (const line of lines) if ((board & line) === line) full |= line;
  return board & ~full;
}

/* The piece has at least one legal anchor on `board`: all its cells on the board and empty. */
export function fits(board, piece) {
  return piece.placements.some((placement) => (board & placement.mask) === 0n);
}

/* ---- Placement, clears and scoring (docs/rules.md § Scoring), shared with the play page's board ---- */

/* "#"/"." text of 64 cells, row 0 first (the stored board) -> board. */
export function boardFromText(text) {
  let board = 0n;
  for (let i = 0; i < SIZE * SIZE; i += 1) if (text.charAt(i) === "#") board |= 1n << BigInt(i);
  return board;
}

export function boardText(board) {
  return boardRows(board).join("");
}

/* The mask of cells ([row, col] offsets) with the anchor (top-left) on (row, col); null if any is off the board. */
export function maskAt(cells, row, col) {
  let mask = 0n;
  for (const [dr, dc] of cells) {
    const r = row + dr;
    const c = col + dc;
    if (r < 0 || r >= SIZE || c < 0 || c >= SIZE) return null;
    mask |= cellBit(r, c);
  }
  return mask;
}

/* Whether the cells fit with their anchor on some cell of `board`. */
export function fitsAnywhere(board, cells) {
  for (let row = 0; row < SIZE; row += 1)
    for (let col = 0; col < SIZE; col += 1) {
      const mask = maskAt(cells, row, col);
      if (mask !== null && (board & mask) === 0n) return true;
    }
  return false;
}

/*
 * Place the cells with their anchor on (row, col): null where they do not fit, else
 * {filled (before the clears), board (after), rows, cols, lines, squares, empty}.
 */
export function place(board, cells, row, col) {
  const mask = maskAt(cells, row, col);
  if (mask === null || (board & mask) !== 0n) return null;
  const filled = board | mask;
  const { rows, cols } = fullLines(filled);
  const after = settle(filled, [...rows.map((r) => ROWS[r]), ...cols.map((c) => COLS[c])]);
  const lines = rows.length + cols.length;
  return { filled, board: after, rows, cols, lines, squares: cells.length, empty: after === 0n };
}

const COMBO_MOVES = 3;

/*
 * The scoring strategies by name (game/engine/scoring.py): the points of a move and the
 * combo after it, from the combo before it ({combo, movesLeft}).
 */
export const SCORING = {
  classic(squares, lines, empty, before) {
    let after = before;
    if (lines > 0) after = { combo: before.combo + 1, movesLeft: COMBO_MOVES };
    else if (before.combo > 0)
      after =
        before.movesLeft > 1
          ? { combo: before.combo, movesLeft: before.movesLeft - 1 }
          : { combo: 0, movesLeft: 0 };
    let linePoints = 0;
    if (lines === 1) linePoints = 100 * after.combo;
    else if (lines > 1) linePoints = 100 * lines * (lines - 1) * after.combo;
    const clearBonus = empty ? 3000 : 0;
    return { points: 10 * squares + linePoints + clearBonus, linePoints, clearBonus, combo: after };
  },
  practice(squares, lines) {
    const linePoints = 10 * lines;
    return {
      points: squares + linePoints,
      linePoints,
      clearBonus: 0,
      combo: { combo: 0, movesLeft: 0 },
    };
  },
};

/* One move by the rules named `scoring`: place() plus {points, linePoints, clearBonus, combo}, or null. */
export function playMove(board, combo, cells, row, col, scoring) {
  const placed = place(board, cells, row, col);
  if (!placed) return null;
  return { ...placed, ...SCORING[scoring](placed.squares, placed.lines, placed.empty, combo) };
}

/*
 * The rules versions (docs/rules.md § Rules versions; game.fair.rules of a replay): each mode's
 * scoring strategy (SCORING) and Continues, and the stars' numbers (docs/rules.md § Stars, levels).
 * A version is kept as published: a changed number is a new version, naming a new SCORING strategy.
 */
export const RULES = {
  1: {
    scoring: { classic: "classic", challenge: "classic", daily: "classic", practice: "practice" },
    continues: { classic: 1, challenge: 1, daily: 0, practice: 0 },
    stars: { base: 1, scoreStep: 2500, scoreMax: 5, highScore: 2, challengeMax: 20 },
  },
};
