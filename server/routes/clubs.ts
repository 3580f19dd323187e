/**
 * `GET /api/v1/clubs` (docs/api.md#the-search-endpoint): query parameters in, the core's ClubList
 * bytes out. All filter rules live in the core (`parseSearch`, `findPage`,
 * `clubListBody`); this module only reads parameters, caches, and names
 * headers (server/respond builds the response).
 *
 * The hot path is two cache hits, both bounded by bytes: the parsed query
 * per raw query string (the route's own, see {@link queryCache}: parsing
 * needs no database) and the serialized body per (filters, page, limit,
 * access) in the snapshot's memo (`clubs.pages`, see core/store/memo.ts,
 * gone with the snapshot when an import is picked up). Kept bodies are
 * ASCII-only JSON strings (see core/model/json.ts); a page sent once goes
 * out as bytes (see {@link CachedPage}). A cached body is byte for byte
 * what a fresh one would be.
 * Its compressed forms (made by `sendCached`, see server/respond/cached.ts)
 * are kept in the same entry, weighed with it, so they share the memo's
 * budget: a client that asks for `br` or `gzip` costs one compression per
 * page and snapshot.
 * A search that finds nothing carries `suggestions` (see
 * core/search/suggest.ts).
 *
 * @example
 * ```ts ignore
 * import { clubsRoute } from "./clubs.ts";
 * app.route("/api/v1", clubsRoute({ directory, name: "Club Directory", baseUrl: null, problems }));
 * ```
 * @module
 */
import { type Context, Hono } from "hono";
import {
  clubListBody,
  findPage,
  parseSearch,
  type Result,
  type SearchError,
  searchKey,
  type SearchQuery,
  suggest,
} from "../../core/search/mod.ts";
import {
  facetCounts,
  type FacetError,
  type FacetName,
  facetsObject,
  parseFacets,
} from "../../core/facets/mod.ts";
import {
  approxBytes,
  type ClubStore,
  type Directory,
  Doorkeeper,
  Lru,
} from "../../core/store/mod.ts";
import { asciiJson, ProblemError } from "../../core/model/mod.ts";
import { type FeeAccess } from "../../core/club/mod.ts";
import { baseUrlOf } from "../http/base_url.ts";
import type { AppEnv } from "../http/env.ts";
import { encodedBytes } from "../http/compress.ts";
import { queryPairs } from "../http/query_pairs.ts";
import { rawSearchOf, SCALAR_PARAMS } from "../http/search_params.ts";
import { type CachedBody, type Problems, sendCached } from "../respond/mod.ts";

/** Options of {@link clubsRoute}. */
export interface ClubsRouteOptions {
  directory: Directory;
  /** Sent as `X-Data-Source`. */
  name: string;
  /** `{base_url}` for `Link`; null uses the request's origin. */
  baseUrl: string | null;
  /** The caller's fee access; default "locked". */
  access?: (req: Request) => FeeAccess;
  problems: Problems;
  /** Parsed query strings (default {@link queryCache}()); tests pass their own to watch it. */
  queries?: Lru<string, ParsedQuery>;
}

/**
 * A serialized response body kept for one snapshot, with its compressed
 * forms. A kept body is an ASCII-only JSON string (see core/model/json.ts):
 * a one-byte string, which `Deno.serve` sends faster than a `Uint8Array`
 * (it copies a byte body on every response). A page made for one request
 * and not kept (most, under distinct queries) goes out as the bytes
 * assembled from the held club JSON (core/store/club_json.ts), never
 * decoded: one 50–200 KB string less per request for the young generation
 * (measured about 15% less CPU a request under the mixed load).
 */
interface CachedPage extends CachedBody {
  /** Matches across all pages (the `X-Total-Clubs` header). */
  total: number;
}

/**
 * Bytes of response bodies kept per snapshot (see core/store/memo.ts),
 * plain and compressed together: about 30 pages of 50 clubs with their
 * compressed forms. A kept page earns a compression (about 1 ms for br)
 * and 5-30 µs of search and assembly; only pages asked for repeatedly are
 * kept (`admit: "second"`), and these are few, so a larger budget held
 * megabytes of old generation for a distinct workload that never hits.
 */
const PAGES_BYTES = 2 * 1024 * 1024;

/** The snapshot's response bodies, by (filters, page, limit, access). */
function pages(store: ClubStore) {
  // Bodies are bytes or ASCII (one byte per character); keys may hold any text.
  return store.memo<string, CachedPage>("clubs.pages", PAGES_BYTES, {
    weigh: (page, key) => page.body.length + 2 * key.length + encodedBytes(page.encoded),
    // A page is rebuilt in microseconds from bitsets and held JSON; keeping
    // every one-off page would only churn the old generation of the heap.
    admit: "second",
  });
}

/**
 * Bytes of parsed query strings kept by one route: about a thousand, only
 * those asked for twice. A parse costs a few microseconds; a larger cache
 * only held distinct query strings that do not come back.
 */
const QUERIES_BYTES = 512 * 1024;

/**
 * Query strings remembered as seen once: about as many as the cache holds,
 * since a query that comes back only after more distinct ones than that
 * would be evicted before it came back again.
 */
const QUERIES_SEEN = 1024;

/**
 * A cache of parsed query strings, by query string, bounded by bytes. It is
 * not per snapshot: reading parameters needs no database, so a bad
 * parameter is a 400 even while the database cannot be read.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { queryCache } from "./clubs.ts";
 * const cache = queryCache(1024 * 1024);
 * assert.equal(cache.weight, 0); // bytes held
 * ```
 */
export function queryCache(bytes: number = QUERIES_BYTES): Lru<string, ParsedQuery> {
  return new Lru(bytes, (parsed, search) => approxBytes(parsed) + 2 * search.length);
}

/** A query string, read and validated once. */
export type ParsedQuery =
  | { ok: false; error: SearchError | FacetError }
  | {
    ok: true;
    query: SearchQuery;
    /** Facets to count (`facets=`), none when not sent. */
    facets: FacetName[];
    /** Cache key of the body without the access level. */
    key: string;
    /**
     * The parameters the route reads but `page`, decoded and encoded again,
     * each followed by `&`: the start of the `Link` addresses.
     */
    rest: string;
  };

const METHODS = "GET, HEAD";
const PATH = "/clubs";
const API_PATH = "/api/v1/clubs";
/**
 * Percent-encodes a query component as RFC 3986 and form encoders do (also
 * `!'()*`, which `encodeURIComponent` leaves); commas (waitlist lists) stay
 * readable.
 */
function encode(text: string): string {
  // Most values (codes, words, numbers) need no escaping at all.
  if (UNRESERVED.test(text)) return text;
  return encodeURIComponent(text).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  ).replaceAll("%2C", ",");
}

/** Text that {@link encode} leaves as it is: RFC 3986 unreserved characters and commas. */
const UNRESERVED = /^[A-Za-z0-9_.~,-]*$/;

/** Parameters whose every value counts, combined with commas. */
const LIST_PARAMS = new Set(["waitlist", "facets"]);

/**
 * The query string for `Link`, rebuilt from the parameters the route reads
 * (docs/api.md#get-apiv1clubs), without `page`: each search parameter once,
 * with the value that counted (the first), `waitlist` and `facets` with
 * all their values joined by commas, in the order they first came;
 * unknown parameters are left out. Every value is decoded and
 * percent-encoded again, so the header holds only URL characters whatever
 * the client sent (raw `ł` or `日本` included).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { linkParams } from "./clubs.ts";
 * assert.equal(linkParams("q=%C5%82&page=2&waitlist=open,closed"), "q=%C5%82&waitlist=open,closed&");
 * assert.equal(linkParams("q=ł"), "q=%C5%82&");
 * assert.equal(linkParams("type=golf&x=1&type=city&waitlist=open&waitlist=closed"), "type=golf&waitlist=open,closed&");
 * ```
 */
export function linkParams(search: string): string {
  return linkParamsOf(queryPairs(search));
}

/** {@link linkParams} of parsed pairs. */
function linkParamsOf(pairs: readonly [string, string][]): string {
  const values = new Map<string, string[]>();
  for (const [name, value] of pairs) {
    if (LIST_PARAMS.has(name)) {
      const list = values.get(name);
      if (list) list.push(value);
      else values.set(name, [value]);
    } else if (SCALAR_PARAMS.has(name) && name !== "page" && !values.has(name)) {
      values.set(name, [value]);
    }
  }
  let rest = "";
  for (const [name, list] of values) rest += `${name}=${list.map(encode).join(",")}&`;
  return rest;
}

function parseQuery(search: string): ParsedQuery {
  const pairs = search === "" ? [] : queryPairs(search);
  const parsed: Result<SearchQuery, SearchError> = parseSearch(rawSearchOf(pairs));
  if (!parsed.ok) return parsed;
  const q = parsed.value;
  const facets = parseFacets(pairs.filter(([name]) => name === "facets").map(([, v]) => v));
  if (!facets.ok) return facets;
  return {
    ok: true,
    query: q,
    facets: facets.value,
    // The search's page key, then what else shapes the body: the facets asked for.
    key: `${searchKey(q)}|${facets.value.join(",")}|`,
    rest: linkParamsOf(pairs),
  };
}

/**
 * The `Link` header of a page (RFC 8288): `rel="next"` while more clubs
 * follow, `rel="prev"` from page 2 (past the end, it points at the last
 * real page), then always `rel="first"` (page 1) and `rel="last"` (the
 * last page with clubs; page 1 when there are none).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { pageLinks } from "./clubs.ts";
 * const page = (n: number) => `<https://x.example/api/v1/clubs?type=golf&page=${n}>`;
 * assert.equal(
 *   pageLinks("https://x.example", "type=golf&", 2, 10, 35),
 *   `${page(3)}; rel="next", ${page(1)}; rel="prev", ${page(1)}; rel="first", ${page(4)}; rel="last"`,
 * );
 * ```
 */
export function pageLinks(
  base: string,
  rest: string,
  page: number,
  limit: number,
  total: number,
): string {
  const last = Math.max(1, Math.ceil(total / limit));
  const url = `${base}${API_PATH}?${rest}page=`;
  const links: string[] = [];
  if (page < last) links.push(`<${url}${page + 1}>; rel="next"`);
  if (page > 1) links.push(`<${url}${Math.min(page - 1, last)}>; rel="prev"`);
  links.push(`<${url}1>; rel="first"`, `<${url}${last}>; rel="last"`);
  return links.join(", ");
}

const locked = (): FeeAccess => "locked";
const decoder = new TextDecoder();

/**
 * A page the memo keeps, with its body as a string: a body made as bytes is
 * a view of the held text's reused buffer, valid only until the next page.
 */
function keepAsString(page: CachedPage): CachedPage {
  return typeof page.body === "string" ? page : { ...page, body: decoder.decode(page.body) };
}

/**
 * The `/clubs` route, to mount at `/api/v1`. Other methods on it answer 405
 * `method_not_allowed`; other paths fall through to the app's 404.
 *
 * @example
 * ```ts ignore
 * import { clubsRoute } from "./clubs.ts";
 * app.route("/api/v1", clubsRoute({ directory, name: "Club Directory", baseUrl: null, problems }));
 * ```
 */
export function clubsRoute(options: ClubsRouteOptions): Hono<AppEnv> {
  const { directory, name, baseUrl, problems } = options;
  const accessOf = options.access ?? locked;
  const queries = options.queries ?? queryCache();
  // Only a query string that comes back is kept (see Doorkeeper): distinct
  // queries would otherwise each live in the cache until evicted, long
  // enough to reach V8's old generation and keep the major collector busy.
  const seenQueries = new Doorkeeper(QUERIES_SEEN);

  /** The page of `key`, made when the snapshot's memo lacks it, sent as the request accepts. */
  function sendPage(
    c: Context<AppEnv>,
    store: ClubStore,
    parsed: ParsedQuery & { ok: true },
    key: string,
    access: FeeAccess,
  ): Response {
    const { query, facets } = parsed;
    const memo = pages(store);
    const page = memo.use(key, function makePage() {
      const found = findPage(store, query);
      // The facets object goes last, inside the ClubList object.
      const body = clubListBody(
        store,
        found,
        access,
        found.total === 0 ? suggest(store, query) : [],
        facets.length
          ? `,"facets":${asciiJson(facetsObject(facetCounts(store, query, facets)))}`
          : "",
      );
      return { body, total: found.total, encoded: {} };
    }, keepAsString);
    return sendCached(c, page, {
      headers: [
        ["Content-Type", "application/json"],
        ["Cache-Control", "private, no-store"],
        ["X-Total-Clubs", String(page.total)],
        ["X-Data-Source", name],
      ],
      link: pageLinks(
        baseUrlOf(baseUrl, c.req.url),
        parsed.rest,
        query.page,
        query.limit,
        page.total,
      ),
      kept: { memo, key },
    });
  }

  return new Hono<AppEnv>()
    .get(PATH, function listClubs(c) {
      const url = c.req.url;
      const mark = url.indexOf("?");
      const search = mark < 0 ? "" : url.slice(mark + 1);
      const access = accessOf(c.req.raw);
      let parsed = queries.get(search);
      if (parsed === undefined) {
        parsed = parseQuery(search);
        if (seenQueries.admit(search)) queries.set(search, parsed);
      }
      if (!parsed.ok) throw new ProblemError(parsed.error.code, parsed.error.detail);
      const ok = parsed;
      // A storage failure is a StoreError, which the app's onError answers.
      return directory.read((store) => sendPage(c, store, ok, ok.key + access, access));
    })
    .all(PATH, function otherMethods(c) {
      return problems.respond(
        c,
        "method_not_allowed",
        `"${API_PATH}" does not answer ${c.req.method}; it answers ${METHODS}`,
        { headers: { Allow: METHODS } },
      );
    });
}
