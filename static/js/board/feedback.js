/*
 * What the player sees, hears and feels, and is told: toasts, the "does not fit"
 * shake and buzz, and in the frame of each drop the move's effects: the placed
 * squares pop; cleared rows and columns burst in their blocks' colours; a combo
 * step rings the board and bumps the COMBO pill; an emptied board gets a sweep.
 * Each has its own sound (../sound.js: the mute toggle is
 * its own) and a buzz of the phone (../vibration.js: the Settings switch). With
 * prefers-reduced-motion no effect class is set at all (board.css also stops
 * them). The server's summary of each move is read out when it confirms it.
 */
import { announce } from "../live.js";
import * as sound from "../sound.js";
import { vibrate } from "../vibration.js";
import { cellAt, readGame, reducedMotion, SIZE } from "./state.js";

const TOAST_MS = 2200;
const BUZZ = { place: 12, clear: [30, 40, 30], big: [40, 40, 40, 40, 90] };
let toastTimer = 0;

function sounds() {
  return sound;
}

/*
 * Centre a message (a toast, "Connection lost") on the message slot above the board,
 * or where a layout has none (a short phone, a card shown) on the mode's line: never
 * over the board or the tray (play.css).
 */
export function placeMessage(el) {
  const slot = document.querySelector("#play-area .msg-slot");
  let box = slot?.getBoundingClientRect();
  if (!box?.height) box = document.querySelector(".mode-bar")?.getBoundingClientRect();
  if (!box) return;
  el.style.left = `${box.left + box.width / 2}px`;
  el.style.top = `${box.top + box.height / 2}px`;
  el.style.maxWidth = `${Math.max(box.width, 200)}px`;
}

/* Keep the messages on their slot when the window changes (a phone turned) or the board is redrawn. */
export function placeMessages() {
  for (const id of ["toast", "connection-lost"]) {
    const el = document.getElementById(id);
    if (el && !el.hidden) placeMessage(el);
  }
}

export function toast(text) {
  const el = document.getElementById("toast");
  if (!el || !text) return;
  el.textContent = text;
  placeMessage(el);
  el.classList.add("is-shown");
  window.clearTimeout(toastTimer);
  toastTimer = window.setTimeout(() => {
    el.classList.remove("is-shown");
  }, TOAST_MS);
}

/* The toast goes: what it said is over (a piece placed after "Tap again to place", a card shown). */
export function hideToast() {
  window.clearTimeout(toastTimer);
  document.getElementById("toast")?.classList.remove("is-shown");
}

/* Say it aloud and show it. */
export function tell(text) {
  announce(text);
  toast(text);
}

/* "That does not fit": a buzz, and a shake of the piece's button if given. */
export function nope(button) {
  sounds()?.play("nope");
  if (!button || reducedMotion.matches) return;
  button.classList.remove("is-nope");
  void button.offsetWidth; // restart the animation
  button.classList.add("is-nope");
}

function moveSounds(move) {
  const sound = sounds();
  if (move.lines > 0) {
    sound?.play("clear", move.lines);
    if (move.combo > 1) sound?.play("combo", move.combo);
    if (move.bonus > 0) sound?.play("empty");
    vibrate(move.lines > 1 || move.bonus > 0 ? BUZZ.big : BUZZ.clear);
  } else {
    sound?.play("place");
    vibrate(BUZZ.place);
  }
}

const EFFECTS = ["is-placed", "fx-clear", "fx-combo", "fx-empty"];

/* Cleared cells burst in the colour they had: from the board before, or the piece just placed. */
function burstCleared(move, effects) {
  const placed = new Set(move.targets.map(([r, c]) => r * SIZE + c));
  for (let i = 0; i < SIZE * SIZE; i++) {
    const row = Math.floor(i / SIZE);
    const col = i % SIZE;
    if (!move.rows.includes(row) && !move.cols.includes(col)) continue;
    const cell = cellAt(row, col);
    const before = move.coloursBefore.charAt(i);
    cell.dataset.c = placed.has(i) ? move.key : before && before !== "." ? before : "#";
    effects.push([cell, "fx-clear"]);
  }
}

/* The move's effects: [element, class] pairs. */
function effectsOf(a, move) {
  const effects = [];
  move.targets.forEach(([r, c]) => {
    const cell = cellAt(r, c);
    if (cell?.classList.contains("is-filled")) effects.push([cell, "is-placed"]);
  });
  if (move.lines > 0) burstCleared(move, effects);
  const wrap = a.querySelector(".board-wrap");
  if (move.lines > 0 && move.combo > 1)
    effects.push([wrap, "fx-combo"], [a.querySelector(".combo"), "fx-combo"]);
  if (move.bonus > 0) effects.push([wrap, "fx-empty"]);
  return effects.filter(([el]) => el);
}

/*
 * The move's effects replace the last move's. An element given an effect it is still
 * running restarts it, which takes one layout of the page (the drop's frame is late by
 * it): only then, and once for all of them.
 */
function moveEffects(a, move) {
  const running = a.querySelectorAll(EFFECTS.map((name) => `.${name}`).join(","));
  const effects = reducedMotion.matches ? [] : effectsOf(a, move);
  const again = effects.some(([el, name]) => el.classList.contains(name));
  running.forEach((el) => {
    el.classList.remove(...EFFECTS);
  });
  if (again) void a.offsetWidth; // restart the animations
  for (const [el, name] of effects) el.classList.add(name);
}

/*
 * A move played on the board (local.js, in the frame of the drop): its effects, sounds
 * and buzz. move: {lines, rows, cols, combo, bonus, targets, key (the piece's colour),
 * coloursBefore (the colour board before it)}.
 */
export function moveFeedback(a, move) {
  moveEffects(a, move);
  moveSounds(move);
}

/*
 * After the server's board partial was swapped in: the end of the game sounds; read out. A
 * card ("No moves left", the end) takes the toast away: it says what the toast did ("that
 * piece does not fit anywhere"), and its buttons are where the player's finger goes next.
 */
export function swapFeedback(a) {
  const game = readGame(a);
  if (game.status !== "playing") hideToast();
  placeMessages(); // a card shown or gone moves the slot
  if (game.event === "move" && !game.error && game.status !== "playing") sounds()?.play("end");
  const summary = a.querySelector("[data-announce]");
  if (summary && game.event) announce(summary.textContent);
}

export function listen() {
  window.addEventListener("resize", placeMessages);
}
