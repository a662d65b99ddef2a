/*
 * Check a finished game's public replay (docs/api.md `Replay`, GET /api/games/{id}/replay/)
 * against the published fair-deal rule, dealer 2, 3 or 4, and the rules of its version
 * (docs/fair-deal.md § Checking a game): the commitment is the SHA-256 of the revealed server
 * seed; the start board is the mode's; the moves replay from it to the boards shown, each
 * scored by the board's own rules module (../rules/rules.js, with the numbers of the game's
 * version from the page's rules JSON, `rulesets`) to the points, lines, combo and
 * clear bonus shown; every hand recomputed from the seeds and the board it was dealt on is the
 * hand shown; each piece fits that board; each hand is placeable in full; a Continue comes only
 * where the mode allows one and only at "No moves left", and No thanks only there, with a
 * Continue left, as the last step; the final score, status and stars are the ones the moves and
 * the rules give (totals.js). A challenge game is replayed from its number's published version
 * in `ladder` (GET /api/challenges/, ladder.js), not from its own start board, target and pieces;
 * its dealer is held to the published cut-overs in `dealers` (GET /api/dealers/, dealers.js), and a
 * Daily's seeds to its day's published entry in `dailies` (GET /api/dailies/{day}/, dailies.js).
 *
 *   const report = await verifyReplay(replay, rulesets, ladder, dealers, dailies);
 *                                                       (rulesets: {version: Ruleset.as_json})
 *   report.hands[k] = {k, expected: [ids], shown: [ids] | null, problems: [{code, step, ...}]}
 *   report.problems = game-wide [{code, ...}]   (dealer_cutover, commitment, daily_*, piece_set, label, start,
 *                                                 ladder_* (the version's number, version and time too),
 *                                                 final, hand_fits, status, stars)
 *   report.ending = {kind: "won" | "declined" | "stuck" | "site", step}   (how the moves end it;
 *                   null for a game with "fair": null that the cut-overs refuse, its only problem)
 *
 * Throws Unverifiable (code "no_fair", "dealer", "rules", "not_revealed", "no_ladder", "no_dailies" or
 * "malformed") for a replay that cannot be checked at all. Nothing here trusts the server's own verdict.
 */
import {
  boardRows,
  fits,
  Piece,
  parseBoard,
  place,
  rulesetOf,
  Unverifiable,
} from "../rules/rules.js";
import { dailyProblems } from "./dailies.js";
import { dealHand, HAND_SIZE } from "./deal.js";
import { cutoverProblems } from "./dealers.js";
import { heldToLadder } from "./ladder.js";
import { publishedSet } from "./pieces.js";
import { placeableTogether } from "./solver.js";
import {
  DealStream,
  dealLabel,
  dealMessageHead,
  hexToBytes,
  hmacKey,
  sha256Hex,
} from "./stream.js";
import { ending, endProblems, starProblems, startProblems } from "./totals.js";

/* The deal rule versions checked here: one rule; dealer 3 (the Daily) reads no client seed for deal 0,
 * dealer 4 (every other mode) reads the game's label before the client seed. */
export const DEALERS = ["2", "3", "4"];
const CLIENT_SEED = /^[ -~]{0,64}$/;

const ids = (pieces) => pieces.map((piece) => piece.id);
const same = (a, b) => a.length === b.length && a.every((item, index) => item === b[index]);

/* The seeds of `fair` (Game.fair) and its rules version from `rulesets`, or Unverifiable. */
export function readSeeds(fair, rulesets) {
  if (fair === null || fair === undefined)
    throw new Unverifiable("no_fair", "dealt before verifiable deals");
  if (!DEALERS.includes(fair.dealer))
    throw new Unverifiable("dealer", `unknown deal rule ${JSON.stringify(fair.dealer)}`);
  const rules = Object.hasOwn(rulesets ?? {}, fair.rules) ? rulesetOf(rulesets[fair.rules]) : null;
  if (!rules)
    throw new Unverifiable("rules", `unknown rules version ${JSON.stringify(fair.rules)}`);
  if (!fair.server_seed)
    throw new Unverifiable("not_revealed", "the server seed is not revealed yet");
  const serverSeed = hexToBytes(fair.server_seed);
  if (!serverSeed)
    throw new Unverifiable(
      "malformed",
      `server_seed is not hex: ${JSON.stringify(fair.server_seed)}`,
    );
  const clientSeed = fair.client_seed ?? "";
  if (typeof clientSeed !== "string" || !CLIENT_SEED.test(clientSeed)) {
    throw new Unverifiable(
      "malformed",
      `client_seed is not printable ASCII: ${JSON.stringify(clientSeed)}`,
    );
  }
  return {
    serverSeed,
    clientSeed,
    commitment: fair.commitment,
    dealer: fair.dealer,
    rules,
  };
}

/* The game's piece set as the replay lists it, and whether it is the published set of its mode. */
function gamePieces(replay, game) {
  const published = publishedSet(game.challenge ?? null);
  if (!Array.isArray(replay.piece_set)) return { pieces: published, published: true };
  const listed = replay.piece_set.map((entry) => new Piece(entry.piece, entry.cells));
  const matches =
    listed.length === published.length &&
    listed.every((piece, index) => piece.equals(published[index]));
  return { pieces: listed, published: matches };
}

/* Walks the replay step by step, dealing every hand itself and comparing with what the replay shows. */
class Walk {
  constructor(pieces, key, seeds, board, game) {
    this.pieces = pieces;
    this.dealer = seeds.dealer;
    this.byId = new Map(pieces.map((piece) => [piece.id, piece]));
    this.key = key;
    this.clientSeed = seeds.clientSeed;
    this.label = dealLabel(game);
    this.board = board;
    this.hands = [];
    this.mode = game.mode;
    this.scoring = seeds.rules.scoring[game.mode];
    this.allowed = seeds.rules.continues[game.mode];
    this.target = Number.isInteger(game.target) ? game.target : null;
    this.score = 0;
    this.combo = { combo: 0, movesLeft: 0 };
    this.moves = 0;
    this.continues = 0;
    this.reached = false;
    this.declined = null; // the step number of No thanks, if the game ended by one
  }

  get current() {
    return this.hands[this.hands.length - 1];
  }

  async deal() {
    const k = this.hands.length;
    const hand = await dealHand(
      this.board,
      this.pieces,
      new DealStream(this.key, dealMessageHead(this.dealer, this.clientSeed, k, this.label), k),
    );
    this.hands.push({ k, board: this.board, expected: ids(hand), shown: null, problems: [] });
    this.hand = hand;
    this.used = Array(HAND_SIZE).fill(false);
  }

  /* A hand as the replay shows it: the first showing of a deal is compared with the rule's hand. */
  compareHand(entries, step) {
    if (!Array.isArray(entries) || entries.length !== HAND_SIZE) {
      throw new Unverifiable("malformed", `step ${step}: a hand of ${JSON.stringify(entries)}`);
    }
    const shown = entries.map((entry) => this.shownPiece(entry));
    const hand = this.current;
    if (hand.shown === null) {
      hand.shown = ids(shown);
      if (!same(hand.shown, hand.expected))
        hand.problems.push({ code: "differs", step, shown: hand.shown, expected: hand.expected });
      hand.problems.push(...this.dealtProblems(hand.board, shown));
    } else if (!same(ids(shown), ids(this.hand))) {
      hand.problems.push({ code: "changed", step, shown: ids(shown), was: ids(this.hand) });
    }
    const used = entries.map((entry) => Boolean(entry.used));
    if (!same(used, this.used)) hand.problems.push({ code: "used", step });
    this.hand = shown;
    this.used = used;
  }

  shownPiece(entry) {
    const known = this.byId.get(entry?.piece);
    const shown = new Piece(
      String(entry?.piece),
      Array.isArray(entry?.cells) ? entry.cells : (known?.cells ?? []),
    );
    return known?.equals(shown) ? known : shown;
  }

  /* What is wrong with a hand as dealt: pieces not in the set (or reshaped), pieces that do not fit, not placeable. */
  dealtProblems(board, shown) {
    const problems = [];
    for (const piece of shown) {
      if (!this.byId.has(piece.id)) problems.push({ code: "not_in_set", piece: piece.id });
      else if (!piece.equals(this.byId.get(piece.id)))
        problems.push({ code: "reshaped", piece: piece.id });
      if (!fits(board, piece)) problems.push({ code: "not_fit", piece: piece.id });
    }
    if (!placeableTogether(board, shown)) problems.push({ code: "not_placeable" });
    return problems;
  }

  /* A board the replay shows against the recomputed one; on a difference, report it and follow the replay. */
  compareBoard(rows, step) {
    if (rows === undefined || rows === null) return;
    const shown = parseBoard(rows);
    if (shown === this.board) return;
    const mine = boardRows(this.board);
    const row = mine.findIndex((line, index) => line !== rows[index]);
    this.current.problems.push({ code: "board", step, row: row + 1 });
    this.board = shown;
  }

  move(step, number) {
    const { slot, row, col } = step.move ?? {};
    if (this.reached) this.current.problems.push({ code: "after_target", step: number });
    if (![0, 1, 2].includes(slot) || this.used[slot]) {
      this.current.problems.push({ code: "bad_slot", step: number });
      return;
    }
    const piece = this.hand[slot];
    const placed = place(this.board, piece, row, col);
    if (!placed) {
      this.current.problems.push({ code: "illegal", step: number, piece: piece.id });
    } else {
      this.board = placed.board;
      const result = step.result ?? {};
      if (!(same(result.rows ?? [], placed.rows) && same(result.cols ?? [], placed.cols))) {
        this.current.problems.push({ code: "cleared", step: number });
      }
      this.scoreMove(result, placed.squares, placed.lines, number);
    }
    this.moves += 1;
    this.used[slot] = true;
    this.compareBoard(step.board, number);
  }

  /* The move's points, lines, combo and clear bonus by the game's rules, against the replay's result. */
  scoreMove(result, squares, lines, number) {
    const mine = this.scoring(squares, lines, this.board === 0n, this.combo);
    this.combo = mine.combo;
    this.score += mine.points;
    this.reached = this.target !== null && this.score >= this.target;
    const expected = {
      squares,
      lines,
      combo: mine.combo.combo,
      line_points: mine.linePoints,
      clear_bonus: mine.clearBonus,
      points: mine.points,
    };
    for (const [name, value] of Object.entries(expected)) {
      if (result[name] !== value)
        this.current.problems.push({
          code: "number",
          step: number,
          name,
          shown: result[name],
          expected: value,
        });
    }
  }

  async continueGame(step, number) {
    const left = this.hand.filter((_piece, slot) => !this.used[slot]);
    const fitting = left.filter((piece) => fits(this.board, piece));
    if (fitting.length)
      this.current.problems.push({ code: "continue_fits", step: number, pieces: ids(fitting) });
    if (this.continues >= this.allowed)
      this.current.problems.push({ code: "continue_not_allowed", step: number });
    this.continues += 1;
    this.compareBoard(step.board, number);
    await this.deal();
    this.compareHand(step.hand, number);
  }

  /* No thanks: only at "No moves left" with a Continue still possible, and the game's last step. */
  declineGame(step, number, last) {
    const left = this.hand.filter((_piece, slot) => !this.used[slot]);
    const fitting = left.filter((piece) => fits(this.board, piece));
    if (fitting.length)
      this.current.problems.push({ code: "decline_fits", step: number, pieces: ids(fitting) });
    if (this.continues >= this.allowed)
      this.current.problems.push({ code: "decline_no_continue", step: number });
    if (!last) this.current.problems.push({ code: "decline_not_last", step: number });
    this.compareHand(step.hand, number);
    this.compareBoard(step.board, number);
    this.declined = number;
  }

  async run(steps, game) {
    for (const [index, step] of steps.entries()) {
      const number = index + 1;
      if (step.decline) {
        this.declineGame(step, number, number === steps.length);
        continue;
      }
      if (step.continue) {
        await this.continueGame(step, number);
        continue;
      }
      this.compareHand(step.hand, number);
      this.move(step, number);
      if (this.used.every(Boolean) && !this.reached) await this.deal();
    }
    if (Array.isArray(game.hand)) this.compareHand(game.hand, "end");
    this.compareBoard(game.board, "end");
  }
}

/* What the game is replayed with, {pieces, start, target, problems}: a challenge's from the ladder. */
function heldTo(replay, game, ladder) {
  if (game.mode === "challenge") return heldToLadder(replay, game, ladder);
  const { pieces, published } = gamePieces(replay, game);
  const start = parseBoard(replay.start_board);
  return { pieces, start, target: game.target, problems: published ? [] : [{ code: "piece_set" }] };
}

/* The per-hand report and the game-wide problems of `replay` (see the top of this file). */
export async function verifyReplay(
  replay,
  rulesets,
  ladder = null,
  dealers = null,
  dailies = null,
) {
  const game = replay?.game;
  if (!game || !Array.isArray(replay.steps)) throw new Unverifiable("malformed", "not a replay");
  const problems = cutoverProblems(game, dealers);
  // a game dealt before verifiable deals has no hands to check, but its cut-over can still refuse it
  if (problems.length && !game.fair) return { hands: [], problems, ending: null };
  const seeds = readSeeds(game.fair, rulesets);
  if ((await sha256Hex(seeds.serverSeed)) !== seeds.commitment)
    problems.push({ code: "commitment" });
  problems.push(...dailyProblems(game, dailies));
  const held = heldTo(replay, game, ladder);
  problems.push(...held.problems);
  problems.push(...(await startProblems(game, parseBoard(replay.start_board), seeds.serverSeed)));
  const heldGame = { ...game, target: held.target };
  const walk = new Walk(held.pieces, await hmacKey(seeds.serverSeed), seeds, held.start, heldGame);
  try {
    await walk.deal();
    await walk.run(replay.steps, game);
  } catch (error) {
    if (error instanceof Unverifiable) throw error;
    throw new Unverifiable("malformed", `malformed replay (${error})`);
  }
  problems.push(...endProblems(walk, game), ...starProblems(replay, game, seeds.rules, walk.score));
  return { hands: walk.hands, problems, ending: ending(walk) };
}
