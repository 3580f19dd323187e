/**
 * Club type matching (docs/api.md#the-search-endpoint `type`): lower case, a hyphen reads as an
 * underscore, and a few names stand for a group of stored types.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { typeMatches } from "./types.ts";
 * assert.deepStrictEqual(typeMatches("Country-Club"), ["country_club"]);
 * assert.deepStrictEqual(typeMatches("golf"), ["golf", "country_club"]);
 * ```
 * @module
 */

/** The grouped type names and the stored types each one matches. */
export const TYPE_GROUPS: Readonly<Record<string, readonly string[]>> = {
  golf: ["golf", "country_club"],
  city: ["city", "social", "arts", "cigar", "dining"],
  athletic: ["athletic", "tennis", "wellness"],
  outdoor: ["outdoor", "hunting", "fishing", "shooting", "adventure"],
  dining: ["dining", "wine"],
};

/**
 * Every stored club type the directory knows; an import stores another
 * type with a warning (it is then found only by its exact name).
 */
export const CLUB_TYPES: readonly string[] = [
  "golf",
  "country_club",
  "city",
  "social",
  "athletic",
  "yacht",
  "tennis",
  "beach",
  "dining",
  "wine",
  "arts",
  "cigar",
  "wellness",
  "outdoor",
  "hunting",
  "fishing",
  "shooting",
  "ski",
  "adventure",
  "polo",
];

/** Type names that read as another name before grouping. */
export const TYPE_ALIASES: Readonly<Record<string, string>> = {
  wine: "dining",
};

/**
 * Normalises a type as stored or as sent: trimmed, lower case, hyphens and
 * spaces as underscores.
 */
export function normalizeType(raw: string): string {
  return raw.trim().toLowerCase().replace(/[-\s]+/g, "_");
}

/**
 * The stored types a `type` filter value matches. An empty array means the
 * value normalises to nothing (treated as "not sent" by the caller).
 */
export function typeMatches(raw: string): string[] {
  const norm = normalizeType(raw);
  if (norm === "") return [];
  const name = TYPE_ALIASES[norm] ?? norm;
  return [...(TYPE_GROUPS[name] ?? [name])];
}

/**
 * The key a `type` filter value is looked up by: the normalised value, with
 * aliases applied (`wine` reads as `dining`). Null when it normalises to "".
 */
export function typeKey(raw: string): string | null {
  const norm = normalizeType(raw);
  return norm === "" ? null : TYPE_ALIASES[norm] ?? norm;
}

/**
 * Every filter key under which a club of the given stored type is found:
 * its own type and each group that lists it. Precomputed at import so a
 * grouped `type` filter is one index lookup.
 */
export function typeKeysOf(storedType: string): string[] {
  const own = normalizeType(storedType);
  const keys = new Set([own]);
  for (const [group, members] of Object.entries(TYPE_GROUPS)) {
    if (members.includes(own)) keys.add(group);
  }
  return [...keys];
}
