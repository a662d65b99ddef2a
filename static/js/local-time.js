/* Moments in the player's own time zone: <time datetime="ISO" data-local-time="{time} your time">
   (game/templatetags/local_time.py) gets its text from the browser's clock and zone, in the page's
   language (<html lang>), with the day's name where it has data-weekday (a week's start); the
   server's text (the game calendar's zone) stays where this does not run. Works after htmx swaps. */
const lang = document.documentElement.lang || undefined;
const clock = new Intl.DateTimeFormat(lang, { hour: "numeric", minute: "2-digit" });
const dayAndClock = new Intl.DateTimeFormat(lang, {
  weekday: "long",
  hour: "numeric",
  minute: "2-digit",
});

function localise(root) {
  for (const el of root.querySelectorAll("time[data-local-time]")) {
    const at = Date.parse(el.getAttribute("datetime"));
    if (Number.isNaN(at)) continue;
    const format = "weekday" in el.dataset ? dayAndClock : clock;
    el.textContent = el.dataset.localTime.replace("{time}", format.format(at));
  }
}

localise(document);
document.addEventListener("htmx:afterSwap", () => localise(document));
