/*
 * The words of the "Was it fair?" check: the sentences of a report. Every text comes
 * from a data-t-* attribute of the page's [data-fair-check] element, through the
 * t() of ../words.js.
 */

const pieceList = (pieces) => (Array.isArray(pieces) ? pieces.join(", ") : String(pieces ?? ""));

/* One sentence per thing wrong with a hand of verify.js's report; none for a hand that passed. */
export function handReasons(hand, t) {
  if (hand.shown === null) return [t("why-not-shown", { expected: pieceList(hand.expected) })];
  return hand.problems.map((problem) => describe(problem, t));
}

/* One sentence for a problem of verify.js (`{code, step, ...}`): a hand's, or the game's (no step). */
export function describe(problem, t) {
  const where = problem.step === "end" ? t("at-end") : t("at-step", { step: problem.step });
  const values = {
    where,
    piece: problem.piece,
    row: problem.row,
    what: problem.name ? t(`number-${problem.name.replace(/_/g, "-")}`) : "",
    shown: pieceList(problem.shown),
    expected: pieceList(problem.expected),
    was: pieceList(problem.was),
    pieces: pieceList(problem.pieces),
    number: problem.number,
    version: problem.version,
    dealer: problem.dealer,
    first: problem.first,
    last: problem.last,
    game: problem.game,
    due: problem.due,
    day: problem.day,
    started: problem.started,
    published: problem.published,
    later: problem.later,
  };
  return t(`why-${problem.code.replace(/_/g, "-")}`, values);
}
