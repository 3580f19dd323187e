/**
 * `GET /openapi.json`: the document as JSON (see document.ts), plain or
 * compressed as `Accept-Encoding` asks. The document never changes while
 * the process runs, so each coding is made once, at its best level
 * ({@link CONSTANT_LEVELS}), and kept for the life of the process.
 *
 * Validators (docs/api.md#validators-and-caching): a strong `ETag` per coding, from
 * a hash of the document made once, and `Cache-Control: public, no-cache`:
 * any cache may keep the document (it is the same for every client) but
 * asks again before each use, so a new release is seen at once and an
 * unchanged document costs a 304 of a few hundred bytes.
 *
 * @example
 * ```ts ignore
 * import { openApiRoute } from "./route.ts";
 * app.get("/openapi.json", openApiRoute("help@clubs.example"));
 * ```
 * @module
 */
import type { Context } from "hono";
import { CONSTANT_LEVELS } from "../http/compress.ts";
import type { AppEnv } from "../http/env.ts";
import { type CachedBody, sendCached, tagOf } from "../respond/mod.ts";
import { CACHE_CONTROL } from "./cache_control.ts";
import { openApiJson } from "./document.ts";

/** The document, its compressed forms and its tag, by support address (one per app configuration). */
const documents = new Map<string, CachedBody & { tag: string }>();

const HEADERS: readonly [string, string][] = [
  ["Content-Type", "application/json"],
  ["Cache-Control", CACHE_CONTROL.document],
];

/**
 * The route's handler for an app whose contact is `supportEmail`.
 *
 * @example
 * ```ts ignore
 * import { openApiRoute } from "./route.ts";
 * app.get("/openapi.json", openApiRoute("help@clubs.example"));
 * const res = await app.request("/openapi.json", { headers: { "accept-encoding": "gzip" } });
 * res.headers.get("content-encoding"); // "gzip"
 * ```
 */
export function openApiRoute(supportEmail: string): (c: Context<AppEnv>) => Response {
  return function openApi(c) {
    let entry = documents.get(supportEmail);
    if (entry === undefined) {
      const body = openApiJson(supportEmail);
      documents.set(supportEmail, entry = { body, encoded: {}, tag: tagOf(body) });
    }
    return sendCached(c, entry, { headers: HEADERS, levels: CONSTANT_LEVELS, etag: entry.tag });
  };
}
