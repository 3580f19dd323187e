/**
 * Pieces shared by the pages: words for stored values (types, waitlist,
 * listing status), fee cells as the session allows, the image box, place
 * lines, and links to filtered searches.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { humanize, searchUrl } from "./components.ts";
 * assert.deepStrictEqual(humanize("country_club"), "Country club");
 * assert.deepStrictEqual(searchUrl("", { type: "golf", state: "Florida" }), "/clubs?type=golf&state=Florida");
 * ```
 * @module
 */
import type { Club, FeeAccess, FeeView } from "../../core/club/mod.ts";
import type { SearchParam } from "../../core/search/mod.ts";
import { humanize, WAITLIST_WORDS, waitlistWords } from "../../core/model/mod.ts";
import { markup, type SafeHtml } from "./template.ts";

/**
 * `country_club` → `Country club` (core/model/words.ts: the same words on
 * every surface).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { humanize } from "./components.ts";
 * assert.deepStrictEqual(humanize("by_invitation"), "By invitation");
 * ```
 */
export { humanize };

/**
 * A club's place line: city, region, country, those it has, as listed.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { placeLine } from "./components.ts";
 * assert.deepStrictEqual(placeLine({ city: null, state: "Florida", country: "United States" }), "Florida, United States");
 * ```
 */
export function placeLine(
  club: { city: string | null; state: string | null; country: string | null },
): string {
  return [club.city, club.state, club.country].filter((p) => p).join(", ");
}

/**
 * The label of a club's opening year, in the tense the year calls for:
 * "Opens" for a year to come (and for a coming-soon club's current year),
 * "Opened" for a year gone by.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { openedLabel } from "./components.ts";
 * assert.equal(openedLabel(2028, "coming_soon", 2026), "Opens");
 * assert.equal(openedLabel(2026, "coming_soon", 2026), "Opens");
 * assert.equal(openedLabel(2026, "published", 2026), "Opened");
 * assert.equal(openedLabel(1913, "published", 2026), "Opened");
 * ```
 */
export function openedLabel(
  year: number,
  status: string | null,
  thisYear: number = new Date().getUTCFullYear(),
): "Opens" | "Opened" {
  return year > thisYear || (year === thisYear && status === "coming_soon") ? "Opens" : "Opened";
}

/**
 * A coming-soon listing in words, with the year it expects to open when
 * known: the tag on a card and the badge on a profile.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { comingSoonText } from "./components.ts";
 * assert.equal(comingSoonText(2028), "Coming soon (opens 2028)");
 * assert.equal(comingSoonText(null), "Coming soon");
 * ```
 */
export function comingSoonText(year: number | null): string {
  return year ? `Coming soon (opens ${year})` : "Coming soon";
}

const LONG_DATE = new Intl.DateTimeFormat("en-GB", {
  day: "numeric",
  month: "long",
  year: "numeric",
  timeZone: "UTC",
});

/**
 * A day (YYYY-MM-DD) as people write it, in a `<time>` element: the rates'
 * date, a snapshot's.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { dayTime } from "./components.ts";
 * assert.equal(String(dayTime("2025-03-03")), '<time datetime="2025-03-03">3 March 2025</time>');
 * ```
 */
export function dayTime(date: string): SafeHtml {
  return markup`<time datetime="${date}">${dayText(date)}</time>`;
}

/**
 * A day (YYYY-MM-DD) in words: `3 March 2025`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { dayText } from "./components.ts";
 * assert.equal(dayText("2025-01-15"), "15 January 2025");
 * ```
 */
export function dayText(date: string): string {
  return LONG_DATE.format(new Date(`${date}T00:00:00Z`));
}

/** The fees of a club's `fee_views`, in the order and words of the pages. */
export const FEE_LABELS: readonly (readonly [FeeKey, string])[] = [
  ["initiation", "Initiation fee"],
  ["annual", "Annual dues"],
  ["monthly", "Monthly dues"],
  ["firstYear", "First-year cost"],
];

/** One of the four fees of a club's `fee_views`. */
export type FeeKey = keyof Club["fee_views"];

/**
 * A type as a plural heading: `golf` → `Golf clubs`, `country_club` →
 * `Country clubs`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { typeClubs } from "./components.ts";
 * assert.deepStrictEqual(typeClubs("country_club"), "Country clubs");
 * ```
 */
export function typeClubs(type: string): string {
  const h = humanize(type);
  return / club$/i.test(h) ? `${h}s` : `${h} clubs`;
}

/** How each stored waitlist value reads on a page (the one table in core/model/words.ts). */
export const WAITLIST_TEXT: Readonly<Record<string, string>> = WAITLIST_WORDS;

/**
 * A waitlist value in words; null reads as not stated.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { waitlistText } from "./components.ts";
 * assert.deepStrictEqual(waitlistText("open"), "Open to applications");
 * ```
 */
export const waitlistText: (value: string | null) => string = waitlistWords;

/**
 * A waitlist value as a coloured badge (`wl wl-<value>`): a link to the
 * clubs with that value when `href` (an address) is given.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { waitlistBadge } from "./components.ts";
 * assert.equal(String(waitlistBadge("open")), '<span class="wl wl-open">Open to applications</span>');
 * assert.equal(String(waitlistBadge("closed", "/clubs?a=1&b=2")),
 *   '<a class="wl wl-closed" href="/clubs?a=1&amp;b=2">Closed to new members</a>');
 * ```
 */
export function waitlistBadge(value: string | null, href?: string): SafeHtml {
  const v = value ?? "unknown";
  const cls = `wl wl-${v.replace(/[^a-z_]/g, "")}`;
  const words = waitlistText(v);
  return href
    ? markup`<a class="${cls}" href="${href}">${words}</a>`
    : markup`<span class="${cls}">${words}</span>`;
}

/**
 * Thousands separators, as the pages write every count.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { num } from "./components.ts";
 * assert.deepStrictEqual(num(39250), "39,250");
 * ```
 */
export function num(n: number): string {
  return n.toLocaleString("en-US");
}

/**
 * A count and its noun, formatted, singular for one: `1 club`, `18,449
 * clubs`. The plural is the noun plus `s` unless given.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { plural } from "./components.ts";
 * assert.deepStrictEqual(plural(1, "club"), "1 club");
 * assert.deepStrictEqual(plural(18449, "club"), "18,449 clubs");
 * assert.deepStrictEqual(plural(2, "match", "matches"), "2 matches");
 * ```
 */
export function plural(n: number, one: string, many = `${one}s`): string {
  return `${num(n)} ${n === 1 ? one : many}`;
}

/**
 * One fee as the session allows: the figure or range, "locked", or "not on
 * file". `after` goes right after a figure or range (before "(estimate)"):
 * the same fee in another currency.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { markup } from "./template.ts";
 * import { feeCell } from "./components.ts";
 * assert.equal(String(feeCell({ kind: "locked" })), '<span class="locked">locked</span>');
 * assert.equal(
 *   String(feeCell({ kind: "band", label: "$1k–$5k", estimate: true }, markup`<i>x</i>`)),
 *   '<span class="fee">$1k–$5k</span> <i>x</i> <span class="muted">(estimate)</span>',
 * );
 * ```
 */
export function feeCell(v: FeeView, after: SafeHtml | null = null): SafeHtml {
  const extra = after === null ? null : markup` ${after}`;
  switch (v.kind) {
    case "exact":
      return markup`<span class="fee">${v.label ?? ""}</span>${extra}`;
    case "band":
      return markup`<span class="fee">${v.label ?? ""}</span>${extra}${
        v.estimate ? markup` <span class="muted">(estimate)</span>` : null
      }`;
    case "locked":
      return markup`<span class="locked">locked</span>`;
    default:
      return markup`<span class="muted">not on file</span>`;
  }
}

/**
 * What a caller with this access sees of fees, as one sentence.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { ACCESS_NOTE } from "./components.ts";
 * assert.deepStrictEqual(ACCESS_NOTE.band, "Free account: fees are shown as ranges.");
 * ```
 */
export const ACCESS_NOTE: Readonly<Record<FeeAccess, string>> = Object.freeze({
  locked:
    "Fees on file are locked: sign in to see ranges with a free account, or club-verified figures as a member.",
  band: "Free account: fees are shown as ranges.",
  exact: "Member: club-verified fees are exact; other fees are shown as ranges.",
});

/**
 * Up to two initials of a name, for the image placeholder.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { initials } from "./components.ts";
 * assert.deepStrictEqual(initials("The Union League Club"), "UL");
 * ```
 */
export function initials(name: string): string {
  const words = name.split(/[^\p{L}\p{N}']+/u).filter((w) => /^\p{L}/u.test(w));
  const main = words.filter((w) => !/^(the|club|of|de|la|le|and|golf)$/i.test(w));
  const pick = (main.length ? main : words).slice(0, 2).map((w) => [...w][0]!.toUpperCase());
  return pick.join("") || "·";
}

/**
 * A photo in a box of fixed size: the image when the URL is a web address,
 * else a placeholder with the club's initials. When the image fails to
 * load, the stylesheet draws the same placeholder over it (a broken image
 * gets `::after` content), so a page never shows a broken-image icon.
 * Lists pass `alt: ""` (the club's name is the next thing read); a profile
 * describes the photo.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { imageBox } from "./components.ts";
 * // "Club" is left out of the initials.
 * assert.equal(
 *   String(imageBox({ url: null, name: "Cosmos Club", alt: "" })),
 *   '<div class="media"><span class="ph" aria-hidden="true">C</span></div>',
 * );
 * ```
 */
export function imageBox(o: {
  url: string | null;
  name: string;
  alt: string;
  hero?: boolean;
}): SafeHtml {
  const cls = o.hero ? "media hero" : "media";
  const mark = initials(o.name);
  // Only web images: anything else in the column is not rendered at all.
  if (!o.url || !/^https?:\/\//i.test(o.url)) {
    return markup`<div class="${cls}"><span class="ph" aria-hidden="true">${mark}</span></div>`;
  }
  const [w, h] = o.hero ? [1120, 630] : [144, 108];
  const loading = o.hero ? markup`fetchpriority="high"` : markup`loading="lazy"`;
  return markup`<div class="${cls}"><img src="${o.url}" alt="${o.alt}" width="${w}" height="${h}" ${loading} decoding="async" data-initials="${mark}"></div>`;
}

/**
 * Filters of a website search as the person sent them (trimmed): one entry
 * per search parameter of the table (core/model/search_params.ts).
 */
export type SearchLink = {
  [K in SearchParam]?:
    | (K extends "waitlist" ? readonly string[] : K extends "page" | "limit" ? number : string)
    | null;
};

/** The order of a search link's parameters: one address per search. */
export const LINK_ORDER = [
  "q",
  "match",
  "sort",
  "type",
  "country",
  "state",
  "city",
  "waitlist",
  "limit",
  "page",
] as const satisfies readonly SearchParam[];

/** Every parameter has its place in an address: a new one does not compile until it is placed. */
const _everyParamPlaced: Exclude<SearchParam, typeof LINK_ORDER[number]> extends never ? true
  : never = true;

/**
 * Percent-encodes one query component for a link or a redirect: as
 * `encodeURIComponent`, plus `'` as `%27`. A browser percent-encodes `'` in
 * the query of an http(s) address itself (the WHATWG URL parser's
 * special-query set), so an address holding a raw `'` is requested as a
 * different string than the one the page or the redirect gave; every other
 * character `encodeURIComponent` leaves alone, the browser leaves alone too.
 * Every link and redirect of the site encodes query values with this one
 * function, so their addresses are the ones browsers send back.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { queryComponent } from "./components.ts";
 * assert.deepStrictEqual(queryComponent("St. John's"), "St.%20John%27s");
 * ```
 */
export function queryComponent(text: string): string {
  return encodeURIComponent(text).replaceAll("'", "%27");
}

/**
 * The query string of a search (without `?`), in a fixed order so the same
 * search always has the same address; empty values and page 1 are left out.
 * Values are encoded with {@link queryComponent}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { searchQuery } from "./components.ts";
 * assert.deepStrictEqual(searchQuery({ page: 1, waitlist: ["open", "closed"], type: "golf" }), "type=golf&waitlist=open,closed");
 * ```
 */
export function searchQuery(link: SearchLink): string {
  const parts: string[] = [];
  for (const name of LINK_ORDER) {
    const v = link[name];
    if (v == null || v === "" || (Array.isArray(v) && v.length === 0)) continue;
    if (name === "page" && v === 1) continue;
    const text = Array.isArray(v) ? v.join(",") : String(v);
    // Commas separate list items: kept as they are, as people write them.
    parts.push(`${name}=${queryComponent(text).replaceAll("%2C", ",")}`);
  }
  return parts.join("&");
}

/**
 * The address of the results page for a search (not escaped: a template
 * escapes it where it is written).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { searchUrl } from "./components.ts";
 * assert.equal(searchUrl("/dir", { country: "Canada", type: "golf" }), "/dir/clubs?type=golf&country=Canada");
 * ```
 */
export function searchUrl(root: string, link: SearchLink): string {
  const query = searchQuery(link);
  return `${root}/clubs${query ? `?${query}` : ""}`;
}

/**
 * The address of a club's profile (not escaped).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { profileUrl } from "./components.ts";
 * assert.equal(profileUrl("", "st-john's"), "/clubs/st-john's");
 * ```
 */
export function profileUrl(root: string, slug: string): string {
  return `${root}/clubs/${encodeURIComponent(slug)}`;
}
