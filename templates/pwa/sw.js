{% autoescape off %}/*
 * Block Knock! service worker, served at /sw.js by blockknock/pwa.py (scope: the whole site).
 *
 * - Static files: cached on install (STATIC_CACHE, named by VERSION, which changes with
 *   the static files) and answered from that cache; older caches are deleted on activate.
 * - Pages (navigations): always from the server. When the network fails, the offline
 *   page in the player's language (the language of the last page the server sent,
 *   its Content-Language; else the browser's).
 * - Everything else (moves, the board, the API, the looks stylesheet): the server's
 *   answer only. Nothing is played or queued offline.
 */
const VERSION = {{ version }};
const PRECACHE = {{ precache }};
const STATIC_URL = {{ static_url }};
const OFFLINE_PAGES = {{ offline }};
const DEFAULT_LANGUAGE = {{ default_language }};
const STATIC_CACHE = "blockknock-static-" + VERSION;
const OFFLINE_CACHE = "blockknock-offline-" + VERSION;
const PREFERENCES_CACHE = "blockknock-preferences";
const LANGUAGE_KEY = "/offline/language";

self.addEventListener("install", (event) => {
  event.waitUntil(
    (async () => {
      await (await caches.open(STATIC_CACHE)).addAll(PRECACHE);
      await (await caches.open(OFFLINE_CACHE)).addAll(Object.values(OFFLINE_PAGES));
      await self.skipWaiting();
    })()
  );
});

self.addEventListener("activate", (event) => {
  event.waitUntil(
    (async () => {
      const keep = [STATIC_CACHE, OFFLINE_CACHE, PREFERENCES_CACHE];
      const names = await caches.keys();
      await Promise.all(names.filter((name) => name.startsWith("blockknock-") && !keep.includes(name)).map((name) => caches.delete(name)));
      await self.clients.claim();
    })()
  );
});

function rememberLanguage(language) {
  return caches.open(PREFERENCES_CACHE).then((cache) => cache.put(LANGUAGE_KEY, new Response(language)));
}

function browserLanguage() {
  const asked = (self.navigator.language || "").toLowerCase();
  return Object.keys(OFFLINE_PAGES).find((code) => asked.startsWith(code.split("-")[0])) || DEFAULT_LANGUAGE;
}

async function playerLanguage() {
  const remembered = await caches.match(LANGUAGE_KEY, { cacheName: PREFERENCES_CACHE });
  const language = remembered ? await remembered.text() : "";
  return language in OFFLINE_PAGES ? language : browserLanguage();
}

async function offlinePage() {
  const page = await caches.match(OFFLINE_PAGES[await playerLanguage()], { cacheName: OFFLINE_CACHE });
  return page || new Response("Offline", { status: 503, headers: { "Content-Type": "text/plain; charset=utf-8" } });
}

async function navigate(event) {
  try {
    const response = await fetch(event.request);
    const language = response.headers.get("Content-Language");
    if (language && language in OFFLINE_PAGES) event.waitUntil(rememberLanguage(language));
    return response;
  } catch (err) {
    return offlinePage();
  }
}

async function staticFile(request) {
  return (await caches.match(request, { cacheName: STATIC_CACHE })) || fetch(request);
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET") return; // moves and every other write: straight to the server
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (request.mode === "navigate") event.respondWith(navigate(event));
  else if (url.pathname.startsWith(STATIC_URL)) event.respondWith(staticFile(request));
});
{% endautoescape %}
