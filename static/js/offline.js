/*
 * The offline page (templates/pwa/offline.html, shown by the service worker when a
 * page can't be reached). "Try again" reloads. Meanwhile the page asks the server
 * (a HEAD of this address, which the service worker leaves to the network) every few
 * seconds and as soon as the browser says it is online; once the server answers, it
 * reloads: the page is the server's again, with the game where the server has it.
 */
const RETRY_MS = 4000;
let timer = 0;

function reload() {
  window.location.reload();
}

function askServer() {
  window.clearTimeout(timer);
  window
    .fetch(window.location.href, { method: "HEAD", cache: "no-store" })
    .then(reload)
    .catch(() => {
      timer = window.setTimeout(askServer, RETRY_MS);
    });
}

for (const button of document.querySelectorAll("[data-retry]")) {
  button.addEventListener("click", reload);
}
window.addEventListener("online", askServer);
timer = window.setTimeout(askServer, RETRY_MS);
