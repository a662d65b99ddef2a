/* Countdowns: <time data-countdown data-target="ISO time" data-done="text"> ticks down once a second
   as h:mm:ss until the target, then shows its data-done text (written by the template in the
   page's language). Hours, minutes and seconds are formatted for the page's language
   (<html lang>) with Intl.DurationFormat where the browser has it. No inline script; works
   after htmx swaps. */
const lang = document.documentElement.lang || undefined;
let digital = null;
try {
  if (typeof Intl !== "undefined" && Intl.DurationFormat) {
    digital = new Intl.DurationFormat(lang, { style: "digital", hoursDisplay: "always" });
  }
} catch {
  digital = null;
}

const pad = (n) => String(n).padStart(2, "0");

function format(left) {
  const h = Math.floor(left / 3600);
  const m = Math.floor(left / 60) % 60;
  const s = left % 60;
  if (digital) return digital.format({ hours: h, minutes: m, seconds: s });
  return `${h}:${pad(m)}:${pad(s)}`;
}

function tick() {
  const now = Date.now();
  for (const el of document.querySelectorAll("[data-countdown]")) {
    const target = Date.parse(el.getAttribute("data-target"));
    if (Number.isNaN(target)) continue;
    const left = Math.max(0, Math.floor((target - now) / 1000));
    el.textContent = left > 0 ? format(left) : el.getAttribute("data-done") || format(0);
  }
}

tick();
window.setInterval(tick, 1000);
