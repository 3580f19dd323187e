/**
 * Slugs: the URL-safe key of a club, made from its name and city. One
 * implementation for the importer (slugs a CSV leaves out) and the snapshot
 * generator.
 *
 * @example
 * ```ts
 * import { slugify } from "./slug.ts";
 * slugify("St. Andrew's Golf Club, Zürich"); // "st-andrews-golf-club-zurich"
 * ```
 * @module
 */
import { fold } from "./fold.ts";

/** The longest slug; a longer one is cut at a hyphen. */
export const MAX_SLUG = 180;

/**
 * Lower-case ASCII slug of a text: folded (no accents), hyphen-joined.
 * Apostrophes vanish rather than split words ("St. Andrew's" gives
 * "st-andrews"). Empty when the text has no letters or digits.
 *
 * @example
 * ```ts
 * import { slugify } from "./slug.ts";
 * slugify("Club de Golf Monteverde, Málaga"); // "club-de-golf-monteverde-malaga"
 * ```
 */
export function slugify(text: string): string {
  const slug = fold(text).replace(/['’]/g, "").replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (slug.length <= MAX_SLUG) return slug;
  return slug.slice(0, MAX_SLUG).replace(/-+[^-]*$/, "");
}
