/*
 * "Placeable together" (docs/fair-deal.md § How a hand is drawn): can all the pieces be
 * placed on the board one after the other, in some order, with every full row and
 * column cleared after each placement before the next? A depth-first search over
 * orders and anchors, remembering boards it has answered.
 */
import { fits, settle } from "../rules/rules.js";

const MEMO_LIMIT = 200_000;
const memo = new Map();

export function placeableTogether(board, pieces) {
  if (pieces.length < 2) return pieces.length === 0 || fits(board, pieces[0]);
  const key = `${board.toString(16)}|${pieces
    .map((piece) => piece.id)
    .sort()
    .join(" ")}`;
  let known = memo.get(key);
  if (known === undefined) {
    known = search(board, pieces);
    if (memo.size >= MEMO_LIMIT) memo.clear();
    memo.set(key, known);
  }
  return known;
}

function search(board, pieces) {
  const tried = new Set();
  return pieces.some((piece, index) => {
    if (tried.has(piece.id)) return false;
    tried.add(piece.id);
    const rest = [...pieces.slice(0, index), ...pieces.slice(index + 1)];
    return piece.placements.some(
      ({ mask, lines }) =>
        (board & mask) === 0n && placeableTogether(settle(board | mask, lines), rest),
    );
  });
}
