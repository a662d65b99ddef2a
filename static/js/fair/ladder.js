/*
 * A challenge game against the published ladder (GET /api/challenges/, docs/api.md): every
 * version of every challenge, [{number, version, target, start_board, piece_set}]. A challenge
 * game is replayed from its number's published version (its `challenge_version`), never from
 * what its own replay says: a start board, target or piece set that differs is a problem, and so
 * is a number or version the ladder does not have (docs/fair-deal.md § Checking a game). And new
 * games take a number's latest version: each version publishes its first game (`from_game`), and a
 * game before its own version's first game, or at or after a later version's, is refused (game ids,
 * which the server cannot move among the public ones around them); and the game's version must have
 * been published by the time the game started (`game.started`), and no later version before then.
 */
import { boardRows, Piece, parseBoard, Unverifiable } from "../rules/rules.js";
import { publishedSet, SET_NAMES } from "./pieces.js";

const whole = (value) => Number.isInteger(value) && value >= 1;
const ISO = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?(Z|[+-]\d{2}:\d{2})$/;

/* Microseconds since 1970 (a BigInt) of an ISO 8601 time with its offset, or null: the server's
 * times carry microseconds, which Date alone would round to milliseconds. */
export function instant(text) {
  const parts = typeof text === "string" ? ISO.exec(text) : null;
  const ms = parts ? Date.parse(`${parts[1]}${parts[3]}`) : Number.NaN;
  if (Number.isNaN(ms)) return null;
  return BigInt(ms) * 1000n + BigInt((parts[2] ?? "").padEnd(6, "0"));
}

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
      Object.hasOwn(SET_NAMES, entry.piece_set) &&
      instant(entry.published) !== null &&
      (entry.from_game === null || entry.from_game === undefined || whole(entry.from_game));
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

/* The game's version against its number's first games by version (`from_game`; absent in a ladder
 * saved before they were published): [] or one problem. */
function versionIdProblems(game, entry, index) {
  if (!/^\d+$/.test(String(game.id)))
    throw new Unverifiable("malformed", `game id ${JSON.stringify(game.id)} is not a number`);
  const id = Number(game.id);
  const where = { game: id, number: entry.number, version: entry.version };
  const own = entry.from_game ?? null;
  if (own !== null && id < own) return [{ code: "ladder_before_first", ...where, first: own }];
  const passed = [...index.values()]
    .filter((other) => other.number === entry.number && other.version > entry.version)
    .filter((other) => (other.from_game ?? null) !== null && other.from_game <= id)
    .sort((a, b) => a.from_game - b.from_game);
  if (!passed.length) return [];
  const newest = passed.at(-1);
  return [{ code: "ladder_cut_over", ...where, later: newest.version, first: newest.from_game }];
}

/* The game's version against the ladder's history at the game's start: [] or one problem. */
function versionTimeProblems(game, entry, index) {
  const where = { number: entry.number, version: entry.version, started: game.started };
  const started = instant(game.started);
  if (started === null) return [{ code: "ladder_no_start", ...where }];
  if (instant(entry.published) > started)
    return [{ code: "ladder_published_late", ...where, published: entry.published }];
  const later = [...index.values()]
    .filter((other) => other.number === entry.number && other.version > entry.version)
    .filter((other) => instant(other.published) <= started)
    .sort((a, b) => a.version - b.version);
  if (!later.length) return [];
  const newest = later.at(-1);
  return [
    { code: "ladder_replaced", ...where, later: newest.version, published: newest.published },
  ];
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
  problems.push(
    ...versionIdProblems(game, entry, index),
    ...versionTimeProblems(game, entry, index),
  );
  return { pieces, start: parseBoard(entry.start_board), target: entry.target, problems };
}
