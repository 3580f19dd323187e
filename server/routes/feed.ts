/**
 * `GET /clubs.atom?<a results page's query>`: follow a search
 * (docs/api.md#atom-feeds). An Atom 1.0 feed (RFC 4287) of the clubs the
 * search's filters find that the kept snapshots added or changed: one entry
 * per club and snapshot, newest first (at most {@link FEED_ENTRIES}), its id
 * stable across imports (`tag:<host>,<snapshot date>:club/<id>/<snapshot
 * id>`; the snapshot ids carry over from import to import), `updated` the
 * snapshot's date, a link to the club's profile and the change in words.
 * Feeds are anonymous: no fee figure or band, only "Fees updated". Readers
 * poll cheaply: an `ETag` and a `Last-Modified` (the newest snapshot's
 * import) answer 304 to `If-None-Match` and `If-Modified-Since`; the body is
 * kept per snapshot and search.
 *
 * @example
 * ```ts ignore
 * import { feedRoutes } from "./feed.ts";
 * app.route("/", feedRoutes({ directory, baseUrl: null, name: "Club Directory", problems }));
 * ```
 * @module
 */
import { type Context, Hono } from "hono";
import {
  MCP_SEARCH_DEFAULTS,
  parseSearch,
  searchKey,
  type SearchQuery,
} from "../../core/search/mod.ts";
import { type ClubChange, listChanges, snapshots } from "../../core/history/mod.ts";
import type { ClubStore, Directory } from "../../core/store/mod.ts";
import { clubUrl } from "../../core/club/mod.ts";
import { ProblemError } from "../../core/model/mod.ts";
import { baseUrlOf } from "../http/base_url.ts";
import type { AppEnv } from "../http/env.ts";
import { encodedBytes } from "../http/compress.ts";
import { queryPairs } from "../http/query_pairs.ts";
import { rawSearchOf } from "../http/search_params.ts";
import { type CachedBody, type Problems, send, sendCached, tagOf } from "../respond/mod.ts";

/** Options of {@link feedRoutes}. */
export interface FeedRouteOptions {
  directory: Directory;
  /** `{base_url}` for links and ids; null uses the request's origin. */
  baseUrl: string | null;
  /** The directory's name, the feed's author. */
  name: string;
  problems: Problems;
}

/** The feed's path. */
export const FEED_PATH = "/clubs.atom";

/** Entries in a feed: the newest changes the search finds. */
export const FEED_ENTRIES = 100;

const METHODS = "GET, HEAD";

/** Bytes of feed bodies kept per snapshot (see core/store/memo.ts). */
const FEEDS_BYTES = 2 * 1024 * 1024;

interface CachedFeed extends CachedBody {
  etag: string;
  /** `Last-Modified`, an HTTP date; null when the history is empty. */
  modified: string | null;
}

/** The search parameters a feed keeps, in the order the results page writes them. */
const FEED_PARAMS = ["type", "country", "state", "city", "q", "match", "waitlist"] as const;

// Characters XML 1.0 forbids (controls but tab, LF and CR; U+FFFE/U+FFFF; lone surrogates).
// deno-lint-ignore no-control-regex
const NOT_XML = new RegExp(
  "[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\uFFFE\\uFFFF]|[\\uD800-\\uDBFF](?![\\uDC00-\\uDFFF])|(?<![\\uD800-\\uDBFF])[\\uDC00-\\uDFFF]",
  "g",
);
const XML_SPECIAL: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
};

/**
 * Text as XML character data or an attribute value: escaped, and stripped
 * of what XML 1.0 cannot hold.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { xmlText } from "./feed.ts";
 * assert.equal(xmlText('Tom & "Jerry" <Club>\u0001'), "Tom &amp; &quot;Jerry&quot; &lt;Club&gt;");
 * ```
 */
export function xmlText(text: string): string {
  return text.replace(NOT_XML, "").replace(/[&<>"]/g, (c) => XML_SPECIAL[c]!);
}

/** An RFC 3339 timestamp of a snapshot's day (midnight UTC). */
const dayStamp = (day: string) => `${day}T00:00:00Z`;

/**
 * The query string of a search as the feed writes it (its filters only, in
 * a fixed order), for its self link, its id and the results page's link.
 */
function canonicalQuery(pairs: readonly [string, string][]): string {
  const raw = rawSearchOf(pairs) as Record<string, string | string[] | undefined>;
  const out: string[] = [];
  for (const name of FEED_PARAMS) {
    const v = raw[name];
    if (v === undefined) continue;
    const value = Array.isArray(v) ? v.join(",") : v;
    if (value.trim() !== "") {
      out.push(`${name}=${encodeURIComponent(value).replaceAll("%2C", ",")}`);
    }
  }
  return out.join("&");
}

/** The feed's title: the directory's name and the filters in words. */
function feedTitle(name: string, query: string): string {
  const filters = new URLSearchParams(query);
  const parts = [...filters].map(([k, v]) => `${k} ${v}`);
  return `${name}: changes${parts.length ? ` (${parts.join(", ")})` : ""}`;
}

function entry(change: ClubChange, base: string, host: string): string {
  const s = change.snapshot;
  const id = `tag:${host},${s.date}:club/${encodeURIComponent(change.club.id)}/${s.id}`;
  const words = change.words.join(". ");
  const place = [change.club.city, change.club.state, change.club.country].filter(Boolean).join(
    ", ",
  );
  return `<entry><id>${xmlText(id)}</id><title>${
    xmlText(`${change.club.name}: ${words}`)
  }</title>` +
    `<updated>${dayStamp(s.date)}</updated>` +
    `<link rel="alternate" type="text/html" href="${xmlText(clubUrl(base, change.club.slug))}"/>` +
    `<category term="${change.kind}"/>` +
    `<summary type="text">${xmlText(`${words}.${place ? ` ${place}.` : ""}`)}</summary></entry>`;
}

/** The feed's body for one search (see the module's description). */
function feedBody(
  store: ClubStore,
  q: SearchQuery,
  query: string,
  base: string,
  name: string,
): { body: string; newest: string | null } {
  const host = new URL(base).hostname;
  const list = listChanges(store, q, {
    access: "locked",
    page: 1,
    limit: FEED_ENTRIES,
    kinds: ["added", "changed"],
  });
  const latest = snapshots(store)[0];
  const self = `${base}${FEED_PATH}${query ? `?${query}` : ""}`;
  const updated = list.changes[0]?.snapshot.date ?? latest?.date ?? "1970-01-01";
  const body = `<?xml version="1.0" encoding="utf-8"?>\n` +
    `<feed xmlns="http://www.w3.org/2005/Atom">` +
    `<id>${xmlText(self)}</id><title>${xmlText(feedTitle(name, query))}</title>` +
    `<subtitle>Clubs added or changed by the directory's recent updates</subtitle>` +
    `<updated>${dayStamp(updated)}</updated>` +
    `<link rel="self" type="application/atom+xml" href="${xmlText(self)}"/>` +
    `<link rel="alternate" type="text/html" href="${
      xmlText(`${base}/clubs${query ? `?${query}` : ""}`)
    }"/>` +
    `<author><name>${xmlText(name)}</name></author><generator>clubdir</generator>` +
    list.changes.map((c) => entry(c, base, host)).join("") + `</feed>\n`;
  return { body, newest: latest?.importedAt ?? null };
}

/** Whether `If-Modified-Since` holds a date at or after `modified` (both HTTP dates). */
function unmodifiedSince(c: Context<AppEnv>, modified: string | null): boolean {
  const since = c.req.header("if-modified-since");
  if (!since || modified === null || c.req.header("if-none-match")) return false;
  const at = Date.parse(since);
  return Number.isFinite(at) && Date.parse(modified) <= at;
}

/**
 * The feed route, to mount at `/`. Other methods answer 405.
 *
 * @example
 * ```ts ignore
 * const res = await app.request("/clubs.atom?type=golf&state=FL");
 * res.headers.get("content-type"); // "application/atom+xml; charset=utf-8"
 * ```
 */
export function feedRoutes(options: FeedRouteOptions): Hono<AppEnv> {
  const { directory, baseUrl, name, problems } = options;
  return new Hono<AppEnv>()
    .get(FEED_PATH, function feed(c) {
      const url = c.req.url;
      const mark = url.indexOf("?");
      const pairs = mark < 0 ? [] : queryPairs(url.slice(mark + 1));
      // Read as the results page reads it: `q` matches words unless `match` says otherwise.
      const parsed = parseSearch(rawSearchOf(pairs), MCP_SEARCH_DEFAULTS);
      if (!parsed.ok) throw new ProblemError(parsed.error.code, parsed.error.detail);
      const q = parsed.value;
      const query = canonicalQuery(pairs);
      const base = baseUrlOf(baseUrl, url).replace(/\/+$/, "");
      return directory.read((store) => {
        const memo = store.memo<string, CachedFeed>("feed.bodies", FEEDS_BYTES, {
          weigh: (f, key) => f.body.length + 2 * key.length + encodedBytes(f.encoded),
        });
        const key = `${searchKey(q, "filter")}|${base}|${query}`;
        const feed = memo.use(key, () => {
          const { body, newest } = feedBody(store, q, query, base, name);
          return {
            body,
            encoded: {},
            etag: tagOf(body),
            modified: newest === null ? null : new Date(newest).toUTCString(),
          };
        });
        const headers: [string, string][] = [
          ["Content-Type", "application/atom+xml; charset=utf-8"],
          ["Cache-Control", "public, no-cache"],
        ];
        if (feed.modified !== null) headers.push(["Last-Modified", feed.modified]);
        if (unmodifiedSince(c, feed.modified)) {
          return send(c, null, { status: 304, headers: headers.slice(1) });
        }
        return sendCached(c, feed, { headers, etag: feed.etag, kept: { memo, key } });
      });
    })
    .all(FEED_PATH, function otherMethods(c) {
      return problems.respond(
        c,
        "method_not_allowed",
        `"${FEED_PATH}" does not answer ${c.req.method}; it answers ${METHODS}`,
        { headers: { Allow: METHODS } },
      );
    });
}
