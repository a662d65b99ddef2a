/*
 * Installable: register the service worker (/sw.js, blockknock/pwa.py) for the whole
 * site, once the page has loaded. Its URL comes from the data-service-worker of this
 * module's script tag (base.html).
 *
 * Install where the browser offers it: the browser's beforeinstallprompt is
 * kept and every [data-install] element (hidden in the page) is shown; a click on a
 * [data-install-button] calls the kept event's prompt(). Nothing shows when the site
 * already runs installed (display-mode: standalone) or once it has been installed.
 */
const script = document.querySelector("script[data-service-worker]");
let offered = null;

function showInstall(shown) {
  for (const el of document.querySelectorAll("[data-install]")) el.hidden = !shown;
}

window.addEventListener("beforeinstallprompt", (event) => {
  if (window.matchMedia("(display-mode: standalone)").matches) return;
  event.preventDefault();
  offered = event;
  showInstall(true);
});
window.addEventListener("appinstalled", () => {
  offered = null;
  showInstall(false);
});
document.addEventListener("click", (event) => {
  const button = event.target.closest?.("[data-install-button]");
  if (!button || !offered) return;
  const prompt = offered;
  offered = null;
  showInstall(false);
  prompt.prompt();
});

if ("serviceWorker" in navigator && script) {
  const url = script.dataset.serviceWorker;
  window.addEventListener("load", () => {
    navigator.serviceWorker.register(url, { scope: "/" }).catch(() => {
      /* no service worker (private mode, blocked): the site works without one */
    });
  });
}
