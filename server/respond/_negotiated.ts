/**
 * Private to server/respond: the response whose content coding its route
 * chose (see cached.ts), which the compress middleware leaves alone. The
 * mark lives on the request's context, not in a set of responses: a
 * `WeakSet` entry per response is work for the garbage collector on every
 * request.
 *
 * @example
 * ```ts ignore
 * import { isNegotiated, markNegotiated } from "./_negotiated.ts";
 * const res = markNegotiated(c, new Response(gzipped, { headers: [["Content-Encoding", "gzip"]] }));
 * isNegotiated(c, res); // true
 * ```
 * @module
 */
import type { Context } from "hono";
import type { AppEnv } from "../http/env.ts";

/**
 * Notes that the route chose this response's coding (and sent `Vary`)
 * itself; returns it.
 *
 * @example
 * ```ts ignore
 * import { markNegotiated } from "./_negotiated.ts";
 * return markNegotiated(c, new Response(gzipped, { headers: [["Content-Encoding", "gzip"]] }));
 * ```
 */
export function markNegotiated(c: Context<AppEnv>, res: Response): Response {
  c.set("negotiated", res);
  return res;
}

/**
 * Whether the route chose this response's coding itself (it went out
 * through `sendCached`), so the compress middleware must leave it as it is.
 *
 * @example
 * ```ts ignore
 * import { isNegotiated } from "./_negotiated.ts";
 * if (isNegotiated(c, c.res)) return;
 * ```
 */
export function isNegotiated(c: Context<AppEnv>, res: Response): boolean {
  return c.get("negotiated") === res;
}
