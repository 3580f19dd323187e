/**
 * Club profile pages, `GET /clubs/:slug` (issue #4): an HTML page for
 * browsers, or the REST Club object when the client prefers JSON. Fees are
 * shown as the caller's session allows, through the same `toApiClub` as the
 * REST API, so a page never shows more than the API would. The page links
 * back to the search, links the club's type, city, region and country to
 * filtered searches, and lists more clubs nearby (same city, else region),
 * found by the one search core.
 *
 * Validators (docs/api.md#validators-and-caching): a profile's `ETag` is weak, a
 * hash of what determines the page (release, snapshot, slug, fee access,
 * representation, base address, site root and name), computed before the
 * page is: a request that holds it is answered 304 without rendering it.
 * `Cache-Control: private, no-cache`: the caller's own cache may keep the
 * page (it shows the caller's fees), asking again before each use.
 *
 * @example
 * ```ts ignore
 * import { Hono } from "hono";
 * import { profileRoutes } from "./profile.ts";
 * const app = new Hono();
 * app.route("/", profileRoutes({ directory, access, baseUrl: (req) => new URL(req.url).origin }));
 * ```
 * @module
 */
import { type Context, Hono } from "hono";
import { type ClubRecord, ClubRecordSchema } from "../../core/schema/mod.ts";
import type { ClubStore, Directory } from "../../core/store/mod.ts";
import { type ProblemCode, ProblemError, PROBLEMS, VERSION } from "../../core/model/mod.ts";
import { clubUrl, type FeeAccess, toApiClub } from "../../core/club/mod.ts";
import { SESSION_PAGE_HEADERS, visitorProblem } from "../html/mod.ts";
import type { AppEnv } from "../http/env.ts";
import { notModified, problemOf, tagOf, weakTag } from "../respond/mod.ts";
import { sendErrorPage } from "../site/errors.ts";
import {
  clubConversion,
  currencyControl,
  currencyKey,
  currencyParam,
  currencyRedirect,
  type PageCurrency,
  pageCurrency,
} from "../site/currency.ts";
import { prefersJson } from "./problems.ts";
import { type Nearby, nearby, NO_NEARBY, profilePage } from "./profile_page.ts";
import { type ProfileHistory, profileHistory } from "../site/history.ts";

/**
 * What the profile routes need from the app.
 *
 * @example
 * ```ts ignore
 * const deps: ProfileDeps = { directory, access: sessionAccess(store),
 *   baseUrl: (req) => new URL(req.url).origin, hint: problems.hint };
 * ```
 */
export interface ProfileDeps {
  /** The live club database. */
  directory: Directory;
  /** The fee access of a request (see `server/http/sessions.ts`). */
  access: (req: Request) => FeeAccess;
  /** The service's base address as this request reached it, without a trailing slash. */
  baseUrl: (req: Request) => string;
  /**
   * A problem's hint as the app states it (support address filled in), for
   * the HTML error pages; default the registry's text.
   */
  hint?: (code: ProblemCode) => string;
  /** Path prefix of the website's pages (default `""`). */
  root?: string;
  /** The service's display name (default "Club Directory"). */
  name?: string;
}

/**
 * A profile shows the caller's fees: only the caller's own cache keeps it,
 * and asks again (with its `ETag`) before each use.
 */
const CACHE_CONTROL = "private, no-cache";

/**
 * A profile differs by session, by `Accept` and, compressed or not (the
 * compress middleware decides by size), by `Accept-Encoding`: named on
 * every answer, so a 304, sent before the page is made, names the same.
 */
const VARY = "Accept, Authorization, Cookie, Accept-Encoding";

/** The JSON representation's headers. */
const JSON_HEADERS = { "Cache-Control": CACHE_CONTROL, Vary: VARY };

/** The HTML page's: the session page's, kept by the caller's cache. */
const HTML_HEADERS = { ...SESSION_PAGE_HEADERS, "Cache-Control": CACHE_CONTROL, Vary: VARY };

/** What a 304 repeats of the 200. */
const NOT_MODIFIED_HEADERS: [string, string][] = [["Cache-Control", CACHE_CONTROL], ["Vary", VARY]];

/**
 * The weak `ETag` of a profile: a hash of everything the page is made
 * from, so it changes with a release, an import, the caller's fee access,
 * the representation, the address the page links itself at, and the
 * currency its fees are also shown in (site/currency.ts; "" for none).
 *
 * @example
 * ```ts ignore
 * profileTag(store, "pine-valley-golf-club", "band", "html", "https://clubs.example", deps);
 * // 'W/"…"'
 * ```
 */
export function profileTag(
  store: ClubStore,
  slug: string,
  access: FeeAccess,
  representation: "json" | "html",
  base: string,
  deps: ProfileDeps,
  currency = "",
): string {
  const { root, name } = pageOptions(deps);
  const snapshot = store.meta.snapshot ?? store.meta.imported_at ?? "";
  return weakTag(
    tagOf(VERSION, snapshot, slug, access, representation, base, root, name, currency),
  );
}

/**
 * The routes, to mount at the root: `app.route("/", profileRoutes(deps))`.
 *
 * @example
 * ```ts ignore
 * const res = await profileRoutes(deps).request("/clubs/seminole", {
 *   headers: { accept: "application/json" },
 * });
 * ```
 */
export function profileRoutes(deps: ProfileDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get("/clubs/:slug", (c) => {
    const slug = c.req.param("slug");
    const json = wantsJson(c);
    // A slug that cannot exist is not worth a database read.
    if (!ClubRecordSchema.shape.slug.safeParse(slug).success) {
      return notFound(c, deps, slug, json);
    }
    const access = deps.access(c.req.raw);
    const base = deps.baseUrl(c.req.raw);
    // `?currency=` on a page is kept in a cookie (site/currency.ts); the page goes on without it.
    const chosen = json ? null : currencyParam(new URL(c.req.url).search.slice(1));
    if (chosen !== null) {
      const { root } = pageOptions(deps);
      const rest = chosen.rest ? `?${chosen.rest}` : "";
      const to = `${root}/clubs/${encodeURIComponent(slug)}${rest}`;
      return currencyRedirect(chosen.code, to, root, base.startsWith("https:"));
    }
    let found:
      | {
        record: ClubRecord;
        nearby: Nearby;
        etag: string;
        fx: PageCurrency | null;
        history: ProfileHistory | null;
      }
      | Response
      | null;
    try {
      found = deps.directory.read((store) => {
        const record = store.bySlug(slug);
        if (!record) return null;
        const fx = json ? null : pageCurrency(store, c.req.raw, access);
        const representation = json ? "json" : "html";
        const etag = profileTag(
          store,
          record.slug,
          access,
          representation,
          base,
          deps,
          currencyKey(fx),
        );
        // Unchanged: no page to render, no clubs nearby to look for.
        return notModified(c, etag, NOT_MODIFIED_HEADERS) ??
          {
            record,
            nearby: json ? NO_NEARBY : nearby(store, record),
            etag,
            fx,
            // Its changes in the kept updates (site/history.ts), as this caller may see fees.
            history: json ? null : profileHistory(store, record.id, access),
          };
      });
    } catch (e) {
      // JSON clients get the app's onError answer; browsers the same problem as a page.
      const failure = json ? null : problemOf(e);
      if (failure === null) throw e;
      return problem(c, deps, failure.code, failure.detail, json, e);
    }
    if (!found) return notFound(c, deps, slug, json);
    if (found instanceof Response) return found;
    const club = toApiClub(found.record, access);
    if (json) return c.json(club, 200, { ...JSON_HEADERS, ETag: found.etag });
    const self = clubUrl(base, found.record.slug);
    return c.body(
      profilePage(club, access, self, {
        ...pageOptions(deps),
        nearby: found.nearby,
        history: found.history,
        currency: {
          converted: clubConversion(found.record, access, found.fx),
          control: currencyControl(
            found.fx,
            `${pageOptions(deps).root}/clubs/${encodeURIComponent(found.record.slug)}`,
          ),
        },
      }),
      200,
      { ...HTML_HEADERS, ETag: found.etag },
    );
  });
  return app;
}

function pageOptions(deps: ProfileDeps): { root: string; name: string } {
  return { root: deps.root ?? "", name: deps.name ?? "Club Directory" };
}

/** JSON when the client prefers it to HTML, by the same rule as the /problems pages. */
function wantsJson(c: Context<AppEnv>): boolean {
  return prefersJson(c.req.header("accept") ?? null);
}

function notFound(c: Context<AppEnv>, deps: ProfileDeps, slug: string, json: boolean): Response {
  return problem(c, deps, "not_found", `No club has the slug "${slug}".`, json);
}

/**
 * Answers a problem: JSON clients get the app's `application/problem+json`
 * (thrown, so the app's `onError` words it like every other error),
 * browsers an HTML page with the same title, detail and hint.
 */
function problem(
  c: Context<AppEnv>,
  deps: ProfileDeps,
  code: ProblemCode,
  detail: string,
  json: boolean,
  cause?: unknown,
): Response {
  // As sent (still percent-encoded): `instance` is a URI reference.
  const instance = new URL(c.req.url).pathname;
  // The cause goes to the operator's log, never to the client.
  if (json) throw new ProblemError(code, detail, { instance, cause });
  // A person reads plain words and links back to the search (server/site/errors.ts).
  const { root, name } = pageOptions(deps);
  const slug = code === "not_found" ? c.req.param("slug") : undefined;
  return sendErrorPage(c, {
    status: PROBLEMS[code].status,
    ...visitorProblem(code, root, { slug, hint: deps.hint?.(code) }),
    root,
    siteName: name,
    account: deps.access(c.req.raw),
  });
}
