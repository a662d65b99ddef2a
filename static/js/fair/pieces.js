/*
 * The published piece sets in deal order (docs/fair-deal.md § Board and pieces): the
 * base set of 35 and the additions from challenges 6, 10 and 15, each appended in
 * order. A shape lists rows top to bottom, "/" between rows, "#" a cell (Piece.fromShape
 * of ../rules/rules.js).
 */
import { Piece } from "../rules/rules.js";

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

/* The piece set of a game in deal order: the base set plus the additions up to `challenge`. */
export function publishedSet(challenge = null) {
  const shapes = [...BASE_SHAPES];
  for (const [start, added] of ADDITIONS)
    if (challenge !== null && challenge >= start) shapes.push(...added);
  return shapes.map(([id, shape]) => Piece.fromShape(id, shape));
}
