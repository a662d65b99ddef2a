/*
 * A game's dealer against the published dealer cut-overs (GET /api/dealers/, docs/api.md
 * § Dealer cut-overs): [{mode, dealer, from_game}], each saying that from game `from_game` on
 * every game of `mode` is dealt by `dealer`. The dealer is in the game's own replay, which the
 * server writes; the cut-overs hold it: the latest cut-over of the game's mode at or before its
 * id refuses a dealer that became current before it, or never in that mode ("fair": null is
 * dealer 1); a game before every cut-over of its mode may only be of a dealer one of them names.
 * Without cut-overs (null) nothing is checked here.
 */
import { Unverifiable } from "../rules/rules.js";

const whole = (value) => Number.isInteger(value) && value >= 0;

/* The cut-overs by mode, each [[from_game, dealer], ...] by from_game, or Unverifiable("malformed"). */
export function cutoverIndex(dealers) {
  if (!Array.isArray(dealers)) throw new Unverifiable("malformed", "the cut-overs are not a list");
  const index = new Map();
  for (const entry of dealers) {
    if (typeof entry?.mode !== "string" || !whole(entry.dealer) || !whole(entry.from_game))
      throw new Unverifiable("malformed", `dealer cut-over ${JSON.stringify(entry)}`);
    if (!index.has(entry.mode)) index.set(entry.mode, []);
    index.get(entry.mode).push([entry.from_game, entry.dealer]);
  }
  for (const rows of index.values()) rows.sort((a, b) => a[0] - b[0]);
  return index;
}

/* [{code: "dealer_cutover" | "dealer_absent", game, dealer, first, due}] when the cut-overs refuse the
 * game's dealer (dealer_absent: a game before every cut-over, first/due the mode's first), else []. */
export function cutoverProblems(game, dealers) {
  if (dealers === null || dealers === undefined) return [];
  const rows = cutoverIndex(dealers).get(game.mode) ?? [];
  if (!/^\d+$/.test(String(game.id)))
    throw new Unverifiable("malformed", `game id ${JSON.stringify(game.id)} is not a number`);
  const shown = game.fair === null || game.fair === undefined ? "1" : String(game.fair.dealer);
  if (!/^\d+$/.test(shown)) return []; // not a dealer at all: readSeeds refuses it
  const id = Number(game.id);
  const dealer = Number(shown);
  const passed = rows.findLastIndex(([first]) => first <= id);
  const rank = rows.findIndex(([, published]) => published === dealer);
  if (passed < 0 && rows.length && rank < 0)
    return [{ code: "dealer_absent", game: id, dealer, first: rows[0][0], due: rows[0][1] }];
  if (passed < 0 || rank >= passed) return [];
  const [first, due] = rows[passed];
  return [{ code: "dealer_cutover", game: id, dealer, first, due }];
}
