/*
 * The game-wide checks of verify.js (docs/fair-deal.md § Checking a game): the game's label
 * and start board, its totals and status at the end, and its stars, each against the rules
 * of its version (rulesetOf() of ../rules/rules.js). Each returns a list of problems `{code, ...}`.
 */
import { boardRows } from "../rules/rules.js";
import { dailyStartBoard } from "./daily.js";

const MODES = ["classic", "challenge", "daily", "practice"];
const OFF_BOARD = ["abandoned", "expired"];
/* The statuses an ended game of each mode can have (docs/rules.md § End of game, Continue): only a
 * challenge is won; a new game abandons an unfinished one, except the Daily, which its day's close expires. */
const MODE_ENDS = {
  classic: ["over", "abandoned"],
  practice: ["over", "abandoned"],
  challenge: ["over", "won", "abandoned"],
  daily: ["over", "expired"],
};

/* The mode, challenge number, its version and the target go together; the dealer is one that deals the
 * mode (dealer 3 the Daily alone, dealer 4 every other mode, dealer 2 any); the start board is the mode's. */
export async function startProblems(game, start, serverSeed) {
  const problems = [];
  const dealer = game.fair?.dealer;
  if (dealer !== "2" && (dealer === "3") !== (game.mode === "daily"))
    problems.push({ code: "dealer_mode", dealer });
  const challenge = game.mode === "challenge";
  const numbered = Number.isInteger(game.challenge) && game.challenge >= 1;
  const versioned = Number.isInteger(game.challenge_version) && game.challenge_version >= 1;
  if (
    !MODES.includes(game.mode) ||
    challenge !== numbered ||
    challenge !== versioned ||
    challenge !== Number.isInteger(game.target)
  )
    problems.push({ code: "label" });
  let expected = null;
  if (game.mode === "classic" || game.mode === "practice") expected = 0n;
  if (game.mode === "daily") expected = await dailyStartBoard(serverSeed);
  if (expected !== null && expected !== start) {
    const mine = boardRows(expected);
    const shown = boardRows(start);
    problems.push({ code: "start", row: mine.findIndex((line, r) => line !== shown[r]) + 1 });
  }
  return problems;
}

/* Whether each piece of the last hand is unplaced and fits the last board. */
function fittingNow(walk) {
  return walk.hand.map(
    (piece, slot) => !walk.used[slot] && piece.placements.some((p) => (walk.board & p.mask) === 0n),
  );
}

/* The game's score, moves, combo and Continues left, and its status, against the replayed moves. */
export function endProblems(walk, game) {
  const expected = {
    score: walk.score,
    moves: walk.moves,
    combo: walk.combo.combo,
    combo_moves_left: walk.combo.movesLeft,
    continues_left: Math.max(0, walk.allowed - walk.continues),
  };
  const problems = Object.entries(expected)
    .filter(([name, value]) => game[name] !== value)
    .map(([name, value]) => ({ code: "final", name, shown: game[name], expected: value }));
  const shownFits = (Array.isArray(game.hand) ? game.hand : [])
    .filter((entry) => "fits" in entry)
    .map((entry) => entry.fits);
  const fitsNow = fittingNow(walk);
  if (shownFits.length && shownFits.some((value, slot) => value !== fitsNow[slot]))
    problems.push({ code: "hand_fits" });
  const kind = ending(walk).kind;
  const allowed = { won: ["won"], declined: ["over"], stuck: ["over"], site: OFF_BOARD }[kind];
  const reachable = MODE_ENDS[walk.mode] ?? [];
  if (!allowed.includes(game.status) || !reachable.includes(game.status))
    problems.push({ code: "status", shown: game.status });
  return problems;
}

/* How the moves end the game: won (the target reached), declined (No thanks at `step`), stuck (no
 * unplaced piece fits and no Continue is left), or site (pieces still fit, or "No moves left" with its
 * Continue unused: only the site can have ended it, abandoned or expired). */
export function ending(walk) {
  if (walk.reached) return { kind: "won" };
  if (walk.declined !== null) return { kind: "declined", step: walk.declined };
  const stuck = !fittingNow(walk).some(Boolean) && walk.continues >= walk.allowed;
  return { kind: stuck ? "stuck" : "site" };
}

/* The stars and their breakdown (`stars_detail`) against docs/rules.md § Stars, levels. */
export function starProblems(replay, game, rules, score) {
  const detail = replay.stars_detail ?? null;
  const stars = game.stars ?? null;
  if (game.mode === "practice" || !["over", "won"].includes(game.status))
    return stars === null && detail === null ? [] : [{ code: "stars", name: "stars" }];
  if (detail === null || typeof detail !== "object")
    return [{ code: "stars", name: "stars_detail" }];
  const numbers = rules.stars;
  const scoreBonus = Math.min(numbers.score_max, Math.floor(score / numbers.score_step));
  const claimed = [0, numbers.high_score].includes(detail.high_score) ? detail.high_score : 0;
  const high = game.mode === "daily" ? 0 : claimed;
  const usual = numbers.base + scoreBonus + high;
  const won = game.status === "won" ? game.challenge : 0;
  const expected = {
    base: numbers.base,
    score_bonus: scoreBonus,
    high_score: high,
    challenge: Math.max(0, Math.min(won, numbers.challenge_max) - usual),
  };
  const earned = Object.values(expected).reduce((sum, value) => sum + value, 0);
  const capped = Number.isInteger(detail.capped) && detail.capped >= 0 && detail.capped <= earned;
  Object.assign(expected, { earned, capped: capped ? detail.capped : 0 });
  expected.paid = earned - expected.capped;
  const problems = Object.entries(expected)
    .filter(([name, value]) => detail[name] !== value)
    .map(([name]) => ({ code: "stars", name }));
  if (stars !== expected.paid) problems.push({ code: "stars", name: "stars" });
  return problems;
}
