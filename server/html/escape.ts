/**
 * HTML escaping outside a template: the pages escape through the `markup`
 * tag (template.ts), which escapes the same five characters the same way;
 * {@link escapeHtml} is that escaping as a function, for text written
 * into HTML without a template (the tests check pages with it).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { escapeHtml } from "./escape.ts";
 * assert.equal(escapeHtml(`<a href="x">Q&A</a>`), "&lt;a href=&quot;x&quot;&gt;Q&amp;A&lt;/a&gt;");
 * ```
 * @module
 */

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};
const SPECIAL = /[&<>"']/g;
const ANY_SPECIAL = /[&<>"']/;

/**
 * Escapes text for HTML element content and quoted attribute values: the
 * five characters that can end either are written as entities.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { escapeHtml } from "./escape.ts";
 * assert.equal(escapeHtml("<script>alert(1)</script>"), "&lt;script&gt;alert(1)&lt;/script&gt;");
 * assert.equal(escapeHtml("O'Brien's"), "O&#39;Brien&#39;s");
 * ```
 */
export function escapeHtml(text: string): string {
  // Most values have nothing to escape: skip the replace and its new string.
  return ANY_SPECIAL.test(text) ? text.replace(SPECIAL, (ch) => ENTITIES[ch]!) : text;
}
