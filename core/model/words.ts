/**
 * Stored values in the words people read: club types (`country_club` →
 * "Country club") and waitlist values (`by_invitation` → "By invitation").
 * One table for every surface that shows them (the website's cards,
 * profiles and filters, the terminal's table), so they never drift apart.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { typeWords, waitlistWords } from "./words.ts";
 * assert.equal(typeWords("country_club"), "Country club");
 * assert.equal(waitlistWords("invite_only"), "By invitation");
 * ```
 * @module
 */
import { WAITLIST_VALUES } from "./fields.ts";

/**
 * `country_club` → `Country club`: underscores as spaces, the first letter
 * in upper case.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { humanize } from "./words.ts";
 * assert.equal(humanize("by_invitation"), "By invitation");
 * ```
 */
export function humanize(value: string): string {
  const s = value.replace(/_/g, " ");
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/**
 * A club type (stored value or filter key) in words; a type the directory
 * does not know reads as itself, humanized.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { typeWords } from "./words.ts";
 * assert.equal(typeWords("golf"), "Golf");
 * ```
 */
export function typeWords(type: string): string {
  return humanize(type);
}

/** How each stored waitlist value reads; every value of {@link WAITLIST_VALUES} has its words. */
export const WAITLIST_WORDS: Readonly<Record<typeof WAITLIST_VALUES[number], string>> = Object
  .freeze({
    open: "Open to applications",
    waitlist: "Waitlist",
    by_invitation: "By invitation",
    invite_only: "By invitation",
    closed: "Closed to new members",
    unknown: "Not stated",
  });

/**
 * A waitlist value in words; null reads as not stated, a value the
 * directory does not know as itself, humanized.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { waitlistWords } from "./words.ts";
 * assert.equal(waitlistWords(null), "Not stated");
 * assert.equal(waitlistWords("open"), "Open to applications");
 * ```
 */
export function waitlistWords(value: string | null): string {
  const v = value ?? "unknown";
  return (WAITLIST_WORDS as Record<string, string>)[v] ?? humanize(v);
}
