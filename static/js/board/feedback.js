/*
 * What the player sees, hears and feels, and is told: toasts, the "does not fit"
 * shake and buzz, and after each board swap the move's effects: the placed
 * squares pop; cleared rows and columns burst in their blocks' colours; a combo
 * step rings the board and bumps the COMBO pill; an emptied board gets a sweep.
 * Each has its own sound (../sound.js: the mute toggle is
 * its own) and a buzz of the phone (../vibration.js: the Settings switch). With
 * prefers-reduced-motion no effect class is set at all (board.css also stops
 * them). Then the move's summary is read out.
 */
import { announce } from "../live.js";
import * as sound from "../sound.js";
import { vibrate } from "../vibration.js";
import { area, cellAt, readGame, reducedMotion, SIZE } from "./state.js";

const TOAST_MS = 2200;
const TOAST_INSET = 12; // px from the board's top edge to the toast
const BUZZ = { place: 12, clear: [30, 40, 30], big: [40, 40, 40, 40, 90] };
let toastTimer = 0;
let coloursBefore = ""; // the colour board on screen before the swap (the cleared cells' colours)

function sounds() {
  return sound;
}

export function toast(text) {
  const el = document.getElementById("toast");
  if (!el || !text) return;
  el.textContent = text;
  // over the top of the board, where it hides none of the controls above it
  const board = document.getElementById("board");
  if (board) el.style.top = board.getBoundingClientRect().top + TOAST_INSET + "px";
  el.classList.add("is-shown");
  window.clearTimeout(toastTimer);
  toastTimer = window.setTimeout(() => {
    el.classList.remove("is-shown");
  }, TOAST_MS);
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

function moveSounds(game) {
  const sound = sounds();
  if (game.lines > 0) {
    sound?.play("clear", game.lines);
    if (game.combo > 1) sound?.play("combo", game.combo);
    if (game.bonus > 0) sound?.play("empty");
    vibrate(game.lines > 1 || game.bonus > 0 ? BUZZ.big : BUZZ.clear);
  } else {
    sound?.play("place");
    vibrate(BUZZ.place);
  }
  if (game.status !== "playing") sound?.play("end");
}

/* Start an effect; the next board partial replaces the element, and the class with it. */
function flash(el, name) {
  if (el) el.classList.add(name);
}

/* Cleared cells burst in the colour they had: from the board before, or the piece just placed. */
function burstCleared(game, pending) {
  const placed = new Set((pending ? pending.targets : []).map(([r, c]) => r * SIZE + c));
  const key = pending && pending.button ? pending.button.dataset.c : "";
  for (let i = 0; i < SIZE * SIZE; i++) {
    const row = Math.floor(i / SIZE);
    const col = i % SIZE;
    if (!game.rows.includes(row) && !game.cols.includes(col)) continue;
    const cell = cellAt(row, col);
    const before = coloursBefore.charAt(i);
    cell.dataset.c = placed.has(i) ? key : before && before !== "." ? before : "#";
    flash(cell, "fx-clear");
  }
}

function moveEffects(a, game, pending) {
  if (reducedMotion.matches) return;
  if (pending) {
    pending.targets.forEach(([r, c]) => {
      const cell = cellAt(r, c);
      if (cell && cell.classList.contains("is-filled")) cell.classList.add("is-placed");
    });
  }
  if (game.lines > 0) burstCleared(game, pending);
  // on the board's wrapper: htmx settles #board's class attribute after the swap (it has an id)
  if (game.lines > 0 && game.combo > 1) {
    flash(a.querySelector(".board-wrap"), "fx-combo");
    flash(a.querySelector(".combo"), "fx-combo");
  }
  if (game.bonus > 0) flash(a.querySelector(".board-wrap"), "fx-empty");
}

/* After the board partial was swapped in: the move's effects, sounds and buzz; read out. */
export function swapFeedback(a, pending) {
  const game = readGame(a);
  if (game.event === "move" && !game.error) {
    moveEffects(a, game, pending);
    moveSounds(game);
  }
  const summary = a.querySelector("[data-announce]");
  if (summary && game.event) announce(summary.textContent);
}

export function listen() {
  document.addEventListener("htmx:beforeSwap", () => {
    const current = area();
    coloursBefore = current ? readGame(current).colours : "";
  });
}
