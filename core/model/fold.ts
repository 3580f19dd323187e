/**
 * Text folding for matching: case- and accent-insensitive.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fold } from "./fold.ts";
 * assert.deepStrictEqual(fold("  Zürich Golf-Club "), "zurich golf-club");
 * ```
 * @module
 */

const MARKS = /\p{M}+/gu;
const SPACES = /\s+/gu;
// ASCII text is already NFKD, unmarked and free of EXTRA's letters, and a
// lone " " needs no replacing: half the time of the general path on names.
const ASCII = /^[^\u0080-\uffff]*$/;
const ASCII_SPACES = /\s{2,}|[^\S ]/g;
// Letters that NFKD does not decompose but users type without the mark.
const EXTRA: Record<string, string> = {
  "ß": "ss",
  "ø": "o",
  "đ": "d",
  "ð": "d",
  "ħ": "h",
  "ı": "i",
  "ł": "l",
  "œ": "oe",
  "æ": "ae",
  "þ": "th",
  "ŧ": "t",
};
const EXTRA_RE = new RegExp(`[${Object.keys(EXTRA).join("")}]`, "gu");

/**
 * Lower-cases, strips diacritics and collapses white space. Punctuation is
 * kept, so substring matching on the result still sees "st. andrew's".
 *
 * @param text Any user or stored text.
 * @returns The folded form used for both indexing and querying.
 */
export function fold(text: string): string {
  if (ASCII.test(text)) return text.toLowerCase().replace(ASCII_SPACES, " ").trim();
  return text.normalize("NFKD").replace(MARKS, "").toLowerCase()
    .replace(EXTRA_RE, (c) => EXTRA[c] ?? c).replace(SPACES, " ").trim();
}

/**
 * Folds and then keeps only letters and digits, joined by single spaces:
 * the key used to compare place names ("Newfoundland & Labrador" and
 * "newfoundland and labrador" differ only in "and", see geo).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { foldKey } from "./fold.ts";
 * assert.deepStrictEqual(foldKey("Côte-d'Ivoire"), "cote d ivoire");
 * ```
 */
export function foldKey(text: string): string {
  return fold(text).replace(/[^\p{L}\p{N}]+/gu, " ").trim();
}

/**
 * Comparison key for place names: {@link foldKey}, with "&" read as "and",
 * dots dropped ("U.S.A." = "USA") and no leading "the".
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { placeKey } from "./fold.ts";
 * assert.deepStrictEqual(placeKey("The Newfoundland & Labrador"), "newfoundland and labrador");
 * ```
 */
export function placeKey(text: string): string {
  const key = foldKey(text.replace(/&/g, " and ").replace(/\./g, ""));
  return key.startsWith("the ") ? key.slice(4) : key;
}
