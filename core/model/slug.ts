/**
 * Slugs: the URL-safe key of a club, made from its name and city. One
 * implementation for the importer (slugs a CSV leaves out) and the snapshot
 * generator.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { slugify } from "./slug.ts";
 * assert.deepStrictEqual(slugify("St. Andrew's Golf Club, Zürich"), "st-andrews-golf-club-zurich");
 * ```
 * @module
 */
import { fold } from "./fold.ts";

/** The longest slug; a longer one is cut at a hyphen. */
export const MAX_SLUG = 180;

/** The slug of a text with no letters or digits. */
export const FALLBACK_SLUG = "club";

/**
 * Lower-case ASCII slug of the given texts (such as a club's name and city;
 * null and empty parts are skipped): folded (no accents), hyphen-joined.
 * Apostrophes vanish rather than split words ("St. Andrew's" gives
 * "st-andrews"). {@link FALLBACK_SLUG} when there are no letters or digits,
 * so a slug is never empty.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { slugify } from "./slug.ts";
 * assert.deepStrictEqual(slugify("Club de Golf Monteverde, Málaga"), "club-de-golf-monteverde-malaga");
 * assert.deepStrictEqual(slugify("Royal St. George's", "Sandwich"), "royal-st-georges-sandwich");
 * assert.deepStrictEqual(slugify("!!!", null), "club");
 * ```
 */
export function slugify(...parts: (string | null | undefined)[]): string {
  const slug = fold(parts.filter(Boolean).join(" ")).replace(/['’]/g, "")
    .replace(/[^a-z0-9]+/g, "-").replace(/^-+|-+$/g, "");
  if (slug.length <= MAX_SLUG) return slug || FALLBACK_SLUG;
  return slug.slice(0, MAX_SLUG).replace(/-+[^-]*$/, "");
}
