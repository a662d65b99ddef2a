/*
 * What this browser saw before its games began (localStorage), so "Was it fair?" can say
 * more than "the seed matches the commitment": that the commitment is one the site showed
 * here before the game (the server could not have swapped it afterwards), and that the client
 * seed is one this browser made or was given. Newest first, at most LIMIT of each.
 */
const SHOWN = "bk-shown-commitments";
const USED = "bk-used-client-seeds";
const LIMIT = 200;

function read(key) {
  try {
    const list = JSON.parse(localStorage.getItem(key) || "[]");
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}

function remember(key, value) {
  if (!value) return;
  const list = [value, ...read(key).filter((item) => item !== value)].slice(0, LIMIT);
  try {
    localStorage.setItem(key, JSON.stringify(list));
  } catch {
    /* storage off: nothing kept */
  }
}

/* A commitment of a next game, as the page showed it. */
export const rememberShown = (commitment) => remember(SHOWN, commitment);
/* A client seed a new-game form sent. */
export const rememberUsed = (seed) => remember(USED, seed);
export const wasShown = (commitment) => read(SHOWN).includes(commitment);
export const wasUsed = (seed) => read(USED).includes(seed);
