/*
 * Installable: register the service worker (/sw.js, blockknock/pwa.py) for the whole
 * site, once the page has loaded. Its URL comes from the data-service-worker of this
 * module's script tag (base.html).
 */
const script = document.querySelector("script[data-service-worker]");

if ("serviceWorker" in navigator && script) {
  const url = script.dataset.serviceWorker;
  window.addEventListener("load", () => {
    navigator.serviceWorker.register(url, { scope: "/" }).catch(() => {
      /* no service worker (private mode, blocked): the site works without one */
    });
  });
}
