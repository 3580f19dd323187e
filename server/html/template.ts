/**
 * The auto-escaping template of every page, {@link markup}: hono/html's
 * `html` tag, which escapes every interpolated string and number unless it
 * is marked safe with `raw()` (or is itself a template's result), made
 * synchronous. The pages are built as strings, and `html` returns a
 * promise only when a value is one: {@link markup} refuses that instead of
 * letting a page read "[object Promise]". It is not called `html` because
 * `deno fmt` reformats the text of templates tagged `html` (whitespace the
 * page would then carry).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { markup, raw } from "./template.ts";
 * const name = `<b>Q&A</b>`;
 * assert.equal(String(markup`<p>${name}</p>`), "<p>&lt;b&gt;Q&amp;A&lt;/b&gt;</p>");
 * assert.equal(String(markup`<p>${raw("<i>ok</i>")}</p>`), "<p><i>ok</i></p>");
 * // Nested templates and lists are kept as HTML; null, undefined and false print nothing.
 * assert.equal(String(markup`<ul>${["a", "b"].map((x) => markup`<li>${x}</li>`)}${null}</ul>`),
 *   "<ul><li>a</li><li>b</li></ul>");
 * ```
 *
 * Every HTML-building template literal of server/html, server/site and the
 * profile and problem routes uses this tag (tests/server/html/
 * escape_by_default_test.ts checks it); `raw()` is kept for HTML the code
 * itself built, each use with a comment saying why.
 * @module
 */
import { html as honoHtml, raw } from "hono/html";

export { raw };

/** HTML made by {@link markup} or {@link raw}: interpolated as it is. */
export type SafeHtml = ReturnType<typeof raw>;

/**
 * hono/html's `html`, synchronous: escaped HTML, or an error when a value
 * was a promise.
 */
export function markup(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  const out = honoHtml(strings, ...values);
  if (out instanceof Promise) throw new TypeError("markup`…`: a value is a promise");
  return out;
}

/**
 * Parts of a page joined by `separator` (plain text, escaped), as one piece
 * of HTML: what `Array.prototype.join` would give, without losing the mark
 * that the parts are HTML. Nulls are left out.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { markup, joinHtml } from "./template.ts";
 * const items = ["a", "b&c"].map((x) => markup`<li>${x}</li>`);
 * assert.equal(String(markup`<ul>${joinHtml([...items, null], "\n")}</ul>`),
 *   "<ul><li>a</li>\n<li>b&amp;c</li></ul>");
 * ```
 */
export function joinHtml(parts: readonly (SafeHtml | null)[], separator = ""): SafeHtml {
  const kept = parts.filter((p) => p !== null);
  return markup`${kept.map((p, i) => i === 0 ? p : markup`${separator}${p}`)}`;
}
