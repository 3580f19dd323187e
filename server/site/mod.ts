/**
 * The directory website, served from the same core as the API: the home
 * page (answered by `GET /` for browsers, see routes/index.ts), the results
 * page `GET /clubs`, sign-in and sign-out, and the hashed assets. Pages are
 * plain HTML that works without JavaScript; a page's HTML is kept per
 * snapshot, search, access level and currency (see currency.ts), so a
 * repeated search costs a lookup.
 * Its compressed forms (made by `sendCached`, see server/respond/cached.ts)
 * are kept in the same entry and weighed with it, within the same budget.
 *
 * @example
 * ```ts ignore
 * import { siteDeps, siteRoutes } from "./mod.ts";
 * const site = siteDeps({ directory, name: "Club Directory", baseUrl: null, access, hint });
 * app.route("/", siteRoutes(site));
 * ```
 * @module
 */
import { type Context, Hono } from "hono";
import { type ProblemCode, PROBLEMS } from "../../core/model/mod.ts";
import { type FeeAccess } from "../../core/club/mod.ts";
import type { ClubStore } from "../../core/store/mod.ts";
import { type SafeHtml, searchQuery, SESSION_PAGE_HEADERS, visitorProblem } from "../html/mod.ts";
import type { AppEnv } from "../http/env.ts";
import { encodedBytes } from "../http/compress.ts";
import { type CachedBody, problemOf, sendCached } from "../respond/mod.ts";
import { assetRoutes } from "./assets.ts";
import type { SiteDeps } from "./deps.ts";
import { homePage } from "./home.ts";
import { resultsPage } from "./results.ts";
import { sameParams, type SiteSearch, siteSearchReader } from "./search.ts";
import { changesPage } from "./changes.ts";
import { canonicalSearch } from "./canonical.ts";
import { searchErrorMain, sendErrorPage, withoutParam } from "./errors.ts";
import { currencyKey, currencyParam, currencyRedirect, pageCurrency } from "./currency.ts";

export { sendErrorPage } from "./errors.ts";
import { signInRoutes } from "./sign_in.ts";

export { siteDeps } from "./deps.ts";
export type { SiteDeps, SiteOptions } from "./deps.ts";
export { wantsHomePage } from "./negotiate.ts";

/** A rendered page kept for a snapshot: ASCII-only HTML (see {@link asciiHtml}). */
interface CachedHtml extends CachedBody {
  total: number;
}

/**
 * Bytes of rendered pages kept per snapshot (see core/store/memo.ts),
 * plain and compressed together.
 */
const PAGES_BYTES = 4 * 1024 * 1024;

function pages(store: ClubStore) {
  return store.memo<string, CachedHtml>("site.pages", PAGES_BYTES, {
    weigh: (v, k) => v.body.length + k.length * 2 + 16 + encodedBytes(v.encoded),
  });
}

/** A session page's headers but `Vary`, which `sendCached` sends with `Accept-Encoding` added. */
const { Vary: HTML_VARY, ...HTML_HEADERS_BUT_VARY } = SESSION_PAGE_HEADERS;
const HTML_HEADERS = Object.entries(HTML_HEADERS_BUT_VARY);

/**
 * The cached page `key` (made by `make` when missing), sent in the coding
 * the request accepts; a compressed form made now is kept in the entry.
 */
function sendPage(
  c: Context<AppEnv>,
  store: ClubStore,
  key: string,
  make: () => Omit<CachedHtml, "encoded">,
): Response {
  const memo = pages(store);
  const page = memo.use(key, () => ({ ...make(), encoded: {} }));
  return sendCached(c, page, { headers: HTML_HEADERS, vary: HTML_VARY, kept: { memo, key } });
}

/**
 * Writes every non-ASCII character as a numeric character reference, so
 * the page is a one-byte string that `Deno.serve` sends without encoding
 * it again for every response. The page reads exactly the same.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { asciiHtml } from "./mod.ts";
 * assert.deepStrictEqual(asciiHtml("<p>Zürich – 5 ✕</p>"), "<p>Z&#252;rich &#8211; 5 &#10005;</p>");
 * ```
 */
export function asciiHtml(html: string): string {
  return html.replace(/[^\p{ASCII}]/gu, (ch) => `&#${ch.codePointAt(0)};`);
}

/** An HTML error page for people (see errors.ts and html/problem_page.ts). */
function errorPage(
  c: Context<AppEnv>,
  deps: SiteDeps,
  status: number,
  page: { title: string; main: SafeHtml },
): Response {
  return sendErrorPage(c, {
    status,
    ...page,
    root: deps.root,
    siteName: deps.name,
    account: deps.access(c.req.raw),
  });
}

/** A failure of the directory, as a page for people (the status of its problem). */
function problemPage(c: Context<AppEnv>, deps: SiteDeps, code: ProblemCode): Response {
  const page = visitorProblem(code, deps.root, { hint: deps.hint(code) });
  return errorPage(c, deps, PROBLEMS[code].status, page);
}

/**
 * The site's 404 page for a person (a browser asked for a path nothing
 * answers); the app answers other clients with its problem.
 *
 * @example
 * ```ts ignore
 * import { notFoundPage } from "./mod.ts";
 * app.notFound((c) => wantsHomePage(c.req.header("accept") ?? null) ? notFoundPage(c, deps) : problems.notFound(c));
 * ```
 */
export function notFoundPage(c: Context<AppEnv>, deps: SiteDeps): Response {
  return errorPage(c, deps, 404, visitorProblem("not_found", deps.root));
}

/** Reads the snapshot for a page; a storage failure becomes the HTML problem page. */
function withStore(
  c: Context<AppEnv>,
  deps: SiteDeps,
  fn: (store: ClubStore) => Response,
): Response {
  try {
    return deps.directory.read(fn);
  } catch (e) {
    const failure = problemOf(e);
    if (failure === null) throw e;
    return problemPage(c, deps, failure.code);
  }
}

/**
 * The home page for a request (the `/` route calls it for browsers).
 *
 * @example
 * ```ts ignore
 * import { homeResponse } from "./mod.ts";
 * app.get("/", (c) => homeResponse(c, deps));
 * ```
 */
export function homeResponse(c: Context<AppEnv>, deps: SiteDeps): Response {
  const access: FeeAccess = deps.access(c.req.raw);
  return withStore(
    c,
    deps,
    (store) =>
      sendPage(c, store, `home|${deps.root}|${access}`, () => ({
        body: asciiHtml(homePage(deps, store, access)),
        total: 0,
      })),
  );
}

/**
 * The website's routes, to mount at the root: `/clubs`, `/changes` (What's
 * new), `/sign-in`, `/sign-out` and `/assets/…`.
 *
 * @example
 * ```ts ignore
 * import { siteRoutes } from "./mod.ts";
 * const res = await siteRoutes(deps).request("/clubs?type=golf");
 * ```
 */
export function siteRoutes(deps: SiteDeps): Hono<AppEnv> {
  const read = siteSearchReader();
  const app = new Hono<AppEnv>();
  app.route("/", assetRoutes());
  app.route("/", signInRoutes(deps));
  /**
   * A page of a search (`path` with the results page's parameters): the
   * address read and validated, sent on to its canonical form, then the page
   * made once per snapshot, search, access level and `variant` (see
   * {@link sendPage}).
   */
  const searchPage = (
    path: "/clubs" | "/changes",
    render: (
      c: Context<AppEnv>,
      store: ClubStore,
      value: SiteSearch,
      access: FeeAccess,
    ) => { key: string; make: () => { html: string; total: number } },
  ) =>
  (c: Context<AppEnv>) => {
    const url = c.req.url;
    const mark = url.indexOf("?");
    const sent = mark < 0 ? "" : url.slice(mark + 1);
    // `?currency=` is kept in a cookie (currency.ts); the search goes on without it.
    const chosen = path === "/clubs" ? currencyParam(sent) : null;
    const search = chosen?.rest ?? sent;
    const r = read(search);
    if (!r.ok) {
      const fixed = read(withoutParam(search, r.error.param));
      return errorPage(
        c,
        deps,
        400,
        searchErrorMain(
          deps.root,
          r.error,
          fixed.ok ? { ...fixed.value.link, page: null } : null,
          (link) => {
            const q = searchQuery(link);
            return `${deps.root}${path}${q ? `?${q}` : ""}`;
          },
        ),
      );
    }
    const access = deps.access(c.req.raw);
    return withStore(c, deps, (store) => {
      // One address per search: the form's empty fields, places by code or
      // in another case, and any other spelling of the same query string go
      // to the canonical one; the same parameters percent-encoded otherwise
      // are served as they are.
      const value = canonicalSearch(store, r.value);
      const canonical = searchQuery(value.link);
      if (chosen !== null || !sameParams(search, canonical)) {
        const to = `${deps.root}${path}${canonical ? `?${canonical}` : ""}`;
        return chosen === null
          ? c.redirect(to, 302)
          : currencyRedirect(chosen.code, to, deps.root, deps.secureCookies);
      }
      const page = render(c, store, value, access);
      return sendPage(c, store, `${path}|${deps.root}|${access}|${page.key}`, () => {
        const made = page.make();
        return { body: asciiHtml(made.html), total: made.total };
      });
    });
  };
  app.get(
    "/clubs",
    searchPage("/clubs", (c, store, value, access) => {
      // The page differs by currency only for visitors who see fees.
      const fx = pageCurrency(store, c.req.raw, access);
      return {
        key: `${currencyKey(fx)}|${value.key}`,
        make: () => resultsPage(deps, store, value, access, fx),
      };
    }),
  );
  // What's new: fees before and after differ by access only (no conversion).
  app.get(
    "/changes",
    searchPage("/changes", (_c, store, value, access) => ({
      key: value.key,
      make: () => changesPage(deps, store, value, access),
    })),
  );
  return app;
}
