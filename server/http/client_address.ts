/**
 * Which client a request counts against: the connection's remote address,
 * or, behind N trusted proxies (`--trust-proxy N`), the address the
 * outermost of them appended to `X-Forwarded-For`: the N-th entry from the
 * right. Each proxy appends the address it was connected from, so entries
 * left of that one were written by the client itself (anyone can send the
 * header) and are never read; without `--trust-proxy` the header is ignored
 * altogether, or everyone could pick a fresh identity per request.
 *
 * @example
 * ```ts ignore
 * import { clientAddress } from "./client_address.ts";
 * clientAddress(c, 0); // "203.0.113.7" (the connection)
 * ```
 * @module
 */
import type { Context } from "hono";
import type { AppEnv } from "./env.ts";

/** Longest forwarded address kept (an IPv6 address with zone fits easily). */
const MAX_FORWARDED = 100;

/**
 * Most proxy hops `--trust-proxy` accepts: more than any real chain, and a
 * bound on the work per request.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { MAX_TRUSTED_HOPS } from "./client_address.ts";
 * assert.deepStrictEqual(MAX_TRUSTED_HOPS, 10);
 * ```
 */
export const MAX_TRUSTED_HOPS = 10;

/**
 * The N-th entry from the right of an `X-Forwarded-For` value (the left-most
 * one when there are fewer), trimmed and lower-cased; null when that entry
 * is empty or longer than 100 characters. Reads from the right, so the
 * length of what a client put on the left costs nothing.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { forwardedClient } from "./client_address.ts";
 * assert.deepStrictEqual(forwardedClient("198.51.100.4, 203.0.113.9", 1), "203.0.113.9");
 * assert.deepStrictEqual(forwardedClient("198.51.100.4, 203.0.113.9", 2), "198.51.100.4");
 * assert.deepStrictEqual(forwardedClient("203.0.113.9", 3), "203.0.113.9");
 * ```
 */
export function forwardedClient(header: string, hops: number): string | null {
  let end = header.length;
  let start = header.lastIndexOf(",", end - 1) + 1;
  for (let i = 1; i < hops && start > 0; i++) {
    end = start - 1;
    start = header.lastIndexOf(",", end - 1) + 1;
  }
  if (end - start > MAX_FORWARDED + 20) return null;
  const entry = header.slice(start, end).trim();
  return entry === "" || entry.length > MAX_FORWARDED ? null : entry.toLowerCase();
}

/**
 * The client address of a request, trusting `hops` proxies (0: none);
 * `"unknown"` when the server passed no connection info (e.g.
 * `app.request()` in tests).
 *
 * @example
 * ```ts ignore
 * import { clientAddress } from "./client_address.ts";
 * // X-Forwarded-For: 198.51.100.4, 203.0.113.9 (nginx appended 203.0.113.9)
 * clientAddress(c, 1); // "203.0.113.9"
 * ```
 */
export function clientAddress(c: Context<AppEnv>, hops: number): string {
  if (hops > 0) {
    const xff = c.req.raw.headers.get("x-forwarded-for");
    const forwarded = xff === null ? null : forwardedClient(xff, hops);
    if (forwarded !== null) return forwarded;
  }
  return c.env?.remoteAddr?.hostname ?? "unknown";
}
