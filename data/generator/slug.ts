/**
 * Slugs: the URL-safe, unique key of each club, made from its name and city.
 *
 * @example
 * ```ts
 * import { slugify, SlugSet } from "./slug.ts";
 * slugify("Zürich Golf-Club"); // "zurich-golf-club"
 * const slugs = new SlugSet();
 * slugs.claim("Oak Hill"); // "oak-hill"
 * slugs.claim("Oak Hill"); // "oak-hill-2"
 * ```
 * @module
 */
import { fold } from "../../db/fold.ts";

/**
 * Lower-case ASCII slug of a text: NFKD-folded, hyphen-joined. Apostrophes
 * vanish rather than split words ("St. Andrew's" gives "st-andrews"), and a
 * long slug is cut at a hyphen to at most 180 characters.
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
  if (slug.length <= 180) return slug;
  return slug.slice(0, 180).replace(/-+[^-]*$/, "");
}

/** The slugs given in one run; a repeat gets the first free "-2", "-3", …. */
export class SlugSet {
  readonly #taken = new Set<string>();

  /**
   * The slug of a text, made unique in this set and taken. A text with no
   * letters or digits becomes "club".
   *
   * @example
   * ```ts
   * import { SlugSet } from "./slug.ts";
   * new SlugSet().claim("!!!"); // "club"
   * ```
   */
  claim(text: string): string {
    const base = slugify(text) || "club";
    let slug = base;
    for (let n = 2; this.#taken.has(slug); n++) slug = `${base}-${n}`;
    this.#taken.add(slug);
    return slug;
  }
}
