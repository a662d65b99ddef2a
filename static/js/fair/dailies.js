/*
 * A Daily against its day's published entry (GET /api/dailies/{day}/, docs/api.md § Verifiable
 * deal): {day, commitment, server_seed}. A Daily's seeds are in its own replay, which the server
 * writes: a Daily dealt from a private seed (with that seed's own commitment) or shown under
 * another day is consistent in itself. The entry holds it: the replay's commitment must be the
 * one published for the replay's day, and its revealed seed the one revealed for that day
 * (docs/fair-deal.md § Checking a game). `dailies` is a list of entries (the one of the game's
 * day, or GET /api/dailies/'s list); an empty list means the site published no Daily that day.
 */
import { Unverifiable } from "../rules/rules.js";

const hex = (value) => String(value ?? "").toLowerCase();

/* The entries by day, or Unverifiable("no_dailies" | "malformed"). */
function dailyIndex(dailies) {
  if (dailies === null || dailies === undefined)
    throw new Unverifiable("no_dailies", "a Daily needs its day's published entry");
  if (!Array.isArray(dailies)) throw new Unverifiable("malformed", "the Dailies are not a list");
  const index = new Map();
  for (const entry of dailies) {
    if (typeof entry?.day !== "string" || typeof entry.commitment !== "string")
      throw new Unverifiable("malformed", `published Daily ${JSON.stringify(entry)}`);
    index.set(entry.day, entry);
  }
  return index;
}

/* [{code: "daily_unpublished" | "daily_commitment" | "daily_seed", day}] of a Daily; [] for any other mode. */
export function dailyProblems(game, dailies) {
  if (game.mode !== "daily") return [];
  const day = game.day;
  const entry = dailyIndex(dailies).get(day);
  if (!entry) return [{ code: "daily_unpublished", day }];
  const problems = [];
  if (hex(game.fair.commitment) !== hex(entry.commitment))
    problems.push({ code: "daily_commitment", day });
  if (entry.server_seed !== null && hex(game.fair.server_seed) !== hex(entry.server_seed))
    problems.push({ code: "daily_seed", day });
  return problems;
}
