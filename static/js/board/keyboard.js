/*
 * The keyboard: Tab to a piece, Enter or Space selects it and moves focus to the
 * board; the arrows move over the board (a roving tabindex), Home/End go to the
 * row's ends (with Ctrl: the board's corners), Enter or Space places, Escape
 * cancels; the focused cell previews.
 */

import { announce } from "../live.js";
import { focusCell, setRoving } from "./focus.js";
import { preview, showPreview } from "./preview.js";
import { deselect, placeAt } from "./selection.js";
import { board, SIZE, state, strings } from "./state.js";

function onBoardKey(event) {
  const cell = event.target.closest(".cell");
  if (!cell) return;
  const row = Number(cell.dataset.row);
  const col = Number(cell.dataset.col);
  const moves = {
    ArrowUp: [row - 1, col],
    ArrowDown: [row + 1, col],
    ArrowLeft: [row, col - 1],
    ArrowRight: [row, col + 1],
    Home: event.ctrlKey ? [0, 0] : [row, 0],
    End: event.ctrlKey ? [SIZE - 1, SIZE - 1] : [row, SIZE - 1],
  };
  if (moves[event.key]) {
    event.preventDefault();
    focusCell(...moves[event.key]);
  } else if (event.key === "Enter" || event.key === " ") {
    event.preventDefault();
    if (!event.repeat) placeAt(row, col);
  }
}

/* Escape drops the selection (not while a dialog is open); focus goes back to the piece. */
function cancel() {
  const button = state.selected.button;
  const inBoard = board() && board().contains(document.activeElement);
  deselect();
  announce(strings("cancelled"));
  if (inBoard && document.body.contains(button)) button.focus();
}

function onKeyDown(event) {
  state.lastInput = "keyboard";
  if (event.key === "Escape" && state.selected && !document.querySelector("dialog[open]")) {
    cancel();
    return;
  }
  if (board() && board().contains(event.target)) onBoardKey(event);
}

function onFocusIn(event) {
  const cell = event.target.closest && event.target.closest("#board .cell");
  if (!cell) return;
  const row = Number(cell.dataset.row);
  const col = Number(cell.dataset.col);
  setRoving(row, col);
  if (state.selected && !state.inFlight) showPreview(preview(state.selected, row, col), true);
}

export function listen() {
  document.addEventListener("keydown", onKeyDown, true);
  document.addEventListener(
    "pointerdown",
    () => {
      state.lastInput = "pointer";
    },
    true,
  );
  document.addEventListener("focusin", onFocusIn);
}
