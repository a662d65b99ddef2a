/*
 * The 8×8 board of the fair-deal check (docs/fair-deal.md § Board and pieces), as a
 * BigInt: bit `row * 8 + col` set means cell (row, col) is filled, row 0 at the top,
 * column 0 at the left. Its own code, sharing nothing with the server's engine.
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
