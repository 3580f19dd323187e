/**
 * The pager of the pages that list (results, What's new): previous, the
 * first page, the pages around the current one, the last page, next.
 *
 * @module
 */
import { joinHtml, markup, num, plural, type SafeHtml } from "../html/mod.ts";

/** Pages either side of the current one linked by number (the outer ones on wide screens only). */
const NEAR_PAGES = 2;

/**
 * Paging links: previous, the first page, pages around the current one,
 * the last page, next; gaps read as "…". On a page past the end, the
 * numbers lead back (none is current). `url` gives a page's address.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pager } from "./pager.ts";
 * const nav = String(pager((p) => `/clubs?type=golf&page=${p}`, 3, 19));
 * assert.ok(nav.includes('<a href="/clubs?type=golf&amp;page=3" aria-current="page"><span class="sr">Page </span>3</a>'));
 * assert.ok(nav.includes('rel="next"') && nav.includes("Page 3 of 19"));
 * assert.equal(pager((p) => `/clubs?page=${p}`, 1, 1), null);
 * ```
 */
export function pager(url: (page: number) => string, page: number, last: number): SafeHtml | null {
  if (last <= 1 && page <= 1) return null;
  const numbers = new Set([1, last]);
  for (let p = page - NEAR_PAGES; p <= page + NEAR_PAGES; p++) {
    if (p >= 1 && p <= last) numbers.add(p);
  }
  const items: SafeHtml[] = [];
  let previous = 0;
  for (const p of [...numbers].sort((a, b) => a - b)) {
    if (p > previous + 1) items.push(markup`<li class="gap" aria-hidden="true">…</li>`);
    const far = Math.abs(p - page) === NEAR_PAGES && p !== 1 && p !== last
      ? markup` class="far"`
      : null;
    const current = p === page ? markup` aria-current="page"` : null;
    items.push(
      markup`<li${far}><a href="${url(p)}"${current}><span class="sr">Page </span>${
        num(p)
      }</a></li>`,
    );
    previous = p;
  }
  const prev = page > 1
    ? markup`<li><a href="${url(Math.min(page - 1, last))}" rel="prev">Previous</a></li>`
    : markup`<li><span class="off">Previous</span></li>`;
  const next = page < last
    ? markup`<li><a href="${url(page + 1)}" rel="next">Next</a></li>`
    : markup`<li><span class="off">Next</span></li>`;
  const where = page <= last
    ? `Page ${num(page)} of ${num(last)}`
    : `${plural(last, "page")} in all`;
  return markup`<nav class="pages" aria-label="Pages"><ul>
${prev}
${joinHtml(items, "\n")}
${next}
</ul><p class="muted">${where}</p></nav>`;
}
