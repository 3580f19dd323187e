/**
 * Redis as an optional shared store for several replicas: URL handling and
 * the fail-fast client settings every store uses. Light on purpose: it loads
 * no Redis code; the stores load node-redis when a `redis://` URL is given.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { isRedisUrl } from "./mod.ts";
 * assert.deepStrictEqual(isRedisUrl("redis://127.0.0.1:6379/0"), true);
 * ```
 * @module
 */
export * from "./url.ts";
export * from "./client.ts";
