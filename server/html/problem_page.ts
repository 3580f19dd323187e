/**
 * A problem (docs/api.md#errors-in-the-contract) as a page for browsers: the same title, detail, hint
 * and code as the `application/problem+json` body, inside the page shell.
 *
 * @example
 * ```ts
 * import { problemMain } from "./problem_page.ts";
 * problemMain({ title: "Not found", detail: "No club has the slug \"x\".", hint: "…",
 *   code: "not_found", type: "https://clubs.example/problems/not_found", root: "" });
 * ```
 * @module
 */
import { escapeHtml } from "./escape.ts";

/** What a problem page says. */
export interface ProblemView {
  title: string;
  detail: string;
  hint: string;
  code: string;
  /** The problem's `type` URL (its documentation page). */
  type: string;
  /** Path prefix of the site, for the link back to the search. */
  root: string;
}

/**
 * The `<main>` content of a problem page.
 *
 * @example
 * ```ts
 * import { problemMain } from "./problem_page.ts";
 * problemMain({ title: "Invalid page", detail: "d", hint: "h", code: "invalid_page",
 *   type: "/problems/invalid_page", root: "" }).startsWith("<h1>Invalid page</h1>"); // true
 * ```
 */
export function problemMain(p: ProblemView): string {
  return `<h1>${escapeHtml(p.title)}</h1>
<p>${escapeHtml(p.detail)}</p>
<p class="muted">${escapeHtml(p.hint)}</p>
<p class="muted">Code <a href="${escapeHtml(p.type)}"><code>${escapeHtml(p.code)}</code></a></p>
<p><a href="${escapeHtml(p.root)}/">Search the directory</a></p>`;
}
