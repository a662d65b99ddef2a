/*
 * Vibration where the browser has it (navigator.vibrate), and its switch in
 * Settings, remembered in this browser like the sound toggle (localStorage); on
 * until the player turns it off. Switches: any <input type="checkbox"
 * data-vibrate-toggle> (checked = on). The board's feedback (board/feedback.js)
 * imports vibrate(); the Settings page loads this module for its switch.
 */
const STORAGE_KEY = "blockknock:vibrate";

export function isVibrationOn() {
  try {
    return window.localStorage.getItem(STORAGE_KEY) !== "0";
  } catch (_err) {
    return true;
  }
}

function setVibrationOn(on) {
  try {
    window.localStorage.setItem(STORAGE_KEY, on ? "1" : "0");
  } catch (_err) {
    /* storage blocked: the switch still works for this page */
  }
  sync();
}

/* A buzz of the phone (ms, or a pattern of on/off ms), unless switched off or not supported. */
export function vibrate(pattern) {
  if (!isVibrationOn() || typeof navigator.vibrate !== "function") return;
  try {
    navigator.vibrate(pattern);
  } catch (_err) {
    /* not allowed (no user gesture yet): fine */
  }
}

function sync() {
  const on = isVibrationOn();
  document.querySelectorAll("input[type=checkbox][data-vibrate-toggle]").forEach((box) => {
    box.checked = on;
  });
}

document.addEventListener("change", (event) => {
  const box = event.target;
  if (box.matches?.("input[type=checkbox][data-vibrate-toggle]")) {
    setVibrationOn(box.checked);
    if (box.checked) vibrate(20);
  }
});
window.addEventListener("storage", (event) => {
  if (event.key === STORAGE_KEY) sync();
});
sync();
