/* Countdowns: <time data-countdown data-target="ISO time" data-done="text"> ticks down once a second
   as h:mm:ss until the target, then shows its data-done text (written by the template in the
   page's language). Hours, minutes and seconds are formatted for the page's language
   (<html lang>) with Intl.DurationFormat where the browser has it. No inline script; works
   after htmx swaps. */
(function () {
  "use strict";
  var lang = document.documentElement.lang || undefined;
  var digital = null;
  try {
    if (typeof Intl !== "undefined" && Intl.DurationFormat) {
      digital = new Intl.DurationFormat(lang, { style: "digital", hoursDisplay: "always" });
    }
  } catch (e) {
    digital = null;
  }
  function pad(n) {
    return (n < 10 ? "0" : "") + n;
  }
  function format(left) {
    var h = Math.floor(left / 3600),
      m = Math.floor(left / 60) % 60,
      s = left % 60;
    if (digital) return digital.format({ hours: h, minutes: m, seconds: s });
    return h + ":" + pad(m) + ":" + pad(s);
  }
  function tick() {
    var now = Date.now();
    document.querySelectorAll("[data-countdown]").forEach(function (el) {
      var target = Date.parse(el.getAttribute("data-target"));
      if (isNaN(target)) return;
      var left = Math.max(0, Math.floor((target - now) / 1000));
      el.textContent = left > 0 ? format(left) : el.getAttribute("data-done") || format(0);
    });
  }
  function start() {
    tick();
    window.setInterval(tick, 1000);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
