/**
 * The website's reading of a results-page address: the same parameters as
 * `GET /api/v1/clubs`, read by the same function and validated by the same
 * `parseSearch`, plus the filters as the person sent them (trimmed), which
 * the page echoes in its form, its filter chips and its links. Name search
 * matches words by default on the website when the search core offers it
 * (`match=words`); REST keeps its substring default.
 *
 * @example
 * ```ts ignore
 * import { readSiteSearch } from "./search.ts";
 * const r = readSiteSearch("type=golf&state=FL&page=2");
 * if (r.ok) r.value.link; // { type: "golf", state: "FL", page: 2, … }
 * ```
 * @module
 */
import { WAITLIST_VALUES } from "../../core/model/mod.ts";
import {
  DEFAULT_LIMIT,
  parseSearch,
  type RawSearch,
  type Result,
  SEARCH_PARAM_NAMES,
  type SearchError,
  searchKey,
  type SearchQuery,
} from "../../core/search/mod.ts";
import { approxBytes, Lru } from "../../core/store/mod.ts";
import type { SearchLink } from "../html/mod.ts";
import { readSearchParams } from "../http/search_params.ts";

/** The name matching the website asks for when the address names none. */
export const WEBSITE_MATCH = "words";

/** A results-page search, read once per distinct query string. */
export interface SiteSearch {
  /** The filters as sent (trimmed, empty ones dropped), for the page's links. */
  link: SearchLink;
  /** The validated search. */
  query: SearchQuery;
  /** The key of its page (see {@link siteSearchKey}): the same search and link, the same key. */
  key: string;
}

/** Reads a string parameter as sent, trimmed; null when absent or blank. */
function text(raw: Record<string, unknown>, name: string): string | null {
  const v = raw[name];
  if (typeof v !== "string") return null;
  const t = v.trim();
  return t === "" ? null : t;
}

/** The waitlist values sent, once each, in the order of {@link WAITLIST_VALUES}. */
function waitlistItems(raw: RawSearch["waitlist"]): string[] | null {
  if (raw == null) return null;
  const all = new Set(
    (typeof raw === "string" ? [raw] : raw).flatMap((v) => v.split(","))
      .map((v) => v.trim().toLowerCase()).filter((v) => v !== ""),
  );
  return all.size ? WAITLIST_VALUES.filter((v) => all.has(v)) : null;
}

/**
 * Reads and validates a results-page query string (without `?`).
 *
 * @example
 * ```ts ignore
 * import { readSiteSearch } from "./search.ts";
 * readSiteSearch("page=0").ok; // false: invalid_page, as on the API
 * ```
 */
export function readSiteSearch(search: string): Result<SiteSearch, SearchError> {
  const raw = readSearchParams(search) as RawSearch & Record<string, unknown>;
  const sentMatch = text(raw, "match");
  // Ignored by a search core without `match`; words matching once it has it.
  const parsed = parseSearch({ ...raw, match: sentMatch ?? WEBSITE_MATCH } as RawSearch);
  if (!parsed.ok) return parsed;
  const query = parsed.value;
  const limitSent = raw.limit != null && String(raw.limit).trim() !== "";
  const city = text(raw, "city");
  const link: SearchLink = {
    // Runs of spaces read as one (names are compared folded).
    q: query.q === null ? null : text(raw, "q")!.replace(/\s+/g, " "),
    // The defaults are left out: `match=words` and `sort=name` are the same search as none.
    match: query.match === WEBSITE_MATCH ? null : query.match,
    sort: query.sort === "name" ? null : query.sort,
    type: query.typeKey,
    country: query.country,
    state: query.state,
    city: city === null ? null : city.replace(/\s+/g, " "),
    waitlist: query.waitlist === null ? null : waitlistItems(raw.waitlist),
    limit: limitSent && query.limit !== DEFAULT_LIMIT ? query.limit : null,
    page: query.page,
  };
  return { ok: true, value: { link, query, key: siteSearchKey(query, link) } };
}

/**
 * The key of a website search: the search's own key (core/search/key.ts),
 * then its link's values in the parameter table's order, since the page
 * echoes them as sent (the text in the search box, the places as named).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { parseSearch } from "../../core/search/mod.ts";
 * import { siteSearchKey } from "./search.ts";
 * const q = parseSearch({ type: "golf", page: 2 });
 * assert.ok(q.ok);
 * assert.equal(
 *   siteSearchKey(q.value, { type: "golf", page: 2 }),
 *   '["golf",null,null,null,null,null,"name",null,2,50]["golf",null,null,null,null,null,null,null,2,null]',
 * );
 * ```
 */
export function siteSearchKey(query: SearchQuery, link: SearchLink): string {
  return searchKey(query) + JSON.stringify(SEARCH_PARAM_NAMES.map((p) => link[p] ?? null));
}

/** One `name=value` of a query string, percent-decoded; null when it cannot be. */
function decodedParam(part: string): [string, string] | null {
  const eq = part.indexOf("=");
  const name = eq < 0 ? part : part.slice(0, eq);
  const value = eq < 0 ? "" : part.slice(eq + 1);
  try {
    return [decodeURIComponent(name), decodeURIComponent(value)];
  } catch {
    return null; // a malformed escape: not the canonical spelling
  }
}

/**
 * Whether a query string as sent is the canonical one: the same
 * parameters, in the same order, with the same values once percent-decoded,
 * however the client chose to percent-encode them (`%27` or `'`, `%c3%bc`
 * or `%C3%BC`). Compared as strings, an address that a browser re-encodes
 * on the way would never match and would redirect to itself forever. A `+`
 * is not a space here: browsers send it as it is, and the search form's
 * `q=a+b` redirects once to the one shareable `q=a%20b`.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { sameParams } from "./search.ts";
 * assert.ok(sameParams("q=women's", "q=women%27s"));
 * assert.equal(sameParams("q=st+andrews", "q=st%20andrews"), false);
 * ```
 */
export function sameParams(sent: string, canonical: string): boolean {
  if (sent === canonical) return true;
  const a = sent.split("&");
  const b = canonical.split("&");
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = decodedParam(a[i]!);
    const y = decodedParam(b[i]!);
    if (x === null || y === null || x[0] !== y[0] || x[1] !== y[1]) return false;
  }
  return true;
}

/**
 * Bytes of query strings and their readings remembered (keys included: a
 * query string is as long as the client makes it, up to the URL limit).
 */
const READ_SEARCH_BYTES = 2 * 1024 * 1024;

/**
 * A reader of results-page query strings that remembers the latest ones
 * within {@link READ_SEARCH_BYTES} (reading does not depend on the snapshot).
 *
 * @example
 * ```ts ignore
 * import { siteSearchReader } from "./search.ts";
 * const read = siteSearchReader();
 * read("q=royal") === read("q=royal"); // true: the same object
 * ```
 */
export function siteSearchReader(): (search: string) => Result<SiteSearch, SearchError> {
  const seen = new Lru<string, Result<SiteSearch, SearchError>>(
    READ_SEARCH_BYTES,
    (r, search) => approxBytes(r) + approxBytes(search),
  );
  return (search) => {
    let r = seen.get(search);
    if (r === undefined) seen.set(search, r = readSiteSearch(search));
    return r;
  };
}
