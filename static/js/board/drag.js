/*
 * Drag and drop with pointer events (mouse, touch, pen), one pointer at a time.
 * A press becomes a drag after a small move threshold; the floating piece then
 * follows the pointer in requestAnimationFrame. On touch it floats above the
 * finger (touchLift). The anchor (the piece's top-left) is the board cell under the
 * floating piece's top-left square; with the pointer over the tray there is none: a
 * drag brought back there returns the piece, however close the tray is under the
 * board (a short phone's is a few pixels below it). The next
 * piece can be picked up while the server has not yet confirmed the last (sync.js).
 * A press that never moves is a click (selection.js).
 */

import { buildAvatar, placeAvatar, snapBack } from "./avatar.js";
import { nope, tell } from "./feedback.js";
import { clearPreview, preview, setGhostColour, showPreview } from "./preview.js";
import { deselect } from "./selection.js";
import { area, cellAt, isPlaying, isStuck, pieceFor, SIZE, state, strings } from "./state.js";
import { sendMove } from "./sync.js";

const DRAG_THRESHOLD = 6; // px before a press becomes a drag
const TOUCH_LIFT = 1.4; // cells between the finger and the floating piece, at most
const FINGER_EDGE = 2; // px: the lowest a finger reaches is this far above the window's bottom
const CLICK_AFTER_DRAG_MS = 400;

function onPointerDown(event) {
  state.ignoreClick = false; // a new press: a click still to come is its own, not the last drag's
  const button = event.target.closest(".piece[data-slot]");
  if (!button || button.disabled || isStuck(button)) return; // a stuck piece: the click says why (selection.js)
  if (state.drag || !isPlaying()) return; // one pointer at a time
  if (event.pointerType === "mouse" && event.button !== 0) return;
  state.lastInput = "pointer";
  state.drag = {
    id: event.pointerId,
    type: event.pointerType,
    button,
    x0: event.clientX,
    y0: event.clientY,
    x: event.clientX,
    y: event.clientY,
    started: false,
    frame: 0,
    anchor: null,
  };
  try {
    button.setPointerCapture(event.pointerId);
  } catch (_err) {
    /* capture is a nicety */
  }
}

function onPointerMove(event) {
  const drag = state.drag;
  if (!drag || event.pointerId !== drag.id) return;
  drag.x = event.clientX;
  drag.y = event.clientY;
  if (!drag.started) {
    if (Math.hypot(drag.x - drag.x0, drag.y - drag.y0) < DRAG_THRESHOLD) return;
    startDrag(drag);
  }
  event.preventDefault();
  if (!drag.frame) drag.frame = window.requestAnimationFrame(() => dragFrame(drag));
}

/*
 * Board geometry in viewport pixels: origin of cell (0, 0), pitch between cells, cell size,
 * the board's last pixel row; the tray's box; and `reach`, the lowest a finger goes on its
 * way to the bottom row: the window's bottom, or just above the tray where it is under the
 * board (not beside it).
 */
function geometry() {
  const first = cellAt(0, 0).getBoundingClientRect();
  const last = cellAt(SIZE - 1, SIZE - 1).getBoundingClientRect();
  const pitch = (last.left - first.left) / (SIZE - 1);
  const tray = area().querySelector(".hand").getBoundingClientRect();
  const under = tray.left < last.right && tray.right > first.left && tray.top >= last.top;
  return {
    left: first.left,
    top: first.top,
    pitch,
    size: first.width,
    gap: pitch - first.width,
    bottom: last.bottom,
    tray,
    reach: under ? tray.top - 1 : window.innerHeight - FINGER_EDGE,
  };
}

function overTray(drag) {
  const tray = drag.geo.tray;
  return drag.x >= tray.left && drag.x <= tray.right && drag.y >= tray.top && drag.y <= tray.bottom;
}

function startDrag(drag) {
  deselect();
  drag.piece = pieceFor(drag.button);
  drag.geo = geometry();
  drag.started = true;
  drag.avatar = buildAvatar(drag.piece, drag.geo);
  const shape = drag.button.querySelector(".shape").getBoundingClientRect();
  if (drag.type === "mouse") {
    // keep the grabbed point of the piece under the pointer
    drag.offX = Math.min(1, Math.max(0, (drag.x0 - shape.left) / shape.width)) * drag.avatar.width;
    drag.offY = Math.min(1, Math.max(0, (drag.y0 - shape.top) / shape.height)) * drag.avatar.height;
  } else {
    // float the piece above the finger so it stays visible
    drag.offX = drag.avatar.width / 2;
    drag.lifted = true;
  }
  drag.button.classList.add("is-dragging");
  area().classList.add("is-dragging");
  setGhostColour(drag.button);
  positionAvatar(drag);
}

/*
 * The lift above the finger at its height y: 1.4 cells, easing off (1 px for each px the
 * finger comes down) over the way to its reach, down to what leaves the piece's lowest
 * square on the bottom row's lower edge there, and holding that over the last cell's height
 * of the way: the finger brings a piece to the bottom row anywhere in a band a cell tall
 * above the tray, never over it, and over the tray the piece is never on the board
 * (overTray). (Eased off to the most that still lands on the bottom row only at the reach,
 * the band was 2 px: a player's drops meant for the bottom row landed one row up.)
 */
function touchLift(geo, y) {
  const full = TOUCH_LIFT * geo.pitch;
  const low = Math.max(0, Math.min(full, geo.reach - geo.bottom - geo.gap / 2 + 1 - geo.size / 2));
  return Math.min(full, low + Math.max(0, geo.reach - geo.pitch - y));
}

function positionAvatar(drag) {
  const offY = drag.lifted ? drag.avatar.height + touchLift(drag.geo, drag.y) : drag.offY;
  drag.left = drag.x - drag.offX;
  drag.top = drag.y - offY;
  drag.avatar.style.transform = `translate3d(${drag.left}px,${drag.top}px,0)`;
}

function dragFrame(drag) {
  if (!drag.started) return;
  drag.frame = 0;
  positionAvatar(drag);
  const geo = drag.geo;
  // the cell under the centre of the floating piece's top-left square
  const col = Math.floor((drag.left + geo.size / 2 - geo.left + geo.gap / 2) / geo.pitch);
  const row = Math.floor((drag.top + geo.size / 2 - geo.top + geo.gap / 2) / geo.pitch);
  const onBoard = row >= 0 && row < SIZE && col >= 0 && col < SIZE && !overTray(drag);
  const pv = onBoard ? preview(drag.piece, row, col) : null;
  drag.onBoard = onBoard;
  drag.anchor = pv?.fits ? pv : null;
  drag.avatar.classList.toggle("is-over", !!drag.anchor);
  // over a cell where it fits, drawn exactly on the outlined landing cells: the free
  // position is off by up to half a cell (a piece two cells wide, centred over the
  // finger, has its edge on a cell's middle)
  if (drag.anchor) placeAvatar(drag.avatar, drag.anchor, geo);
  showPreview(pv, true); // over the board where it does not fit: its cells in red, as a tap shows them
}

function onPointerUp(event) {
  const drag = state.drag;
  if (!drag || event.pointerId !== drag.id) return;
  state.drag = null;
  if (drag.frame) window.cancelAnimationFrame(drag.frame);
  if (!drag.started) return; // a click: selection.js selects the piece
  state.ignoreClick = true;
  window.setTimeout(() => {
    state.ignoreClick = false;
  }, CLICK_AFTER_DRAG_MS);
  area().classList.remove("is-dragging");
  const dropped = event.type === "pointerup";
  if (dropped) {
    drag.x = event.clientX;
    drag.y = event.clientY;
    dragFrame(drag); // the final position decides the anchor
  }
  if (dropped && drag.anchor && isPlaying()) {
    drag.button.classList.remove("is-dragging");
    sendMove(pieceFor(drag.button), drag.anchor, drag.avatar); // its button may be the redrawn hand's
    return;
  }
  clearPreview();
  drag.button.classList.remove("is-dragging");
  snapBack(drag.avatar, drag.button);
  if (!dropped) return;
  nope(null);
  if (drag.onBoard && !drag.anchor) tell(strings("noFit")); // dropped on the board where it does not fit (not back on the tray)
}

export function listen() {
  document.addEventListener("pointerdown", onPointerDown);
  document.addEventListener("pointermove", onPointerMove, { passive: false });
  document.addEventListener("pointerup", onPointerUp);
  document.addEventListener("pointercancel", onPointerUp);
}
