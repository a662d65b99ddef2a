/*
 * The move played on the page at once: the piece lands, the lines clear and
 * the points, the combo and the clear bonus show in the frame of the drop, by the game's
 * rules in the browser (../rules/rules.js, shared with the "Was it fair?" page), with the
 * numbers of the game's rules version: the board partial's rules JSON (#bk-rules, rendered
 * from the server's RULESETS) for its data-rules-version and data-mode. A partial without
 * them (a page older than its game's rules) predicts nothing: the page says it is out of
 * date. The server's answer confirms a move (sync.js): its board partial stays the source
 * of truth.
 *
 * `state.shown` is the position on screen: the server's last board plus the moves
 * played here since. A move's `expect` (board, score, combo, moves left) is what the
 * server's answer must show for it to be confirmed; anything else rolls back.
 */
import {
  boardFromText,
  boardText,
  fits,
  playMove,
  readRulesJson,
  rulesetOf,
} from "../rules/rules.js";
import { moveFeedback } from "./feedback.js";
import { showSessionLost } from "./session.js";
import { area, cellAt, isStuck, pieceFor, SIZE, state, strings } from "./state.js";

const MILLION = 1000000;

function numberOf(el, name) {
  return Number(el ? el.dataset[name] : 0) || 0;
}

/* The facts a board partial's #play-area shows, compared with a move's `expect`. */
export function factsOf(el) {
  const combo = el.querySelector('[data-testid="combo"]');
  return {
    board: el.dataset.board || "",
    score: numberOf(el.querySelector('[data-testid="score"]'), "value"),
    combo: numberOf(combo, "combo"),
    movesLeft: numberOf(combo, "movesLeft"),
  };
}

/* The scoring of the game a board partial shows (its mode's, by its rules version), or null. */
function scoringOf(el) {
  const rules = rulesetOf(readRulesJson(el, "bk-rules"));
  if (!rules || String(rules.version) !== el.dataset.rulesVersion) return null;
  return rules.scoring[el.dataset.mode] ?? null;
}

/* The position a board partial shows: where the next move is played from. */
export function readShown(el) {
  const facts = factsOf(el);
  const best = el.querySelector('[data-testid="high-score"]');
  return {
    board: boardFromText(facts.board),
    colours: el.dataset.colours || facts.board,
    score: facts.score,
    best: numberOf(best, "value"),
    bestFollows: best.hasAttribute("data-follows-score"),
    combo: { combo: facts.combo, movesLeft: facts.movesLeft },
    scoring: scoringOf(el),
  };
}

export function shownFacts(shown) {
  return {
    board: boardText(shown.board),
    score: shown.score,
    combo: shown.combo.combo,
    movesLeft: shown.combo.movesLeft,
  };
}

/*
 * The move of `piece` with its anchor on (row, col) from the shown position: {shown after,
 * result}, or null (it does not fit, or this page lacks its game's rules: then it says so).
 */
export function predict(piece, row, col) {
  const before = state.shown;
  if (!before.scoring) {
    state.lost = "stale"; // nothing is sent: a move this page cannot score would only be rolled back
    showSessionLost("stale");
    return null;
  }
  const result = playMove(before.board, before.combo, piece.shape, row, col, before.scoring);
  if (!result) return null;
  const key = piece.button.dataset.c || "#";
  const colours = Array.from({ length: SIZE * SIZE }, (_, i) => {
    if (!(result.board & (1n << BigInt(i)))) return ".";
    return result.filled & ~before.board & (1n << BigInt(i)) ? key : before.colours.charAt(i);
  }).join("");
  const score = before.score + result.points;
  const shown = { ...before, board: result.board, colours, score, combo: result.combo };
  if (before.bestFollows) shown.best = Math.max(before.best, score); // the Daily's stays the finished games'
  return { shown, result };
}

let numbers = null; // made once: a NumberFormat takes longer to make than a drop's frame can spare

function formatted(n) {
  numbers ||= new Intl.NumberFormat(document.documentElement.lang || undefined);
  return numbers.format(n);
}

function paintCells(shown) {
  for (let i = 0; i < SIZE * SIZE; i++) {
    const cell = cellAt(Math.floor(i / SIZE), i % SIZE);
    const filled = !!(shown.board & (1n << BigInt(i)));
    cell.classList.remove("is-ghost", "is-ghost-bad", "is-line");
    cell.classList.toggle("is-filled", filled);
    if (filled) cell.dataset.c = shown.colours.charAt(i);
    else delete cell.dataset.c;
  }
  document.getElementById("board")?.classList.remove("has-lines");
}

function paintScore(a, shown) {
  const score = a.querySelector('[data-testid="score"]');
  score.dataset.value = shown.score;
  score.textContent = formatted(shown.score);
  score.classList.toggle("score--long", shown.score >= MILLION);
  const best = a.querySelector('[data-testid="high-score"]');
  best.dataset.value = shown.best;
  best.textContent = formatted(shown.best);
  const combo = a.querySelector('[data-testid="combo"]');
  combo.dataset.combo = shown.combo.combo;
  combo.dataset.movesLeft = shown.combo.movesLeft;
  combo.classList.toggle("combo--on", shown.combo.combo > 0);
  combo.querySelector(".combo-x").textContent = `×${shown.combo.combo}`;
  combo.querySelectorAll(".combo-dots i").forEach((dot, n) => {
    dot.classList.toggle("on", n < shown.combo.movesLeft);
  });
}

/* "+640" over the board, with "Board clear!" or "Combo ×3" under it, as the partial shows it. */
function popPoints(a, result) {
  const wrap = a.querySelector(".board-wrap");
  wrap.querySelector(".points-pop")?.remove();
  const pop = document.createElement("div");
  pop.className = `points-pop${result.lines ? " points-pop--clear" : ""}`;
  pop.setAttribute("aria-hidden", "true");
  pop.textContent = `+${formatted(result.points)}`;
  let note = "";
  if (result.clearBonus) note = strings("boardClear");
  else if (result.lines && result.combo.combo > 1)
    note = strings("comboX").replace("{n}", result.combo.combo);
  if (note) {
    const small = document.createElement("small");
    small.textContent = note;
    pop.appendChild(small);
  }
  wrap.appendChild(pop);
}

/*
 * The placed piece leaves the hand; a piece that now fits nowhere cannot be picked up, and
 * one that fits again (its lines cleared) can.
 */
function paintHand(a, button, shown) {
  button.classList.add("is-played");
  button.classList.remove("is-selected", "is-dragging");
  button.setAttribute("aria-pressed", "false");
  button.disabled = true;
  a.querySelectorAll(".piece[data-slot]:not(.is-played)").forEach((other) => {
    if (!fits(shown.board, pieceFor(other).shape)) other.setAttribute("aria-disabled", "true");
    else if (isStuck(other)) {
      other.removeAttribute("aria-disabled");
      other.removeAttribute("aria-describedby"); // "Doesn't fit anywhere now"
    }
  });
  showHandWaiting();
}

/*
 * All three placed here: the next hand is being dealt until the server's answer brings it (the
 * empty tray breathes), and with the server out of reach it waits for the connection (said).
 */
export function showHandWaiting() {
  const a = area();
  const note = a?.querySelector("[data-hand-waiting]");
  if (!note) return;
  const left = a.querySelectorAll(".piece[data-slot]:not(.is-played)").length;
  const waiting = left === 0 && state.moves.queue.length > 0;
  note.hidden = !(waiting && state.retryDelay > 0);
  note.closest(".hand")?.classList.toggle("is-dealing", waiting && !state.retryDelay);
}

/* Play the move on the page (predict()'s), with its effects, sounds and buzz. */
export function paintMove(piece, targets, predicted) {
  const a = area();
  const before = state.shown;
  state.shown = predicted.shown;
  const { result } = predicted;
  paintCells(predicted.shown);
  paintScore(a, predicted.shown);
  popPoints(a, result);
  paintHand(a, piece.button, predicted.shown);
  moveFeedback(a, {
    lines: result.lines,
    rows: result.rows,
    cols: result.cols,
    combo: result.combo.combo,
    bonus: result.clearBonus,
    targets,
    key: piece.button.dataset.c || "#",
    coloursBefore: before.colours,
  });
}

function copyAttributes(from, to) {
  for (const { name, value } of from.attributes) if (name !== "class") to.setAttribute(name, value);
  for (const { name } of [...to.attributes])
    if (name !== "class" && !from.hasAttribute(name)) to.removeAttribute(name);
  to.className = from.className;
}

/*
 * The server confirmed the moves played here: take its partial `incoming` (parsed, not
 * yet in the page) without redrawing what it already shows, so the effects under way
 * run on. Its attributes (move count, URLs), tools and read-out text always; when no
 * move is left unconfirmed (`last`) also the labels of the cells and the combo, and
 * the new hand once the hand is played (not before: a tap on the next piece may be
 * under way). Only while the game plays on: an
 * answer that ends it is swapped in whole (sync.js).
 */
export function confirmInPlace(incoming, last) {
  const a = area();
  const keep = new Set(
    ["is-dragging", "has-selection"].filter((name) => a.classList.contains(name)),
  );
  copyAttributes(incoming, a);
  for (const name of keep) a.classList.add(name);
  const replace = [".tools", "[data-announce]"];
  const handPlayed = !a.querySelector(".hand .piece[data-slot]:not(.is-played)");
  if (last && handPlayed) replace.push(".hand"); // a finger on the hand's next piece keeps it
  for (const selector of replace) {
    const el = incoming.querySelector(selector);
    a.querySelector(selector).replaceWith(el);
    window.htmx.process(el); // New game posts through htmx, which asks first (not a plain post)
  }
  if (!last) return;
  // the first move of a first visit makes the player: its best replaces "Sign in to see your best"
  a.querySelector(".stat--best").replaceWith(incoming.querySelector(".stat--best"));
  const comboText = ".combo .visually-hidden";
  a.querySelector(comboText).replaceWith(incoming.querySelector(comboText));
  incoming.querySelectorAll("#board .cell").forEach((cell) => {
    cellAt(cell.dataset.row, cell.dataset.col).setAttribute(
      "aria-label",
      cell.getAttribute("aria-label"),
    );
  });
  state.shown = readShown(a);
}

/* An answer taken in without htmx's swap: its out-of-band parts (the header's player, after a first move). */
export function swapOutOfBand(html) {
  const template = document.createElement("template");
  template.innerHTML = html || "";
  for (const el of template.content.querySelectorAll("[hx-swap-oob]")) {
    const current = el.id && document.getElementById(el.id);
    if (!current) continue;
    el.removeAttribute("hx-swap-oob");
    current.replaceWith(el);
    window.htmx.process(el);
  }
}
