/**
 * The advertised limits (docs/api.md#rate-limit-headers), defined once: page sizes, which the
 * search clamps to, and the rate limit, which the server advertises. Problem
 * hints, the OpenAPI document, the MCP tool descriptions and the CLI usage
 * quote them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { DEFAULT_LIMIT, MAX_LIMIT } from "./limits.ts";
 * assert.deepStrictEqual(`limit: 1 to ${MAX_LIMIT}, default ${DEFAULT_LIMIT}`, "limit: 1 to 200, default 50");
 * ```
 * @module
 */

/** Default page size (docs/api.md#the-search-endpoint). */
export const DEFAULT_LIMIT = 50;

/** Largest page size; larger values are clamped (docs/api.md#the-search-endpoint). */
export const MAX_LIMIT = 200;

/** The advertised rate limit (docs/api.md#rate-limit-headers): 120 requests per 60 seconds. */
export const ADVERTISED_RATE_LIMIT: Readonly<{ limit: number; windowSeconds: number }> = Object
  .freeze({ limit: 120, windowSeconds: 60 });
