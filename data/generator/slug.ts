/**
 * Slugs: the URL-safe, unique key of each club, made from its name and city.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { slugify, SlugSet } from "./slug.ts";
 * assert.equal(slugify("Zürich Golf-Club"), "zurich-golf-club");
 * const slugs = new SlugSet();
 * assert.equal(slugs.claim("Oak Hill"), "oak-hill");
 * assert.equal(slugs.claim("Oak Hill"), "oak-hill-2");
 * ```
 * @module
 */
import { slugify } from "../../core/model/mod.ts";

export { slugify } from "../../core/model/mod.ts";

/** The slugs given in one run; a repeat gets the first free "-2", "-3", …. */
export class SlugSet {
  readonly #taken = new Set<string>();

  /**
   * The slug of a text, made unique in this set and taken (a text with no
   * letters or digits becomes "club", as {@link slugify} says).
   *
   * @example
   * ```ts
   * import assert from "node:assert/strict";
   * import { SlugSet } from "./slug.ts";
   * assert.equal(new SlugSet().claim("!!!"), "club");
   * ```
   */
  claim(text: string): string {
    const base = slugify(text);
    let slug = base;
    for (let n = 2; this.#taken.has(slug); n++) slug = `${base}-${n}`;
    this.#taken.add(slug);
    return slug;
  }
}
