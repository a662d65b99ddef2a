/*
 * How a hand is drawn (docs/fair-deal.md § How a hand is drawn): three draws from the
 * stream of its deal, each among the pieces of the set, in set order, that fit the board
 * as dealt and can be placed together with the pieces already drawn.
 */
import { fits } from "../rules/rules.js";
import { placeableTogether } from "./solver.js";

export const HAND_SIZE = 3;

/* The set without repeated ids, first occurrence kept (a set lists each piece once). */
function distinct(pieces) {
  const seen = new Map();
  for (const piece of pieces) if (!seen.has(piece.id)) seen.set(piece.id, piece);
  return [...seen.values()];
}

/* The pieces draw `drawn.length` picks from: in set order, fitting `board`, placeable with `drawn`. */
export function eligible(board, pieces, drawn) {
  return distinct(pieces).filter(
    (piece) => fits(board, piece) && placeableTogether(board, [...drawn, piece]),
  );
}

/* The hand of three the rule deals on `board` from `stream` (a DealStream of that deal). */
export async function dealHand(board, pieces, stream) {
  const set = distinct(pieces);
  const hand = [];
  while (hand.length < HAND_SIZE) {
    const choices = eligible(board, set, hand);
    if (!choices.length) {
      while (hand.length < HAND_SIZE) hand.push(set[await stream.below(set.length)]);
      break;
    }
    hand.push(choices[await stream.below(choices.length)]);
  }
  return hand;
}
