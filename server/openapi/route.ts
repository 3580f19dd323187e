/**
 * `GET /openapi.json`: the document as JSON (see document.ts), plain or
 * compressed as `Accept-Encoding` asks. The document never changes while
 * the process runs, so each coding is made once, at its best level
 * ({@link CONSTANT_LEVELS}), and kept for the life of the process.
 *
 * @example
 * ```ts ignore
 * import { openApiRoute } from "./route.ts";
 * app.get("/openapi.json", openApiRoute("help@clubs.example"));
 * ```
 * @module
 */
import type { Context } from "hono";
import {
  type Bytes,
  cachedEncoding,
  COMPRESS_MIN_BYTES,
  CONSTANT_LEVELS,
  type EncodedBodies,
  negotiateEncoding,
  VARY_ACCEPT_ENCODING,
} from "../http/compress.ts";
import type { AppEnv } from "../http/env.ts";
import { markNegotiated } from "../middleware/compress.ts";
import { markHeadersBuilt, takeResponseHeaders } from "../middleware/response_headers.ts";
import { openApiJson } from "./document.ts";

/** Compressed documents by support address (one per app configuration). */
const encoded = new Map<string, EncodedBodies>();

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
    const json = openApiJson(supportEmail);
    const headers: [string, string][] = [
      ...takeResponseHeaders(c),
      ["Content-Type", "application/json"],
      [...VARY_ACCEPT_ENCODING],
    ];
    let body: string | Bytes = json;
    const encoding = json.length >= COMPRESS_MIN_BYTES
      ? negotiateEncoding(c.req.header("accept-encoding"))
      : null;
    if (encoding !== null) {
      let cache = encoded.get(supportEmail);
      if (cache === undefined) encoded.set(supportEmail, cache = {});
      body = cachedEncoding(json, cache, encoding, CONSTANT_LEVELS[encoding]).bytes;
      headers.push(["Content-Encoding", encoding]);
    }
    return markNegotiated(markHeadersBuilt(c, new Response(body, { status: 200, headers })));
  };
}
