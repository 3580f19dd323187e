/**
 * `HEAD` answers with the headers `GET` would send, `Content-Length`
 * included (RFC 9110 §9.3.2). Hono answers a HEAD by running the GET route
 * and dropping its body, which leaves the length to be computed from an
 * empty body: every HEAD said `content-length: 0`. This middleware, the
 * outermost, measures the GET body first and states its length.
 *
 * @example
 * ```ts ignore
 * import { headLength } from "./head.ts";
 * app.use(headLength()); // before every other middleware
 * ```
 * @module
 */
import type { MiddlewareHandler } from "hono";
import type { AppEnv } from "../http/env.ts";

/**
 * The middleware. Only HEAD requests pay for it (one read of the body).
 *
 * @example
 * ```ts ignore
 * import { headLength } from "./head.ts";
 * const res = await app.request("/openapi.json", { method: "HEAD" });
 * res.headers.get("content-length"); // the length of GET /openapi.json's body
 * ```
 */
export function headLength(): MiddlewareHandler<AppEnv> {
  return async function headLength(c, next) {
    await next();
    if (c.req.method !== "HEAD") return;
    const res = c.res;
    if (res.body === null || res.headers.has("content-length")) return;
    // Hono drops the GET body of a HEAD, so read that body itself: a clone
    // would tee it and hold a second copy in native memory for each HEAD.
    const length = String((await res.arrayBuffer()).byteLength);
    const bodiless = new Response(null, res);
    bodiless.headers.set("Content-Length", length);
    c.res = undefined; // so Hono does not merge the old headers back in
    c.res = bodiless;
  };
}
