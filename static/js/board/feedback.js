/*
 * What the player sees, hears and is told: toasts, the "does not fit" shake and
 * buzz, and after each board swap the placed pieces' pop, the move's sounds (and
 * a buzz of the phone) and its summary read out. Sounds come from sound.js
 * (window.BlockKnockSound), loaded on every page.
 */
import { announce } from "../live.js";
import { cellAt, readGame } from "./state.js";

const TOAST_MS = 2200;
let toastTimer = 0;

function sounds() {
  return window.BlockKnockSound || null;
}

export function toast(text) {
  const el = document.getElementById("toast");
  if (!el || !text) return;
  el.textContent = text;
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
  if (!button) return;
  button.classList.remove("is-nope");
  void button.offsetWidth; // restart the animation
  button.classList.add("is-nope");
}

function vibrate(pattern) {
  if (!navigator.vibrate) return;
  try {
    navigator.vibrate(pattern);
  } catch (err) {
    /* not allowed: fine */
  }
}

function moveSounds(game) {
  const sound = sounds();
  if (game.lines > 0) {
    sound?.play("clear", game.lines);
    if (game.combo > 1) sound?.play("combo", game.combo);
    vibrate(game.lines > 1 ? [22, 40, 28] : 24);
  } else {
    sound?.play("place");
  }
  if (game.status !== "playing") sound?.play("end");
}

/* After the board partial was swapped in: pop the squares just placed, play, read out. */
export function swapFeedback(a, pending) {
  const game = readGame(a);
  if (game.event === "move" && !game.error) {
    if (pending) {
      pending.targets.forEach(([r, c]) => {
        const cell = cellAt(r, c);
        if (cell && cell.classList.contains("is-filled")) cell.classList.add("is-placed");
      });
    }
    moveSounds(game);
  }
  const summary = a.querySelector("[data-announce]");
  if (summary && game.event) announce(summary.textContent);
}
