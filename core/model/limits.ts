/**
 * Page sizes (spec §4.1 and §8), defined once: the search clamps to them,
 * and the problem hints, the OpenAPI document, the MCP tool descriptions and
 * the CLI usage quote them.
 *
 * @example
 * ```ts
 * import { DEFAULT_LIMIT, MAX_LIMIT } from "./limits.ts";
 * `limit: 1 to ${MAX_LIMIT}, default ${DEFAULT_LIMIT}`; // "limit: 1 to 200, default 50"
 * ```
 * @module
 */

/** Default page size (spec §4.1). */
export const DEFAULT_LIMIT = 50;

/** Largest page size; larger values are clamped (spec §4.1). */
export const MAX_LIMIT = 200;
