// The browser's client seed for the fair deal (docs/api.md § Verifiable deal; docs/fair-deal.md).
// Every game the browser starts brings a fresh seed made with crypto.getRandomValues at that moment
// (so the server cannot know it when it commits to its own seed), unless the player typed their own
// in How to play → The fair deal (#client-seed), kept in localStorage. Every new-game form
// (form[data-new-game]) sends it as "client_seed", and a page with no game to resume posts its start
// form (form[data-start-on-load]) at once, so every game the browser starts brings a seed. Every
// commitment the page carries out of sight (the next game's, [data-next-commitment], and the Daily's,
// [data-shown-commitment]) and every client seed sent is remembered (fair/seen.js) for "Was it fair?".
import { rememberShown, rememberUsed } from "./fair/seen.js";

const KEY = "bk-own-client-seed";
const VALID = /^[ -~]{1,64}$/;

function fresh() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/* The player's own seed, or "" for a fresh one with every game. */
function own() {
  let seed = "";
  try {
    seed = localStorage.getItem(KEY) || "";
  } catch {
    /* storage off: a fresh seed with every game */
  }
  return VALID.test(seed) ? seed : "";
}

function saveOwn(seed) {
  try {
    if (seed) localStorage.setItem(KEY, seed);
    else localStorage.removeItem(KEY);
  } catch {
    /* storage off */
  }
}

/* The seed a start sends now. */
function seedForStart() {
  return own() || fresh();
}

function fill(form) {
  let input = form.querySelector('input[name="client_seed"]');
  if (!input) {
    input = document.createElement("input");
    input.type = "hidden";
    input.name = "client_seed";
    form.appendChild(input);
  }
  input.value = seedForStart();
  return input.value;
}

function fillForms(root) {
  for (const form of root.querySelectorAll("form[data-new-game]")) fill(form);
}

function rememberCommitments() {
  document.querySelectorAll("[data-shown-commitment]").forEach((shown) => {
    rememberShown(shown.dataset.shownCommitment);
  });
  document.querySelectorAll("[data-next-commitment]").forEach((source) => {
    rememberShown(source.dataset.nextCommitment);
  });
}

function settings() {
  const field = document.getElementById("client-seed");
  if (!field) return;
  const note = document.getElementById("client-seed-note");
  field.value = own();
  field.addEventListener("change", () => {
    const ok = field.value === "" || VALID.test(field.value);
    field.setAttribute("aria-invalid", ok ? "false" : "true");
    if (note) note.hidden = ok;
    if (ok) saveOwn(field.value);
  });
  const again = document.getElementById("client-seed-new");
  if (again)
    again.addEventListener("click", () => {
      field.value = "";
      saveOwn("");
      field.setAttribute("aria-invalid", "false");
      if (note) note.hidden = true;
    });
}

function refresh(root) {
  fillForms(root);
  rememberCommitments();
}

/* A mode's page with no game to resume (templates/game/start.html): start it at once, with the seed. */
function startOnLoad() {
  document.querySelectorAll("form[data-start-on-load]").forEach((form) => {
    if (form.dataset.started) return;
    form.dataset.started = "1";
    form.requestSubmit();
  });
}

refresh(document);
settings();
document.addEventListener("htmx:load", (event) => refresh(event.target));
document.addEventListener(
  "submit",
  (event) => {
    if (!event.target.matches("form[data-new-game]")) return;
    rememberUsed(fill(event.target));
  },
  true,
);
startOnLoad();
