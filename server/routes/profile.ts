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
import { type Club, type ClubRecord, ClubRecordSchema } from "../../core/schema/mod.ts";
import type { ClubStore, Directory } from "../../core/store/mod.ts";
import { type ProblemCode, ProblemError, PROBLEMS, VERSION } from "../../core/model/mod.ts";
import { clubUrl, type FeeAccess, toApiClub } from "../../core/club/mod.ts";
import { findPage, parseSearch, type RawSearch } from "../../core/search/mod.ts";
import {
  ACCESS_NOTE,
  escapeHtml,
  humanize,
  imageBox,
  num,
  pageShell,
  plural,
  profileHref,
  queryComponent,
  searchHref,
  type SearchLink,
  SESSION_PAGE_HEADERS,
  typeClubs,
  visitorProblem,
  waitlistBadge,
  waitlistText,
} from "../html/mod.ts";
import type { AppEnv } from "../http/env.ts";
import { notModified, problemOf, tagOf, weakTag } from "../respond/mod.ts";
import { sendErrorPage } from "../site/errors.ts";
import type { Converted } from "../../core/rates/mod.ts";
import {
  clubConversion,
  currencyControl,
  currencyKey,
  currencyParam,
  currencyRedirect,
  feeCellIn,
  type PageCurrency,
  pageCurrency,
} from "../site/currency.ts";
import { prefersJson } from "./problems.ts";

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

/** Clubs listed under "More clubs nearby". */
const NEARBY = 6;

/** Whether the search core filters by city (it did not always). */
const CITY_FILTER = (() => {
  const r = parseSearch({ city: "x" } as RawSearch);
  return r.ok && "city" in r.value;
})();

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
      | { record: ClubRecord; nearby: Nearby; etag: string; fx: PageCurrency | null }
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
          { record, nearby: json ? NO_NEARBY : nearby(store, record), etag, fx };
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

/** Clubs near a club: the same city when the core can filter by it, else the same region. */
export interface Nearby {
  /** Where they are, as a search (its link is "all clubs there"). */
  where: SearchLink;
  /** Its words, e.g. "Juno Beach" or "Florida". */
  label: string;
  total: number;
  clubs: ClubRecord[];
}

const NO_NEARBY: Nearby = { where: {}, label: "", total: 0, clubs: [] };

/** The search of one place around a club, or null when the club has no such place. */
function placeSearch(club: ClubRecord, level: "city" | "state"): SearchLink | null {
  if (!club.country || !club.state || (level === "city" && !club.city)) return null;
  return {
    country: club.country,
    state: club.state,
    ...(level === "city" ? { city: club.city } : {}),
  };
}

function nearby(store: ClubStore, club: ClubRecord): Nearby {
  const levels = CITY_FILTER ? ["city", "state"] as const : ["state"] as const;
  for (const level of levels) {
    const where = placeSearch(club, level);
    if (where === null) continue;
    const q = parseSearch({ ...where, limit: NEARBY + 1 } as RawSearch);
    if (!q.ok) continue;
    const page = findPage(store, q.value);
    const clubs = store.records(page.ranks).filter((r) => r.slug !== club.slug).slice(0, NEARBY);
    if (clubs.length) {
      return {
        where,
        label: (level === "city" ? club.city : club.state)!,
        total: page.total,
        clubs,
      };
    }
  }
  return NO_NEARBY;
}

const FEE_ROWS: [keyof Club["fee_views"], string][] = [
  ["initiation", "Initiation fee"],
  ["annual", "Annual dues"],
  ["monthly", "Monthly dues"],
  ["firstYear", "First-year cost"],
];

/** `<dt>/<dd>` pairs for the values that are present (values are escaped HTML). */
function facts(rows: [string, string | null][]): string {
  const present = rows.filter((r): r is [string, string] => r[1] !== null);
  return present.length
    ? `<dl>${present.map(([k, v]) => `<dt>${escapeHtml(k)}</dt><dd>${v}</dd>`).join("")}</dl>`
    : "";
}

function section(title: string, body: string): string {
  return body ? `<section><h2>${escapeHtml(title)}</h2>${body}</section>` : "";
}

function statusText(club: Club): string | null {
  if (club.status === null) return null;
  if (club.status === "coming_soon") {
    return club.opened_year ? `Coming soon (opens ${club.opened_year})` : "Coming soon";
  }
  // Other statuses (`published`, …) are the directory's bookkeeping: not shown to visitors.
  return club.status === "unclaimed" ? "Not yet confirmed by the club" : null;
}

const text = (v: string | number | null) => v === null ? null : escapeHtml(String(v));

/** The place line, each part a link to the clubs there. */
function placeLinks(root: string, club: Club): string {
  const parts: string[] = [];
  const country = club.country;
  const state = club.state;
  if (club.city) {
    parts.push(
      CITY_FILTER && country && state
        ? `<a href="${searchHref(root, { country, state, city: club.city })}">${
          escapeHtml(club.city)
        }</a>`
        : escapeHtml(club.city),
    );
  }
  if (state) {
    parts.push(
      country
        ? `<a href="${searchHref(root, { country, state })}">${escapeHtml(state)}</a>`
        : escapeHtml(state),
    );
  }
  if (country) parts.push(`<a href="${searchHref(root, { country })}">${escapeHtml(country)}</a>`);
  return parts.join(", ");
}

function nearbySection(root: string, near: Nearby): string {
  if (!near.clubs.length) return "";
  const items = near.clubs.map((r) =>
    `<li><a href="${profileHref(root, r.slug)}">${escapeHtml(r.name)}</a>${
      r.city ? ` <span class="muted">${escapeHtml(r.city)}</span>` : ""
    }</li>`
  );
  return `<section aria-labelledby="nearby"><h2 id="nearby">More clubs nearby</h2>
<ul>${items.join("")}</ul>
<p><a href="${searchHref(root, near.where)}">All ${plural(near.total, "club")} in ${
    escapeHtml(near.label)
  }</a></p></section>`;
}

/** What a profile page needs besides the club. */
export interface ProfilePageOptions {
  root: string;
  name: string;
  nearby: Nearby;
  /** The fees in the visitor's currency, and its form (site/currency.ts). */
  currency?: { converted: Converted | null; control: string };
}

/**
 * The HTML profile of a club as the caller may see it. Every value from the
 * database is escaped.
 *
 * @example
 * ```ts ignore
 * const html = profilePage(toApiClub(record, "locked"), "locked",
 *   "https://clubs.example.com/clubs/seminole", { root: "", name: "Club Directory", nearby });
 * ```
 */
export function profilePage(
  club: Club,
  access: FeeAccess,
  selfUrl: string,
  o: ProfilePageOptions,
): string {
  const { root } = o;
  const place = placeLinks(root, club);
  const badges = [
    statusText(club),
    club.verified ? "Verified listing" : null,
  ].filter((b) => b !== null).map((b) => `<span class="tag">${escapeHtml(b)}</span>`).join(" ");
  const kind = club.type === null
    ? ""
    : `<p class="kind"><a href="${searchHref(root, { type: club.type })}">${
      escapeHtml(humanize(club.type))
    }</a></p>`;
  const rating = club.google_rating === null
    ? null
    : `${club.google_rating} / 5${
      club.google_review_count === null
        ? ""
        : ` (${num(club.google_review_count)} Google review${
          club.google_review_count === 1 ? "" : "s"
        })`
    }`;
  const noFees = Object.values(club.fee_views).every((v) => v.kind === "none");
  const signIn = access === "locked" && !noFees
    ? ` <a href="${root}/sign-in?next=${
      escapeHtml(queryComponent(`${root}/clubs/${encodeURIComponent(club.slug)}`))
    }">Sign in</a>`
    : "";
  const fees = `<table class="feetable"><tbody>${
    FEE_ROWS.map(([key, label]) =>
      `<tr><th scope="row">${escapeHtml(label)}</th><td>${
        feeCellIn(club.fee_views[key], o.currency?.converted ?? null, key)
      }</td></tr>`
    ).join("")
  }</tbody></table>
<p class="muted">${
    escapeHtml(noFees ? "No fees are on file for this club." : ACCESS_NOTE[access])
  }${signIn}</p>${noFees ? "" : o.currency?.control ?? ""}`;
  const about = club.description === null
    ? ""
    : club.description.split(/\n\s*\n/).map((p) =>
      `<p>${escapeHtml(p.trim()).replace(/\n/g, "<br>")}</p>`
    ).join("");
  const waitlist = club.waitlist_status ?? "unknown";
  const crumbs = [
    `<a href="${root}/">Search</a>`,
    club.type
      ? `<a href="${searchHref(root, { type: club.type })}">${typeClubs(club.type)}</a>`
      : "",
    club.country
      ? `<a href="${searchHref(root, { country: club.country })}">${escapeHtml(club.country)}</a>`
      : "",
    club.country && club.state
      ? `<a href="${searchHref(root, { country: club.country, state: club.state })}">${
        escapeHtml(club.state)
      }</a>`
      : "",
  ].filter(Boolean).join(" › ");
  const main = `<nav aria-label="Breadcrumb" class="crumbs">${crumbs}</nav>
<div class="lead">
<div class="title">
<h1>${escapeHtml(club.name)}</h1>
${kind}
${place ? `<p class="place">${place}</p>` : ""}
<p class="badges">${waitlistBadge(waitlist, searchHref(root, { waitlist: [waitlist] }))}${
    badges ? ` ${badges}` : ""
  }</p>
${rating ? `<p class="rating">★ ${escapeHtml(rating)}</p>` : ""}
</div>
${imageBox({ url: club.hero_image_url, name: club.name, alt: `Photo of ${club.name}`, hero: true })}
<div class="keyfacts">
${
    section(
      "Membership",
      facts([
        ["Waitlist", escapeHtml(waitlistText(waitlist))],
        ["Founded", text(club.founded_year)],
        ["Opened", text(club.opened_year)],
        ["Currency", text(club.currency)],
      ]),
    )
  }
${section("Fees", fees)}
</div>
<div class="more-facts">
${
    section(
      "Amenities",
      club.amenities?.length
        ? `<ul class="amenities">${
          club.amenities.map((a) => `<li>${escapeHtml(humanize(a))}</li>`).join("")
        }</ul>`
        : "",
    )
  }
${
    section(
      "Course",
      facts([
        ["Holes", text(club.holes)],
        ["Par", text(club.par)],
        ["Length", club.yardage === null ? null : `${num(club.yardage)} yards`],
        ["Architect", text(club.course_architect)],
      ]),
    )
  }
</div>
</div>
${section("About", about)}
${nearbySection(root, o.nearby)}`;
  const summary = [
    club.type ? typeClubs(club.type).replace(/s$/, "") : "Private club",
    place ? `in ${[club.city, club.state, club.country].filter(Boolean).join(", ")}` : "",
  ]
    .filter(Boolean).join(" ");
  return pageShell({
    title: club.name,
    main,
    root,
    siteName: o.name,
    description: `${club.name}: ${summary}. Membership, fees and amenities.`,
    canonical: selfUrl,
    alternateJson: selfUrl,
    account: access,
    here: `${root}/clubs/${encodeURIComponent(club.slug)}`,
  });
}
