/**
 * Private to server/respond: the responses whose content coding their route
 * chose (see cached.ts), which the compress middleware leaves alone.
 *
 * @example
 * ```ts ignore
 * import { isNegotiated, markNegotiated } from "./_negotiated.ts";
 * const res = markNegotiated(new Response(gzipped, { headers: [["Content-Encoding", "gzip"]] }));
 * isNegotiated(res); // true
 * ```
 * @module
 */

/** Responses whose coding their route already chose. */
const negotiated = new WeakSet<Response>();

/**
 * Notes that a route chose this response's coding (and sent `Vary`)
 * itself; returns it.
 *
 * @example
 * ```ts ignore
 * import { markNegotiated } from "./_negotiated.ts";
 * return markNegotiated(new Response(gzipped, { headers: [["Content-Encoding", "gzip"]] }));
 * ```
 */
export function markNegotiated(res: Response): Response {
  negotiated.add(res);
  return res;
}

/**
 * Whether a route chose this response's coding itself (it went out through
 * `sendCached`), so the compress middleware must leave it as it is.
 *
 * @example
 * ```ts ignore
 * import { isNegotiated } from "./_negotiated.ts";
 * if (isNegotiated(c.res)) return;
 * ```
 */
export function isNegotiated(res: Response): boolean {
  return negotiated.has(res);
}
