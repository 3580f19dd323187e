/**
 * How a cell is written in delimited text, and read back, beyond the
 * delimiter: TSV's backslash escapes. TSV (IANA `text/tab-separated-values`)
 * has no quoting: a field never holds a tab or a line break. Such characters
 * are written as PostgreSQL's `COPY … TEXT` format writes them: `\t`, `\n`,
 * `\r`, and `\\` for a backslash; the reader also takes `\N` (PostgreSQL's
 * null) as an empty cell. A backslash before any other character is kept as
 * written, so a hand-written `C:\files` reads as written (PostgreSQL would
 * drop it, and reads `\b`, `\f`, `\v` as control characters).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { escapeTsv, unescapeTsv } from "./cells.ts";
 * assert.equal(escapeTsv("Line one\nLine\ttwo \\o/"), "Line one\\nLine\\ttwo \\\\o/");
 * assert.equal(unescapeTsv("Line one\\nLine\\ttwo \\\\o/"), "Line one\nLine\ttwo \\o/");
 * ```
 * @module
 */

const TSV_SPECIAL = /[\\\t\n\r]/;
const TSV_SPECIAL_ALL = /[\\\t\n\r]/g;
const TSV_ESCAPE: Readonly<Record<string, string>> = {
  "\\": "\\\\",
  "\t": "\\t",
  "\n": "\\n",
  "\r": "\\r",
};

/** A backslash and the character it escapes, read left to right. */
const TSV_ESCAPED = /\\([\\tnr])/g;
const TSV_UNESCAPE: Readonly<Record<string, string>> = {
  "\\": "\\",
  t: "\t",
  n: "\n",
  r: "\r",
};

/**
 * A cell as a TSV field: tab, line feed, carriage return and backslash
 * written as `\t`, `\n`, `\r`, `\\`; anything else as it is.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { escapeTsv } from "./cells.ts";
 * assert.equal(escapeTsv('["Pool","Spa"]'), '["Pool","Spa"]'); // quotes are plain characters
 * assert.equal(escapeTsv("a\tb"), "a\\tb");
 * ```
 */
export function escapeTsv(text: string): string {
  return TSV_SPECIAL.test(text) ? text.replace(TSV_SPECIAL_ALL, (c) => TSV_ESCAPE[c]!) : text;
}

/**
 * A TSV field's text: the inverse of {@link escapeTsv}, and `\N` (null) as
 * an empty cell; any other backslash is kept.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { unescapeTsv } from "./cells.ts";
 * assert.equal(unescapeTsv("C:\\files\\\\new"), "C:\\files\\new"); // \f is no escape
 * assert.equal(unescapeTsv("\\N"), "");
 * ```
 */
export function unescapeTsv(field: string): string {
  if (!field.includes("\\")) return field;
  if (field === "\\N") return "";
  return field.replace(TSV_ESCAPED, (_, c: string) => TSV_UNESCAPE[c]!);
}
