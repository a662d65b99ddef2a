/*
 * Installable: register the service worker (/sw.js, blockknock/pwa.py) for the whole
 * site, once the page has loaded. Its URL comes from this script tag's
 * data-service-worker (base.html).
 *
 * Install where the browser offers it (issue 26): the browser's beforeinstallprompt is
 * kept and every [data-install] element (hidden in the page) is shown; a click on a
 * [data-install-button] calls the kept event's prompt(). Nothing shows when the site
 * already runs installed (display-mode: standalone) or once it has been installed.
 */
(function () {
  "use strict";

  var offered = null;

  function showInstall(shown) {
    Array.prototype.forEach.call(document.querySelectorAll("[data-install]"), function (el) {
      el.hidden = !shown;
    });
  }

  window.addEventListener("beforeinstallprompt", function (event) {
    if (window.matchMedia("(display-mode: standalone)").matches) return;
    event.preventDefault();
    offered = event;
    showInstall(true);
  });
  window.addEventListener("appinstalled", function () {
    offered = null;
    showInstall(false);
  });
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-install-button]");
    if (!button || !offered) return;
    var prompt = offered;
    offered = null;
    showInstall(false);
    prompt.prompt();
  });

  var script = document.currentScript;
  if (!("serviceWorker" in navigator) || !script) return;
  var url = script.dataset.serviceWorker;
  window.addEventListener("load", function () {
    navigator.serviceWorker.register(url, { scope: "/" }).catch(function () {
      /* no service worker (private mode, blocked): the site works without one */
    });
  });
})();
