/* Countdowns: <time data-countdown data-target="ISO time" data-done="text"> ticks down once a second
   as h:mm:ss until the target, then shows its data-done text. No inline script; works after htmx swaps. */
(function () {
  "use strict";
  function pad(n) { return (n < 10 ? "0" : "") + n; }
  function tick() {
    var now = Date.now();
    document.querySelectorAll("[data-countdown]").forEach(function (el) {
      var target = Date.parse(el.getAttribute("data-target"));
      if (isNaN(target)) return;
      var left = Math.max(0, Math.floor((target - now) / 1000));
      el.textContent = left > 0
        ? Math.floor(left / 3600) + ":" + pad(Math.floor(left / 60) % 60) + ":" + pad(left % 60)
        : (el.getAttribute("data-done") || "0:00:00");
    });
  }
  function start() { tick(); window.setInterval(tick, 1000); }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
