/*
 * The floating piece of a drag: built the size it has on the board, slid onto its
 * cells while the server answers, or animated back to its slot in the hand.
 */
import { pieceColour, reducedMotion } from "./state.js";

const SNAP_BACK_MS = 400;

function block(cell, geo) {
  const el = document.createElement("i");
  el.style.left = cell[1] * geo.pitch + "px";
  el.style.top = cell[0] * geo.pitch + "px";
  el.style.width = geo.size + "px";
  el.style.height = geo.size + "px";
  return el;
}

/* The floating piece, the size it has on the board. */
export function buildAvatar(piece, geo) {
  const avatar = document.createElement("div");
  avatar.className = "drag-avatar";
  avatar.setAttribute("aria-hidden", "true");
  avatar.dataset.c = piece.button.dataset.c;
  const colour = pieceColour(piece.button);
  if (colour) avatar.style.setProperty("--piece", colour);
  avatar.width = Number(piece.button.dataset.w) * geo.pitch - geo.gap;
  avatar.height = Number(piece.button.dataset.h) * geo.pitch - geo.gap;
  const inner = document.createElement("div");
  inner.className = "drag-shape";
  inner.style.width = avatar.width + "px";
  inner.style.height = avatar.height + "px";
  for (const cell of piece.cells) inner.appendChild(block(cell, geo));
  avatar.appendChild(inner);
  document.body.appendChild(avatar);
  return avatar;
}

/* Put the floating piece exactly on the board cells of the preview pv. */
export function placeAvatar(avatar, pv, geo) {
  const left = geo.left + pv.col * geo.pitch;
  const top = geo.top + pv.row * geo.pitch;
  avatar.style.transform = `translate3d(${left}px,${top}px,0)`;
}

/* Slide the floating piece onto its cells while the server answers. */
export function settleAvatar(avatar, pv, geo) {
  avatar.classList.add("is-settling");
  placeAvatar(avatar, pv, geo);
}

function slotButton(slot) {
  return document.querySelector(`.piece[data-slot="${slot}"]`);
}

/* Animate the floating piece back to its slot in the hand, then drop it. */
export function snapBack(avatar, button) {
  if (!avatar) return;
  const home =
    (button && document.body.contains(button) && button) ||
    (button && slotButton(button.dataset.slot));
  if (reducedMotion.matches || !home) {
    avatar.remove();
    if (home) home.classList.remove("is-dragging", "is-sending");
    return;
  }
  const shape = home.querySelector(".shape").getBoundingClientRect();
  const scale = shape.width / avatar.width;
  avatar.classList.remove("is-settling", "is-over");
  avatar.classList.add("is-returning");
  avatar.style.transform = `translate3d(${shape.left}px,${shape.top}px,0) scale(${scale})`;
  const done = () => {
    avatar.remove();
    const current = slotButton(home.dataset.slot);
    if (current) current.classList.remove("is-dragging", "is-sending");
  };
  avatar.addEventListener("transitionend", done, { once: true });
  window.setTimeout(done, SNAP_BACK_MS);
}
