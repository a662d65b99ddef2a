/*
 * Block Knock! sounds: short tones generated with Web Audio in the page (no audio
 * files), and the mute toggle, remembered in localStorage.
 *
 * An ES module: play(name, arg), isMuted(), setMuted(bool), sync(). base.html loads it
 * on every page (the mute toggles); the board's feedback imports it.
 * Sounds: "place", "clear" (arg: lines), "combo" (arg: combo), "empty" (the board
 * emptied), "nope", "end". Each sound asked for is also told to the page as a
 * "blockknock:sound" event on document ({detail: {name, arg}}), muted or not.
 * Mute controls: any <button data-mute-toggle> (aria-pressed = muted) and any
 * <input type="checkbox" data-mute-toggle> (checked = muted), on every page.
 */

const STORAGE_KEY = "blockknock:muted";
let ctx = null;
let master = null;

export function isMuted() {
  try {
    return window.localStorage.getItem(STORAGE_KEY) === "1";
  } catch (_err) {
    return false;
  }
}

export function setMuted(muted) {
  try {
    window.localStorage.setItem(STORAGE_KEY, muted ? "1" : "0");
  } catch (_err) {
    /* storage blocked: the toggle still works for this page */
  }
  document.documentElement.toggleAttribute("data-muted", muted);
  sync();
}

export function sync() {
  const muted = isMuted();
  document.documentElement.toggleAttribute("data-muted", muted);
  document.querySelectorAll("[data-mute-toggle]").forEach((el) => {
    if (el.type === "checkbox") {
      el.checked = muted;
    } else {
      el.setAttribute("aria-pressed", muted ? "true" : "false");
    }
  });
}

function audio() {
  if (isMuted()) return null;
  const AudioCtx = window.AudioContext || window.webkitAudioContext;
  if (!AudioCtx) return null;
  if (!ctx) {
    try {
      ctx = new AudioCtx();
    } catch (_err) {
      return null;
    }
    master = ctx.createGain();
    master.gain.value = 0.55;
    master.connect(ctx.destination);
  }
  if (ctx.state === "suspended") ctx.resume();
  return ctx;
}

/* One enveloped oscillator note. */
function tone(freq, start, duration, opts) {
  const ac = audio();
  if (!ac) return;
  opts = opts || {};
  const t0 = ac.currentTime + 0.01 + start;
  const osc = ac.createOscillator();
  const gain = ac.createGain();
  osc.type = opts.type || "sine";
  osc.frequency.setValueAtTime(freq, t0);
  if (opts.to) osc.frequency.exponentialRampToValueAtTime(opts.to, t0 + duration);
  gain.gain.setValueAtTime(0.0001, t0);
  gain.gain.exponentialRampToValueAtTime(opts.gain || 0.2, t0 + (opts.attack || 0.006));
  gain.gain.exponentialRampToValueAtTime(0.0001, t0 + duration);
  osc.connect(gain);
  gain.connect(master);
  osc.start(t0);
  osc.stop(t0 + duration + 0.03);
}

const SOUNDS = {
  /* a soft wooden knock */
  place: () => {
    tone(260, 0, 0.11, { type: "triangle", gain: 0.32, to: 120 });
    tone(1250, 0, 0.035, { type: "sine", gain: 0.05 });
  },
  /* a bright rising chime, one note more for each extra line (up to four) */
  clear: (lines) => {
    const notes = [523.25, 659.25, 783.99, 1046.5];
    const count = Math.min(notes.length, 1 + Math.max(1, lines || 1));
    for (let i = 0; i < count; i++) {
      tone(notes[i], i * 0.055, 0.32, { type: "sine", gain: 0.16 });
      tone(notes[i] * 2, i * 0.055, 0.12, { type: "sine", gain: 0.03 });
    }
  },
  /* a sweep that climbs higher as the combo grows */
  combo: (level) => {
    const base = 392 * 2 ** (Math.min(level || 1, 12) / 12);
    tone(base, 0.2, 0.3, { type: "triangle", gain: 0.11, to: base * 2 });
    tone(base * 1.5, 0.26, 0.26, { type: "sine", gain: 0.07, to: base * 3 });
  },
  /* the board emptied: a fast sparkling run up two octaves over a warm chord */
  empty: () => {
    const run = [523.25, 659.25, 783.99, 1046.5, 1318.5, 1568, 2093];
    for (let i = 0; i < run.length; i++) {
      tone(run[i], 0.35 + i * 0.045, 0.22, { type: "triangle", gain: 0.08 });
    }
    tone(261.63, 0.35, 0.8, { type: "sine", gain: 0.1 });
    tone(392, 0.35, 0.8, { type: "sine", gain: 0.07 });
  },
  /* a short low buzz: that does not fit */
  nope: () => {
    tone(150, 0, 0.14, { type: "square", gain: 0.035, to: 110 });
  },
  /* game over: a gentle falling pair */
  end: () => {
    tone(392, 0, 0.3, { type: "sine", gain: 0.14 });
    tone(293.66, 0.22, 0.45, { type: "sine", gain: 0.14 });
  },
};

export function play(name, arg) {
  document.dispatchEvent(new CustomEvent("blockknock:sound", { detail: { name, arg } }));
  if (isMuted() || !SOUNDS[name]) return;
  try {
    SOUNDS[name](arg);
  } catch (_err) {
    /* sound is decoration: never break the game for it */
  }
}

document.addEventListener("click", (event) => {
  const button = event.target.closest("button[data-mute-toggle]");
  if (!button) return;
  setMuted(!isMuted());
  if (!isMuted()) play("place");
});

document.addEventListener("change", (event) => {
  const box = event.target;
  if (box.matches?.("input[type=checkbox][data-mute-toggle]")) setMuted(box.checked);
});

/* Browsers start audio only after a user gesture: wake the context on the first one. */
function unlock() {
  audio();
  document.removeEventListener("pointerdown", unlock, true);
  document.removeEventListener("keydown", unlock, true);
}
document.addEventListener("pointerdown", unlock, true);
document.addEventListener("keydown", unlock, true);

window.addEventListener("storage", (event) => {
  if (event.key === STORAGE_KEY) sync();
});
document.addEventListener("htmx:afterSettle", sync);

sync();
