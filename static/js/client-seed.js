// The browser's client seed for the fair deal (API.md § Verifiable deal; docs/fair-deal.md).
// Made once with crypto.getRandomValues and kept in localStorage; every new-game form
// (form[data-new-game]) sends it as "client_seed". Settings → Fair deal shows it and lets the
// player change it (#client-seed). The latest commitment seen on the page
// ([data-next-commitment]) is copied into every [data-commitment-slot] (the new-game dialog),
// and every commitment shown (those and the Daily's, [data-shown-commitment]) and client seed sent is remembered (fair/seen.js) for "Was it fair?".
import { rememberShown, rememberUsed } from "./fair/seen.js";

const KEY = "bk-client-seed";
const VALID = /^[ -~]{1,64}$/;

function fresh() {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

function stored() {
  let seed = null;
  try {
    seed = localStorage.getItem(KEY);
  } catch (_e) {
    /* storage off: a fresh seed per page */
  }
  return seed && VALID.test(seed) ? seed : save(fresh());
}

function save(seed) {
  try {
    localStorage.setItem(KEY, seed);
  } catch (_e) {
    /* storage off */
  }
  return seed;
}

function fillForms(root) {
  const seed = stored();
  root.querySelectorAll("form[data-new-game]").forEach((form) => {
    let input = form.querySelector('input[name="client_seed"]');
    if (!input) {
      input = document.createElement("input");
      input.type = "hidden";
      input.name = "client_seed";
      form.appendChild(input);
    }
    input.value = seed;
  });
}

function fillCommitment() {
  for (const shown of document.querySelectorAll("[data-shown-commitment]")) {
    rememberShown(shown.dataset.shownCommitment);
  }
  const sources = document.querySelectorAll("[data-next-commitment]");
  if (!sources.length) return;
  for (const source of sources) rememberShown(source.dataset.nextCommitment);
  const latest = sources[sources.length - 1].dataset.nextCommitment;
  document.querySelectorAll("[data-commitment-slot]").forEach((slot) => {
    slot.textContent = latest;
  });
}

function settings() {
  const field = document.getElementById("client-seed");
  if (!field) return;
  const note = document.getElementById("client-seed-note");
  field.value = stored();
  field.addEventListener("change", () => {
    const ok = VALID.test(field.value);
    field.setAttribute("aria-invalid", ok ? "false" : "true");
    if (note) note.hidden = ok;
    if (ok) save(field.value);
  });
  const again = document.getElementById("client-seed-new");
  if (again)
    again.addEventListener("click", () => {
      field.value = save(fresh());
      field.setAttribute("aria-invalid", "false");
      if (note) note.hidden = true;
    });
}

function refresh(root) {
  fillForms(root);
  fillCommitment();
}

refresh(document);
settings();
document.addEventListener("htmx:load", (event) => refresh(event.target));
document.addEventListener(
  "submit",
  (event) => {
    if (!event.target.matches("form[data-new-game]")) return;
    fillForms(event.target.parentNode || document);
    rememberUsed(stored());
  },
  true,
);
