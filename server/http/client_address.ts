/**
 * Which client a request counts against: the connection's remote address,
 * or, behind a trusted proxy only, the left-most `X-Forwarded-For` entry
 * (any client can send that header, so trusting it without a proxy would
 * let everyone pick a fresh identity per request).
 *
 * @example
 * ```ts ignore
 * import { clientAddress } from "./client_address.ts";
 * clientAddress(c, false); // "203.0.113.7"
 * ```
 * @module
 */
import type { Context } from "hono";
import type { AppEnv } from "./env.ts";

/** Longest forwarded address kept (an IPv6 address with zone fits easily). */
const MAX_FORWARDED = 100;

/**
 * The client address of a request; `"unknown"` when the server passed no
 * connection info (e.g. `app.request()` in tests).
 *
 * @example
 * ```ts ignore
 * import { clientAddress } from "./client_address.ts";
 * // X-Forwarded-For: 198.51.100.4, 10.0.0.1
 * clientAddress(c, true); // "198.51.100.4"
 * ```
 */
export function clientAddress(c: Context<AppEnv>, trustProxy: boolean): string {
  if (trustProxy) {
    const xff = c.req.raw.headers.get("x-forwarded-for");
    if (xff !== null) {
      const comma = xff.indexOf(",");
      const first = (comma < 0 ? xff : xff.slice(0, comma)).trim();
      if (first !== "" && first.length <= MAX_FORWARDED) return first;
    }
  }
  return c.env?.remoteAddr?.hostname ?? "unknown";
}
