/*
 * The offline page (templates/pwa/offline.html, shown by the service worker when a
 * page can't be reached): "Try again" reloads, and so does the connection coming back.
 * The reloaded page is the server's, with the game where the server has it.
 */
(function () {
  "use strict";

  function retry() {
    window.location.reload();
  }
  document.querySelectorAll("[data-retry]").forEach(function (button) {
    button.addEventListener("click", retry);
  });
  window.addEventListener("online", retry);
})();
