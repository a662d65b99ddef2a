/*
 * Installable: register the service worker (/sw.js, blockknock/pwa.py) for the whole
 * site, once the page has loaded. Its URL comes from this script tag's
 * data-service-worker (base.html).
 */
(function () {
  "use strict";

  var script = document.currentScript;
  if (!("serviceWorker" in navigator) || !script) return;
  var url = script.dataset.serviceWorker;
  window.addEventListener("load", function () {
    navigator.serviceWorker.register(url, { scope: "/" }).catch(function () {
      /* no service worker (private mode, blocked): the site works without one */
    });
  });
})();
