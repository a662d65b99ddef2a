/*
 * The published piece sets in deal order (docs/fair-deal.md § Board and pieces): the
 * base set of 35 and the additions from challenges 6, 10 and 15, each appended in
 * order. A shape lists rows top to bottom, "/" between rows, "#" a cell; a piece's
 * cells are (row, col) offsets from its anchor, the top-left of its bounding box.
 */
import { COLS, cellBit, ROWS, SIZE, Unverifiable } from "./board.js";

const BASE_SHAPES = [
  ["mono", "#"],
  ["I2-h", "##"],
  ["I2-v", "#/#"],
  ["I3-h", "###"],
  ["I3-v", "#/#/#"],
  ["I4-h", "####"],
  ["I4-v", "#/#/#/#"],
  ["I5-h", "#####"],
  ["I5-v", "#/#/#/#/#"],
  ["V3-nw", ".#/##"],
  ["V3-ne", "#./##"],
  ["V3-sw", "##/.#"],
  ["V3-se", "##/#."],
  ["O4", "##/##"],
  ["L4-0", "#./#./##"],
  ["L4-90", "###/#.."],
  ["L4-180", "##/.#/.#"],
  ["L4-270", "..#/###"],
  ["J4-0", ".#/.#/##"],
  ["J4-90", "#../###"],
  ["J4-180", "##/#./#."],
  ["J4-270", "###/..#"],
  ["T4-down", "###/.#."],
  ["T4-up", ".#./###"],
  ["T4-right", "#./##/#."],
  ["T4-left", ".#/##/.#"],
  ["S4-h", ".##/##."],
  ["S4-v", "#./##/.#"],
  ["Z4-h", "##./.##"],
  ["Z4-v", ".#/##/#."],
  ["V5-nw", "###/#../#.."],
  ["V5-ne", "###/..#/..#"],
  ["V5-sw", "#../#../###"],
  ["V5-se", "..#/..#/###"],
  ["O9", "###/###/###"],
];

/* [from challenge, shapes]: appended, in this order, to the sets of challenges from that number on. */
const ADDITIONS = [
  [
    6,
    [
      ["R6-h", "###/###"],
      ["R6-v", "##/##/##"],
    ],
  ],
  [
    10,
    [
      ["D2-a", "#./.#"],
      ["D2-b", ".#/#."],
      ["D3-a", "#../.#./..#"],
      ["D3-b", "..#/.#./#.."],
    ],
  ],
  [
    15,
    [
      ["X5", ".#./###/.#."],
      ["T5-down", "###/.#./.#."],
      ["T5-up", ".#./.#./###"],
      ["T5-right", "#../###/#.."],
      ["T5-left", "..#/###/..#"],
      ["U5-up", "#.#/###"],
      ["U5-down", "###/#.#"],
      ["U5-right", "##/#./##"],
      ["U5-left", "##/.#/##"],
    ],
  ],
];

/* The vectors' set names (docs/fair-deal-vectors.json) -> the challenge number they start at. */
export const SET_NAMES = { base: null, "challenge-6": 6, "challenge-10": 10, "challenge-15": 15 };

/*
 * A fixed shape. `cells`: sorted [row, col] pairs; `placements`: one {row, col, mask, lines}
 * per anchor that keeps it on the board, `lines` the rows and columns it touches (the only
 * ones it can complete); `at(row, col)` the placement at that anchor, or undefined.
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

/* The piece set of a game in deal order: the base set plus the additions up to `challenge`. */
export function publishedSet(challenge = null) {
  const shapes = [...BASE_SHAPES];
  for (const [start, added] of ADDITIONS)
    if (challenge !== null && challenge >= start) shapes.push(...added);
  return shapes.map(([id, shape]) => Piece.fromShape(id, shape));
}
