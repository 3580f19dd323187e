/**
 * Compression of the responses that routes do not compress themselves:
 * JSON (problems included) and HTML bodies of at least
 * {@link COMPRESS_MIN_BYTES}, in the coding `Accept-Encoding` asks for (see
 * server/http/compress.ts), with `Vary: Accept-Encoding` whether or not the
 * body was compressed. Such a response is built again (its body read and
 * its headers copied), so the hot routes (API club lists, website pages,
 * `/openapi.json`) send their cached bodies with `sendCached`
 * (server/respond), compressed once and with every header at construction,
 * and this middleware leaves those alone.
 *
 * Left alone too: HEAD-less empty bodies, 204 and 304, responses that
 * already carry `Content-Encoding`, `Cache-Control: no-transform`, and the
 * MCP endpoint (`/api/mcp`: JSON-RPC and event streams, not rebuilt here).
 *
 * It runs inside the HEAD middleware (so a HEAD states the compressed
 * length GET would send) and outside the one that adds the common headers
 * (so it sees them all).
 *
 * @example
 * ```ts ignore
 * import { compress } from "./compress.ts";
 * app.use(headLength());
 * app.use(compress());
 * app.use(responseHeaders());
 * ```
 * @module
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../http/env.ts";
import { isNegotiated } from "../respond/mod.ts";
import {
  COMPRESS_MIN_BYTES,
  compressBody,
  compressible,
  negotiateEncoding,
} from "../http/compress.ts";

/** Adds `Accept-Encoding` to a `Vary` value unless it is there (or is `*`). */
function varyWith(vary: string | null): string {
  if (vary === null || vary.trim() === "") return "Accept-Encoding";
  const names = vary.split(",").map((n) => n.trim().toLowerCase());
  if (names.includes("accept-encoding") || names.includes("*")) return vary;
  return `${vary}, Accept-Encoding`;
}

/**
 * The middleware.
 *
 * @example
 * ```ts ignore
 * import { compress } from "./compress.ts";
 * app.use(compress());
 * const res = await app.request("/problems", { headers: { "accept-encoding": "gzip" } });
 * res.headers.get("content-encoding"); // "gzip"
 * ```
 */
export function compress(): MiddlewareHandler<AppEnv> {
  return async function compress(c, next) {
    await next();
    const res = c.res;
    if (isNegotiated(c, res) || res.body === null) return;
    if (res.status === 204 || res.status === 304 || c.req.path.startsWith("/api/mcp")) return;
    const headers = res.headers;
    if (!compressible(headers.get("content-type")) || headers.has("content-encoding")) return;
    if (/\bno-transform\b/i.test(headers.get("cache-control") ?? "")) return;
    // The length is not known before reading, and the response is rebuilt
    // either way: read its body itself (a clone would tee it into a copy).
    const plain = new Uint8Array(await res.arrayBuffer());
    const init = { status: res.status, statusText: res.statusText };
    c.res = undefined; // so Hono does not merge the old headers back in
    if (plain.byteLength < COMPRESS_MIN_BYTES) {
      c.res = new Response(plain, { ...init, headers });
      return;
    }
    const encoding = negotiateEncoding(c.req.header("accept-encoding"));
    const out = new Headers(headers);
    out.set("Vary", varyWith(headers.get("vary")));
    out.delete("Content-Length");
    if (encoding !== null) out.set("Content-Encoding", encoding);
    const body = encoding === null ? plain : compressBody(plain, encoding);
    c.res = new Response(body, { ...init, headers: out });
  };
}
