/*
 * A challenge game against the published ladder (GET /api/challenges/, docs/api.md): every
 * version of every challenge, [{number, version, target, start_board, piece_set}]. A challenge
 * game is replayed from its number's published version (its `challenge_version`), never from
 * what its own replay says: a start board, target or piece set that differs is a problem, and so
 * is a number or version the ladder does not have (docs/fair-deal.md § Checking a game).
 */
import { boardRows, Piece, parseBoard, Unverifiable } from "../rules/rules.js";
import { publishedSet, SET_NAMES } from "./pieces.js";

const whole = (value) => Number.isInteger(value) && value >= 1;

/* The ladder by "number/version", or Unverifiable("no_ladder" | "malformed"). */
export function ladderIndex(ladder) {
  if (ladder === null || ladder === undefined)
    throw new Unverifiable("no_ladder", "a challenge game needs the published ladder");
  if (!Array.isArray(ladder)) throw new Unverifiable("malformed", "the ladder is not a list");
  const index = new Map();
  for (const entry of ladder) {
    const ok =
      whole(entry?.number) &&
      whole(entry.version) &&
      whole(entry.target) &&
      Object.hasOwn(SET_NAMES, entry.piece_set);
    if (!ok) throw new Unverifiable("malformed", `ladder entry ${JSON.stringify(entry)}`);
    parseBoard(entry.start_board);
    index.set(`${entry.number}/${entry.version}`, entry);
  }
  return index;
}

/* The replay's piece list, if it lists one, is `pieces` (same ids, same cells, same order). */
function listsSet(replay, pieces) {
  if (!Array.isArray(replay.piece_set)) return true;
  const listed = replay.piece_set.map((entry) => new Piece(entry.piece, entry.cells));
  return listed.length === pieces.length && listed.every((piece, i) => piece.equals(pieces[i]));
}

/* A number or version the ladder lacks: the problem, the game then replayed as its replay says. */
function notInLadder(replay, game, index) {
  const numbers = [...new Set([...index.values()].map((entry) => entry.number))].sort(
    (a, b) => a - b,
  );
  const versions = [...index.values()]
    .filter((entry) => entry.number === game.challenge)
    .map((entry) => entry.version);
  let problem = {
    code: "ladder_number",
    number: game.challenge,
    first: numbers[0],
    last: numbers.at(-1),
  };
  if (!numbers.length) problem = { code: "ladder_empty", number: game.challenge };
  if (versions.length)
    problem = { code: "ladder_version", number: game.challenge, version: game.challenge_version };
  const own = publishedSet(Number.isInteger(game.challenge) ? game.challenge : null);
  const pieces = Array.isArray(replay.piece_set)
    ? replay.piece_set.map((entry) => new Piece(entry.piece, entry.cells))
    : own;
  return {
    pieces,
    start: parseBoard(replay.start_board),
    target: game.target,
    problems: [problem],
  };
}

/*
 * What a challenge game is replayed with, {pieces, start, target, problems}: its published
 * version's piece set, start board and target, and each difference of the replay from them.
 */
export function heldToLadder(replay, game, ladder) {
  const index = ladderIndex(ladder);
  const entry = index.get(`${game.challenge}/${game.challenge_version}`);
  if (!entry) return notInLadder(replay, game, index);
  const problems = [];
  if (game.target !== entry.target)
    problems.push({ code: "ladder_target", shown: game.target, expected: entry.target });
  const shown = boardRows(parseBoard(replay.start_board));
  const row = entry.start_board.findIndex((line, r) => line !== shown[r]);
  if (row >= 0) problems.push({ code: "ladder_start", row: row + 1 });
  const pieces = publishedSet(SET_NAMES[entry.piece_set]);
  if (!listsSet(replay, pieces)) problems.push({ code: "ladder_piece_set" });
  return { pieces, start: parseBoard(entry.start_board), target: entry.target, problems };
}
