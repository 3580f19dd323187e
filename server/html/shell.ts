/**
 * The one page shell of every HTML page: document head (title, description,
 * the hashed stylesheet and icon, canonical link), a header with the site
 * name, navigation and the account area (sign in, or who is signed in and
 * sign out), the page's `<main>`, and a footer with the API entry points.
 * Also the headers every HTML response carries (strict CSP: no script at
 * all, styles and images only from where they are expected).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pageShell } from "./shell.ts";
 * import { markup } from "./template.ts";
 * const page = pageShell({ title: "Clubs", main: markup`<h1>Clubs</h1>`, root: "" });
 * assert.ok(page.startsWith("<!doctype html>") && page.includes("<h1>Clubs</h1>"));
 * ```
 * @module
 */
import type { FeeAccess } from "../../core/club/mod.ts";
import { queryComponent } from "./components.ts";
import { ICON_ASSET, STYLESHEET } from "./style.ts";
import { joinHtml, markup, raw, type SafeHtml } from "./template.ts";

/**
 * The Content-Security-Policy of every page: nothing runs, styles come from
 * the site's stylesheet, images from the site and the web (club photos
 * live on other hosts), forms post only to the site. `connect-src 'self'`
 * lets tools that read the page (Lighthouse fetching `/robots.txt`) reach
 * the site; the pages themselves run no script to use it.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { PAGE_CSP } from "./shell.ts";
 * // default-src 'none' covers scripts.
 * assert.deepStrictEqual(PAGE_CSP.includes("script-src"), false);
 * ```
 */
export const PAGE_CSP =
  "default-src 'none'; style-src 'self'; img-src 'self' https: http:; connect-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

/**
 * Headers of every HTML page (besides `Content-Type` and caching).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { PAGE_HEADERS } from "./shell.ts";
 * assert.deepStrictEqual(new Headers(PAGE_HEADERS).get("x-content-type-options"), "nosniff");
 * ```
 */
export const PAGE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  "Content-Security-Policy": PAGE_CSP,
  "X-Content-Type-Options": "nosniff",
  "Referrer-Policy": "strict-origin-when-cross-origin",
});

/**
 * Headers of a page that depends on the caller's session: never stored by
 * shared caches, varying by cookie and representation.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { SESSION_PAGE_HEADERS } from "./shell.ts";
 * assert.deepStrictEqual(SESSION_PAGE_HEADERS["Cache-Control"], "private, no-store");
 * ```
 */
export const SESSION_PAGE_HEADERS: Readonly<Record<string, string>> = Object.freeze({
  ...PAGE_HEADERS,
  "Content-Type": "text/html; charset=UTF-8",
  "Cache-Control": "private, no-store",
  Vary: "Accept, Authorization, Cookie",
});

/**
 * What the header shows on the right: a sign-in link (`locked`: no
 * session), or the kind of account and a sign-out button. Null shows
 * neither (pages cached for everyone, such as the problem pages).
 */
export type AccountView = FeeAccess | null;

/** What a page puts in the shell. */
export interface ShellOptions {
  /** The page's own title; the site name follows it. */
  title: string;
  /** The content of `<main>`: HTML made by the template tag (a plain string is escaped as text). */
  main: SafeHtml | string;
  /** Path prefix of the site (`""`, or `/dir` behind a proxy), from `--base-url`. */
  root: string;
  /** The service's display name (default "Club Directory"). */
  siteName?: string;
  /** A sentence for search engines and link previews. */
  description?: string;
  /** Absolute URL of the page, for `rel="canonical"`. */
  canonical?: string;
  /** Absolute URL of the same resource as JSON. */
  alternateJson?: string;
  /** A feed of the page's content (Atom): its URL and title, for feed readers to discover. */
  feed?: { url: string; title: string };
  /** The account area; default null (none). */
  account?: AccountView;
  /** Where sign-in and sign-out return to: this page's path and query. */
  here?: string;
}

const ACCOUNT_NAMES: Record<FeeAccess, string> = {
  locked: "",
  band: "Free account",
  exact: "Member",
};

function accountArea(
  root: string,
  account: AccountView | undefined,
  here: string,
): SafeHtml | null {
  if (account == null) return null;
  if (account === "locked") {
    const query = here === "/" ? "" : `?next=${queryComponent(here)}`;
    return markup`<li><a href="${root}/sign-in${query}">Sign in</a></li>`;
  }
  return markup`<li class="who">${
    ACCOUNT_NAMES[account]
  }</li><li><form method="post" action="${root}/sign-out"><input type="hidden" name="next" value="${here}"><button class="linkish" type="submit">Sign out</button></form></li>`;
}

/** The site's mark (the icon's flag), drawn inline beside its name: no request. */
const BRAND_MARK = raw(
  // raw() is safe here: a constant of this file, with no value in it.
  '<svg width="26" height="26" viewBox="0 0 32 32" aria-hidden="true" focusable="false"><rect width="32" height="32" rx="7" fill="#155e3a"/><path d="M10 24V8l12 4-9 3v9" fill="none" stroke="#fff" stroke-width="2.5" stroke-linejoin="round"/></svg>',
);

/**
 * A whole HTML document around a page's main content.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pageShell } from "./shell.ts";
 * const page = pageShell({ title: "Sign in", main: "", root: "", account: "locked", here: "/sign-in" });
 * assert.ok(page.includes('<a href="/sign-in?next=%2Fsign-in">Sign in</a>'));
 * ```
 */
export function pageShell(o: ShellOptions): string {
  const site = o.siteName ?? "Club Directory";
  const root = o.root;
  const links = joinHtml([
    o.description ? markup`<meta name="description" content="${o.description}">` : null,
    o.canonical ? markup`<link rel="canonical" href="${o.canonical}">` : null,
    o.alternateJson
      ? markup`<link rel="alternate" type="application/json" href="${o.alternateJson}">`
      : null,
    o.feed
      ? markup`<link rel="alternate" type="application/atom+xml" title="${o.feed.title}" href="${o.feed.url}">`
      : null,
  ], "\n");
  return String(markup`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${o.title} · ${site}</title>
<link rel="stylesheet" href="${root}${STYLESHEET.path}">
<link rel="icon" href="${root}${ICON_ASSET.path}" type="image/svg+xml">
${links}
</head>
<body>
<a class="skip" href="#main">Skip to content</a>
<header class="site"><div class="bar">
<a class="brand" href="${root}/">${BRAND_MARK}${site}</a>
<nav aria-label="Site"><ul>
<li><a href="${root}/">Search</a></li>
<li><a href="${root}/clubs">All clubs</a></li>
${accountArea(root, o.account, o.here ?? "/")}
</ul></nav>
</div></header>
<main id="main">
${o.main}
</main>
<footer class="site"><div class="foot">
<a href="${root}/changes">What's new</a><a href="${root}/api/v1/clubs">REST API</a><a href="${root}/openapi.json">OpenAPI description</a><a href="${root}/problems">Error codes</a><a href="${root}/">Search clubs</a>
</div></footer>
</body>
</html>
`);
}
