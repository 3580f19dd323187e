/**
 * A cached body and its compressed forms, sent in the coding the request
 * accepts: the API's club lists, the website's pages and `/openapi.json`
 * all go out this way. A form is made once per entry and coding (see
 * server/http/compress.ts) and kept in the entry; when the entry lives in a
 * memo weighed by bytes, it is weighed again with its new form.
 *
 * Every header goes in at construction, the route's after the collected
 * ones (see collect.ts), followed by `Vary` (always, with
 * `Accept-Encoding`: caches must key on it even for a plain body),
 * `ETag` when the route names the body's tag (strong, one per coding: see
 * validators.ts), `Content-Encoding` when compressed, and `Link` when given.
 * The response is marked so the compress middleware leaves it alone. A GET
 * or HEAD whose `If-None-Match` holds that `ETag` is answered 304, with no
 * body and nothing compressed.
 *
 * @example
 * ```ts ignore
 * import { sendCached } from "./mod.ts";
 * const memo = pages(store);
 * const page = memo.use(key, () => ({ body: render(), encoded: {} }));
 * return sendCached(c, page, { headers: [["Content-Type", "text/html"]], kept: { memo, key } });
 * ```
 * @module
 */
import type { Context } from "hono";
import type { Memo } from "../../core/store/mod.ts";
import {
  type Bytes,
  cachedEncoding,
  COMPRESS_MIN_BYTES,
  type EncodedBodies,
  type Encoding,
  LEVELS,
  negotiateEncoding,
} from "../http/compress.ts";
import type { AppEnv } from "../http/env.ts";
import { markHeadersBuilt, takeResponseHeaders } from "./_headers.ts";
import { markNegotiated } from "./_negotiated.ts";
import { notModified, strongTag } from "./validators.ts";

/**
 * A body kept for many responses, with its compressed forms.
 *
 * @example
 * ```ts ignore
 * import type { CachedBody } from "./mod.ts";
 * const page: CachedBody & { total: number } = { body: json, total: 12, encoded: {} };
 * ```
 */
export interface CachedBody {
  /**
   * ASCII-only text (see core/model/json.ts, `asciiHtml`): a one-byte string
   * that Deno sends without encoding it again for every response; or the
   * body's bytes (a page assembled from held bytes, never made a string,
   * so it stays out of V8's heap), sent and compressed as they are.
   */
  body: string | Bytes;
  /** The body compressed, by coding, made when first asked for. */
  encoded: EncodedBodies;
}

/**
 * What {@link sendCached} sends besides the body.
 *
 * @example
 * ```ts ignore
 * import type { CachedInit } from "./mod.ts";
 * const init: CachedInit<Page> = { headers: JSON_HEADERS, link, kept: { memo, key } };
 * ```
 */
export interface CachedInit<E extends CachedBody> {
  /** The route's headers, in the order sent, without `Vary`. */
  headers: readonly (readonly [string, string])[];
  /** Request headers the body varies by besides `Accept-Encoding`, e.g. `"Accept, Cookie"`. */
  vary?: string;
  /** The `Link` header, sent last; null or absent sends none. */
  link?: string | null;
  /**
   * The body's tag (`tagOf` of the body, see validators.ts, or of what determines it):
   * sent as a strong `ETag` for the coding chosen (`"tag"`, `"tag-br"`),
   * and a request holding it in `If-None-Match` is answered 304. Absent:
   * no `ETag`.
   */
  etag?: string;
  /** The memo entry the body is, weighed again when a compressed form is added. */
  kept?: { memo: Memo<string, E>; key: string };
  /** Compression levels by coding; default `LEVELS` (see server/http/compress.ts). */
  levels?: Readonly<Record<Encoding, number>>;
}

/**
 * Sends `entry` (status 200) plain or compressed, as `Accept-Encoding` asks
 * and its size allows, making and keeping a compressed form at most once.
 *
 * @example
 * ```ts ignore
 * import { sendCached } from "./mod.ts";
 * const page = memo.use(key, make);
 * return sendCached(c, page, {
 *   headers: [["Content-Type", "application/json"], ["X-Total-Clubs", String(page.total)]],
 *   link: pageLinks(base, rest, 2, 10, page.total),
 *   kept: { memo, key },
 * });
 * ```
 */
export function sendCached<E extends CachedBody>(
  c: Context<AppEnv>,
  entry: E,
  init: CachedInit<E>,
): Response {
  let body: string | Bytes = entry.body;
  const encoding = small(entry.body) ? null : negotiateEncoding(c.req.header("accept-encoding"));
  const vary = init.vary === undefined ? "Accept-Encoding" : `${init.vary}, Accept-Encoding`;
  const etag = init.etag === undefined ? null : strongTag(init.etag, encoding);
  if (etag !== null) {
    const unchanged = notModified(c, etag, [...init.headers, ["Vary", vary]]);
    if (unchanged !== null) return unchanged;
  }
  if (encoding !== null) {
    const level = (init.levels ?? LEVELS)[encoding];
    const made = cachedEncoding(entry.body, entry.encoded, encoding, level);
    body = made.bytes;
    // Weighed again with its new form (evicting others if the budget is
    // full), if the memo kept the entry at all.
    const kept = init.kept;
    if (made.made && kept !== undefined && kept.memo.get(kept.key) === entry) {
      kept.memo.set(kept.key, entry);
    }
  }
  const headers = [...takeResponseHeaders(c), ...init.headers] as [string, string][];
  headers.push(["Vary", vary]);
  if (etag !== null) headers.push(["ETag", etag]);
  if (encoding !== null) headers.push(["Content-Encoding", encoding]);
  if (init.link != null) headers.push(["Link", init.link]);
  return markNegotiated(c, markHeadersBuilt(c, new Response(body, { status: 200, headers })));
}

/**
 * Below {@link COMPRESS_MIN_BYTES} in UTF-8: sent as it is. A body of that
 * many characters is at least that many bytes; a shorter one is measured.
 */
function small(body: string | Bytes): boolean {
  if (typeof body !== "string") return body.byteLength < COMPRESS_MIN_BYTES;
  if (body.length >= COMPRESS_MIN_BYTES) return false;
  // deno-lint-ignore no-control-regex
  return !/[^\x00-\x7f]/.test(body) ||
    new TextEncoder().encode(body).byteLength < COMPRESS_MIN_BYTES;
}
