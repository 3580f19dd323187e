/**
 * An auto-escaping template for new pages: hono/html's `html` tag, which
 * escapes every interpolated string and number unless it is marked safe
 * with `raw()` (or is itself a template's result), made synchronous. The
 * pages are built as strings, and `html` returns a promise only when a
 * value is one: {@link html} refuses that instead of letting a page read
 * "[object Promise]".
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { html, raw } from "./template.ts";
 * const name = `<b>Q&A</b>`;
 * assert.equal(String(html`<p>${name}</p>`), "<p>&lt;b&gt;Q&amp;A&lt;/b&gt;</p>");
 * assert.equal(String(html`<p>${raw("<i>ok</i>")}</p>`), "<p><i>ok</i></p>");
 * // Nested templates and lists are kept as HTML; null, undefined and false print nothing.
 * assert.equal(String(html`<ul>${["a", "b"].map((x) => html`<li>${x}</li>`)}${null}</ul>`),
 *   "<ul><li>a</li><li>b</li></ul>");
 * ```
 * @module
 */
import { html as honoHtml, raw } from "hono/html";

export { raw };

/** HTML made by {@link html} or {@link raw}: interpolated as it is. */
export type SafeHtml = ReturnType<typeof raw>;

/**
 * hono/html's `html`, synchronous: escaped HTML, or an error when a value
 * was a promise.
 */
export function html(strings: TemplateStringsArray, ...values: unknown[]): SafeHtml {
  const out = honoHtml(strings, ...values);
  if (out instanceof Promise) throw new TypeError("html`…`: a value is a promise");
  return out;
}
