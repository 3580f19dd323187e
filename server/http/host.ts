/**
 * The `Host` header a request may carry. Deno builds a request's URL as
 * `http://` + Host + request target, verbatim, so a Host holding `/`, `?`
 * or `#` (`clubs.example/admin?`) moves part of it into the path and would
 * change the path that is routed and logged. Such a request is answered
 * 400 `invalid_host` (see server/app.ts); the path it reports is the
 * request target as sent.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isValidHost, requestTarget } from "./host.ts";
 * assert.deepStrictEqual(isValidHost("clubs.example:8000"), true);
 * assert.deepStrictEqual(isValidHost("clubs.example/admin?"), false);
 * assert.deepStrictEqual(requestTarget("http://x/admin?/api/v1/clubs", "x/admin?"), "/api/v1/clubs");
 * ```
 * @module
 */

/**
 * `host[:port]` (RFC 3986 reg-name or IPv4 address, or an IPv6 address in
 * brackets; an optional numeric port): no `/ ? # @`, space or other
 * delimiter can reach the URL.
 */
const HOST = /^(?:[\w.~!$&'()*+,;=%-]+|\[[\dA-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * Whether a Host header value is `host[:port]`. No header, or an empty one,
 * is allowed: Deno then builds the URL on its own address.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isValidHost } from "./host.ts";
 * assert.deepStrictEqual(isValidHost("[::1]:8000"), true);
 * assert.deepStrictEqual(isValidHost(null), true);
 * assert.deepStrictEqual(isValidHost("a#b"), false);
 * ```
 */
export function isValidHost(host: string | null): boolean {
  return host === null || host === "" || HOST.test(host);
}

/**
 * The request target as the client sent it (path and query), from a URL
 * Deno built as `scheme://` + `host` + target.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { requestTarget } from "./host.ts";
 * assert.equal(requestTarget("http://a#b/api/v1/clubs?x=1", "a#b"), "/api/v1/clubs?x=1");
 * ```
 */
export function requestTarget(url: string, host: string): string {
  return url.slice(url.indexOf("://") + 3 + host.length);
}
