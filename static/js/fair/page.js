/*
 * "Was it fair?" (templates/game/fairness.html): the browser checks every hand of the
 * finished game itself. It loads the public replay (data-replay-url, docs/api.md `Replay`), the published
 * dealer cut-overs (data-dealers-url, GET /api/dealers/), for a challenge the published ladder
 * (data-ladder-url, GET /api/challenges/) and for a Daily its day's published entry (data-dailies-url
 * followed by the replay's day, GET /api/dailies/{day}/), recomputes every hand from
 * the revealed seeds with verify.js, by the rules of the game's version (#bk-rulesets: every
 * version's numbers, Ruleset.as_json by version), and writes
 *
 *   - the seeds it checked into [data-fair-seed="commitment|server_seed|client_seed"], and into
 *     [data-fair-seen] whether this browser saw the commitment and sent the client seed (seen.js),
 *   - the summary into [data-fair-summary] and the hands that do not match into [data-fair-failures],
 *   - how the moves end the game (won, declined by No thanks, stuck, ended by the site) into [data-fair-ending],
 *   - each hand's verdict into its section's [data-fair-verdict] (sections [data-deal="k"]
 *     of this page; data-hands-per-page pages the rest).
 *
 * The server's word is not taken for anything but the replay's data.
 */

import { readRulesJson, Unverifiable } from "../rules/rules.js";
import { wordsOf } from "../words.js";
import { wasShown, wasUsed } from "./seen.js";
import { verifyReplay } from "./verify.js";
import { describe, handReasons } from "./words.js";

const root = document.querySelector("[data-fair-check]");
if (root) check(root, wordsOf(root));

async function load(url) {
  const answer = await fetch(url, { headers: { Accept: "application/json" } });
  if (!answer.ok) throw new Error(`HTTP ${answer.status}`);
  return answer.json();
}

/* The published entry of the Daily of `day`, as a list: [] where the site answers 404 (no Daily that day). */
async function loadDaily(url, day) {
  const answer = await fetch(`${url}${encodeURIComponent(day)}/`, {
    headers: { Accept: "application/json" },
  });
  if (answer.status === 404) return [];
  if (!answer.ok) throw new Error(`HTTP ${answer.status}`);
  return [await answer.json()];
}

async function check(rootEl, t) {
  let replay;
  let ladder = null;
  let dealers;
  let dailies = null;
  try {
    [replay, dealers] = await Promise.all([
      load(rootEl.dataset.replayUrl),
      load(rootEl.dataset.dealersUrl),
    ]);
    // a challenge is held to the published ladder, a Daily to its day's entry, not to their own replay
    if (replay.game?.mode === "challenge") ladder = await load(rootEl.dataset.ladderUrl);
    if (replay.game?.mode === "daily")
      dailies = await loadDaily(rootEl.dataset.dailiesUrl, String(replay.game.day));
  } catch {
    return finish(rootEl, "error", t("load-error"));
  }
  if (!globalThis.crypto?.subtle) return finish(rootEl, "unverifiable", t("no-crypto"));
  showSeeds(rootEl, replay.game?.fair, t);
  showSeen(rootEl, replay.game?.fair, t);
  let report;
  try {
    const rulesets = readRulesJson(document, "bk-rulesets");
    report = await verifyReplay(replay, rulesets, ladder, dealers, dailies);
  } catch (error) {
    const code = error instanceof Unverifiable ? error.code : "malformed";
    const fair = replay.game?.fair;
    const text = t(`cannot-${code.replace(/_/g, "-")}`, {
      dealer: fair?.dealer,
      rules: fair?.rules,
    });
    return finish(rootEl, code === "no_fair" ? "unverified" : "unverifiable", text);
  }
  showVerdicts(report, t);
  showSummary(rootEl, report, t);
  showEnding(rootEl, report.ending, t);
}

/* How the moves end the game: a declined game (No thanks) reads apart from one that ran out of moves. */
function showEnding(rootEl, end, t) {
  if (end === null) return; // a game dealt before verifiable deals: no moves were replayed
  const el = rootEl.querySelector("[data-fair-ending]");
  el.textContent = t(`ending-${end.kind}`, { step: end.step });
  el.dataset.ending = end.kind;
  el.hidden = false;
}

function finish(rootEl, outcome, text) {
  rootEl.dataset.outcome = outcome;
  rootEl.querySelector("[data-fair-summary]").textContent = text;
}

function showSeeds(rootEl, fair, t) {
  const seeds = rootEl.querySelector("[data-fair-seeds]");
  if (!fair) return;
  for (const field of ["commitment", "server_seed", "client_seed"]) {
    const value = fair[field];
    seeds.querySelector(`[data-fair-seed="${field}"]`).textContent =
      value === null || value === undefined ? t(`no-${field.replace(/_/g, "-")}`) : value;
  }
  seeds.hidden = false;
}

/* What this browser remembers of the game's start: the commitment shown, the client seed sent. */
function showSeen(rootEl, fair, t) {
  if (!fair?.commitment) return;
  const list = rootEl.querySelector("[data-fair-seen]");
  const seen = wasShown(fair.commitment);
  list.append(seenLine(seen, t(seen ? "seen-commitment" : "unseen-commitment"), "commitment"));
  if (fair.client_seed && fair.client_seed_by === "player") {
    // a seed the server chose was never this browser's to send: no line that reads like a warning
    const used = wasUsed(fair.client_seed);
    list.append(seenLine(used, t(used ? "used-client-seed" : "unused-client-seed"), "client-seed"));
  }
  list.hidden = false;
}

function seenLine(ok, text, what) {
  const item = line(text);
  item.className = ok ? "fair-seen--yes" : "fair-seen--unknown";
  item.dataset.seen = `${what}:${ok ? "yes" : "unknown"}`;
  return item;
}

function showVerdicts(report, t) {
  for (const hand of report.hands) {
    const verdict = document.querySelector(`[data-deal="${hand.k}"] [data-fair-verdict]`);
    if (!verdict) continue;
    verdict.replaceChildren();
    const ok = handReasons(hand, t).length === 0;
    verdict.classList.add(ok ? "fair-verdict--ok" : "fair-verdict--failed");
    const head = document.createElement("strong");
    head.className = "fair-verdict-head";
    head.textContent = ok ? t("verified") : t("failed");
    verdict.append(head);
    verdict.append(ok ? detail(t("verified-detail")) : reasons(hand, t));
    verdict.hidden = false;
  }
}

function detail(text) {
  const span = document.createElement("span");
  span.className = "fair-verdict-detail";
  span.textContent = ` ${text}`;
  return span;
}

function reasons(hand, t) {
  const list = document.createElement("ul");
  list.className = "fair-reasons";
  for (const text of handReasons(hand, t)) {
    const item = document.createElement("li");
    item.textContent = text;
    list.append(item);
  }
  return list;
}

function showSummary(rootEl, report, t) {
  const numbers = new Intl.NumberFormat(document.documentElement.lang || undefined);
  const failed = report.hands.filter((hand) => handReasons(hand, t).length);
  const total = numbers.format(report.hands.length);
  const failures = rootEl.querySelector("[data-fair-failures]");
  failures.replaceChildren();
  for (const problem of report.problems) failures.append(line(describe(problem, t)));
  for (const hand of failed) failures.append(failedHand(rootEl, hand, t, numbers));
  failures.hidden = !failures.children.length;
  // A hand that does not match is what the player came for: its proof unfolds (the verdict says which).
  const hands = document.querySelector("[data-fair-hands]");
  if (hands && failed.length) hands.open = true;
  if (!failed.length && !report.problems.length) {
    finish(rootEl, "verified", t("summary-verified", { total }));
  } else {
    const dealer = report.problems.some((problem) => problem.code.startsWith("dealer_"));
    const daily = report.problems.some((problem) => problem.code.startsWith("daily_"));
    let key = failed.length ? "summary-failed" : "summary-failed-game";
    if (dealer && !failed.length) key = "summary-failed-dealer"; // the dealer failed, not the moves
    if (daily && !failed.length) key = "summary-failed-daily"; // the day's seed failed, not the moves
    finish(rootEl, "failed", t(key, { failed: numbers.format(failed.length), total }));
  }
}

function line(text) {
  const item = document.createElement("li");
  item.textContent = text;
  return item;
}

/* "Hand 4: <first reason>", the hand name linking to its section (on another page if need be). */
function failedHand(rootEl, hand, t, numbers) {
  const perPage = Number(rootEl.dataset.handsPerPage);
  const page = Math.floor(hand.k / perPage) + 1;
  const link = document.createElement("a");
  link.href = `${page === Number(rootEl.dataset.page) ? "" : `?page=${page}`}#hand-${hand.k}`;
  link.textContent = t("hand", { number: numbers.format(hand.k + 1) });
  const item = line(t("failure-reason", { reason: handReasons(hand, t)[0] }));
  item.prepend(link);
  item.dataset.failedHand = String(hand.k + 1);
  return item;
}
