/**
 * Redis addresses as the flags take them: `redis://[user:password@]host[:port][/db]`
 * or `rediss://…` (TLS). A flag value that is not such a URL is a file path.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isRedisUrl, redactRedisUrl } from "./url.ts";
 * assert.deepStrictEqual(isRedisUrl("redis://127.0.0.1:6379/0"), true);
 * assert.deepStrictEqual(redactRedisUrl("redis://:s3cret@cache:6379"), "redis://:***@cache:6379");
 * ```
 * @module
 */

const SCHEME = /^rediss?:\/\//i;

/**
 * Whether a store setting names Redis rather than a file.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isRedisUrl } from "./url.ts";
 * assert.deepStrictEqual(isRedisUrl("data/clubs.sessions.db"), false);
 * ```
 */
export function isRedisUrl(where: string): boolean {
  return SCHEME.test(where.trim());
}

/**
 * Checks a Redis URL; returns why it is wrong (a phrase), or null when it is fine.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { redisUrlProblem } from "./url.ts";
 * assert.deepStrictEqual(redisUrlProblem("redis://127.0.0.1:6379/0"), null);
 * assert.match(redisUrlProblem("redis://host/x")!, /^must end with a database number \(\/0 to \/15\)/);
 * ```
 */
export function redisUrlProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return `must be a URL such as redis://127.0.0.1:6379/0, got "${redactRedisUrl(raw)}"`;
  }
  if (!SCHEME.test(url.href) || url.hostname === "") {
    return `must be redis://host[:port][/db] or rediss://…, got "${redactRedisUrl(raw)}"`;
  }
  if (url.search || url.hash || !/^(\/([0-9]|1[0-5])?)?$/.test(url.pathname)) {
    return `must end with a database number (/0 to /15), without query or fragment, got "${
      redactRedisUrl(raw)
    }"`;
  }
  return null;
}

/**
 * The URL with its password masked, for messages and logs.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { redactRedisUrl } from "./url.ts";
 * assert.deepStrictEqual(redactRedisUrl("redis://app:pw@10.0.0.5:6379/1"), "redis://app:***@10.0.0.5:6379/1");
 * ```
 */
export function redactRedisUrl(raw: string): string {
  return raw.trim().replace(/^(rediss?:\/\/[^:@/]*):[^@/]*@/i, "$1:***@");
}
