/**
 * How a cell is written in delimited text, and read back, beyond the
 * delimiter: TSV's backslash escapes, and the spreadsheet formula guard.
 * TSV (IANA `text/tab-separated-values`)
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

/**
 * A text cell a spreadsheet would run as a formula: `=`, `+`, `-`, `@`, tab
 * or carriage return first, after any `'`s (so that the guard can be undone,
 * a cell that already starts with `'` and one of them is guarded too).
 */
const FORMULA = /^'*[=+\-@\t\r]/;

/** A guarded cell: a `'`, then a cell {@link FORMULA} matches. */
const GUARDED = /^'+[=+\-@\t\r]/;

/**
 * A text cell as a spreadsheet will not run it (OWASP "CSV Injection"): one
 * that starts with `=`, `+`, `-`, `@`, tab or carriage return, after any
 * `'`s, gets a `'` in front. {@link unguardFormula} undoes it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { guardFormula } from "./cells.ts";
 * assert.equal(guardFormula('=HYPERLINK("http://x","y")'), `'=HYPERLINK("http://x","y")`);
 * assert.equal(guardFormula("'=1"), "''=1"); // reversible
 * assert.equal(guardFormula("'s-Hertogenbosch"), "'s-Hertogenbosch");
 * ```
 */
export function guardFormula(text: string): string {
  return FORMULA.test(text) ? "'" + text : text;
}

/**
 * A cell as it was before {@link guardFormula}: a `'` followed by `'`s and
 * `=`, `+`, `-`, `@`, tab or carriage return loses that first `'`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { unguardFormula } from "./cells.ts";
 * assert.equal(unguardFormula("'+1 555 0100"), "+1 555 0100");
 * assert.equal(unguardFormula("''=1"), "'=1");
 * assert.equal(unguardFormula("'s-Hertogenbosch"), "'s-Hertogenbosch");
 * ```
 */
export function unguardFormula(cell: string): string {
  return cell.charCodeAt(0) === 0x27 && GUARDED.test(cell) ? cell.slice(1) : cell;
}
