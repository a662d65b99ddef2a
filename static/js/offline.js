/*
 * The offline page (templates/pwa/offline.html, shown by the service worker when a
 * page can't be reached). "Try again" reloads. Meanwhile the page asks the server
 * (a HEAD of this address, which the service worker leaves to the network) every few
 * seconds and as soon as the browser says it is online; once the server answers, it
 * reloads: the page is the server's again, with the game where the server has it.
 */
(function () {
  "use strict";

  var RETRY_MS = 4000;
  var timer = 0;

  function reload() {
    window.location.reload();
  }

  function askServer() {
    window.clearTimeout(timer);
    window
      .fetch(window.location.href, { method: "HEAD", cache: "no-store" })
      .then(reload)
      .catch(function () {
        timer = window.setTimeout(askServer, RETRY_MS);
      });
  }

  document.querySelectorAll("[data-retry]").forEach(function (button) {
    button.addEventListener("click", reload);
  });
  window.addEventListener("online", askServer);
  timer = window.setTimeout(askServer, RETRY_MS);
})();
