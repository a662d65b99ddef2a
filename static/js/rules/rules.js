/*
 * The rules in the browser: the 8×8 board, the pieces' placements, the clears and the
 * scoring of a rules version (docs/rules.md § Scoring, § Rules versions; docs/fair-deal.md
 * § Board and pieces). The play page's board predicts each move with it (../board/local.js),
 * the "Was it fair?" page checks replays with it (../fair/verify.js). Its own code, sharing
 * nothing with the server's engine but the numbers: no rule number is written here, every
 * one is read from the rules JSON the server renders from its RULESETS
 * (game.engine.rules.Ruleset.as_json) into the page, <template id="...-box"> holding
 * <script type="application/json" id="...">, read with readRulesJson() and rulesetOf().
 *
 * A board is a BigInt: bit `row * 8 + col` set means cell (row, col) is filled, row 0 at
 * the top, column 0 at the left.
 *
 *   parseBoard(["#.......", ...]) -> 1n       boardRows(1n) -> ["#.......", ...]
 *   place(board, piece, row, col) -> {board, rows, cols, ...} | null   (the one placement path)
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

/* "#"/"." text of 64 cells, row 0 first (the stored board) -> board. */
export function boardFromText(text) {
  let board = 0n;
  for (let i = 0; i < SIZE * SIZE; i += 1) if (text.charAt(i) === "#") board |= 1n << BigInt(i);
  return board;
}

export function boardText(board) {
  return boardRows(board).join("");
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

/*
 * A fixed shape. `cells`: sorted [row, col] offsets from its anchor, the top-left of its
 * bounding box; `placements`: one {row, col, mask, lines} per anchor that keeps it on the
 * board, `lines` the rows and columns it touches (the only ones it can complete);
 * `at(row, col)` the placement at that anchor, or undefined.
 */
export class Piece {
  constructor(id, cells) {
    const unique = [...new Set(cells.map(([r, c]) => `${r},${c}`))].map((key) =>
      key.split(",").map(Number),
    );
    unique.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
    const rows = unique.map(([r]) => r);
    const cols = unique.map(([, c]) => c);
    const bad =
      !unique.length ||
      unique.some(([r, c]) => !Number.isInteger(r) || !Number.isInteger(c)) ||
      Math.min(...rows) !== 0 ||
      Math.min(...cols) !== 0 ||
      Math.max(...rows, ...cols) >= SIZE;
    if (bad)
      throw new Unverifiable("malformed", `piece ${id} has bad cells ${JSON.stringify(cells)}`);
    this.id = id;
    this.cells = unique;
    this.placements = anchorsOf(unique, Math.max(...rows) + 1, Math.max(...cols) + 1);
    this.byAnchor = new Map(
      this.placements.map((placement) => [`${placement.row},${placement.col}`, placement]),
    );
  }

  static fromShape(id, shape) {
    const cells = [];
    shape.split("/").forEach((line, r) => {
      [...line].forEach((ch, c) => {
        if (ch === "#") cells.push([r, c]);
      });
    });
    return new Piece(id, cells);
  }

  at(row, col) {
    return this.byAnchor.get(`${row},${col}`);
  }

  /* Same id and same cells. */
  equals(other) {
    return this.id === other.id && JSON.stringify(this.cells) === JSON.stringify(other.cells);
  }
}

function anchorsOf(cells, height, width) {
  const placements = [];
  for (let row = 0; row + height <= SIZE; row += 1) {
    for (let col = 0; col + width <= SIZE; col += 1) {
      const mask = cells.reduce((bits, [r, c]) => bits | cellBit(row + r, col + c), 0n);
      const lines = [...ROWS.slice(row, row + height), ...COLS.slice(col, col + width)];
      placements.push({ row, col, mask, lines });
    }
  }
  return placements;
}

/* The piece has at least one legal anchor on `board`: all its cells on the board and empty. */
export function fits(board, piece) {
  return piece.placements.some((placement) => (board & placement.mask) === 0n);
}

/*
 * Place the piece with its anchor on (row, col): null where it does not fit, else
 * {filled (before the clears), board (after), rows, cols, lines, squares, empty}.
 */
export function place(board, piece, row, col) {
  const placement = piece.at(row, col);
  if (!placement || (board & placement.mask) !== 0n) return null;
  const filled = board | placement.mask;
  const { rows, cols } = fullLines(filled);
  const after = settle(filled, placement.lines);
  const lines = rows.length + cols.length;
  return {
    filled,
    board: after,
    rows,
    cols,
    lines,
    squares: piece.cells.length,
    empty: after === 0n,
  };
}

/*
 * The scoring strategies by name (game/engine/scoring.py), each made from its numbers (the
 * rules JSON's, field for field the engine's): the points of a move and the combo after it,
 * from the combo before it ({combo, movesLeft}).
 */
const STRATEGIES = {
  classic: {
    numbers: ["points_per_square", "line_points_unit", "empty_board_bonus", "combo_moves"],
    make: (n) => (squares, lines, empty, before) => {
      let after = before;
      if (lines > 0) after = { combo: before.combo + 1, movesLeft: n.combo_moves };
      else if (before.combo > 0)
        after =
          before.movesLeft > 1
            ? { combo: before.combo, movesLeft: before.movesLeft - 1 }
            : { combo: 0, movesLeft: 0 };
      const multiple = lines > 1 ? lines * (lines - 1) : lines;
      const linePoints = n.line_points_unit * multiple * after.combo;
      const clearBonus = empty ? n.empty_board_bonus : 0;
      const points = n.points_per_square * squares + linePoints + clearBonus;
      return { points, linePoints, clearBonus, combo: after };
    },
  },
  practice: {
    numbers: ["points_per_square", "points_per_line"],
    make: (n) => (squares, lines) => {
      const linePoints = n.points_per_line * lines;
      const points = n.points_per_square * squares + linePoints;
      return { points, linePoints, clearBonus: 0, combo: { combo: 0, movesLeft: 0 } };
    },
  },
};

const STAR_NUMBERS = ["base", "score_step", "score_max", "high_score", "challenge_max"];

const counts = (object, names) =>
  object !== null &&
  typeof object === "object" &&
  names.every((name) => Number.isInteger(object[name]) && object[name] >= 0);

/*
 * One rules version from its JSON (Ruleset.as_json): {version, scoring: {mode: score
 * function}, continues: {mode: count}, stars: {base, score_step, ...}}; null where the JSON
 * lacks a number or names a strategy this module does not know (a page older or newer than
 * its rules: it must not guess).
 */
export function rulesetOf(json) {
  if (!json || !Number.isInteger(json.version) || !counts(json.stars, STAR_NUMBERS)) return null;
  const modes = Object.keys(json.scorings ?? {});
  const scoring = {};
  for (const mode of modes) {
    const numbers = json.scorings[mode];
    const strategy = Object.hasOwn(STRATEGIES, numbers?.name) && STRATEGIES[numbers.name];
    if (!strategy || !counts(numbers, strategy.numbers)) return null;
    scoring[mode] = strategy.make(numbers);
  }
  if (!modes.length || !counts(json.continues, modes)) return null;
  return { version: json.version, scoring, continues: json.continues, stars: json.stars };
}

/* The rules JSON the page holds in <template id="`id`-box">, parsed, or null (none, or not JSON). */
export function readRulesJson(root, id) {
  const box = root.querySelector(`template#${id}-box`);
  const script = box?.content.getElementById(id);
  try {
    return script ? JSON.parse(script.textContent) : null;
  } catch {
    return null;
  }
}

/* One move by `score` (a ruleset's scoring of the game's mode): place() plus {points, linePoints, clearBonus, combo}, or null. */
export function playMove(board, combo, piece, row, col, score) {
  const placed = place(board, piece, row, col);
  if (!placed) return null;
  return { ...placed, ...score(placed.squares, placed.lines, placed.empty, combo) };
}
