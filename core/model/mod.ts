/**
 * The Club model without its zod schemas: field lists and enum values, club
 * types and groups, fee visibility, the shapes a club takes on the way out,
 * folding, slugs, ASCII JSON and the problem registry. Light on purpose:
 * `query` loads it on its start-up path (the schemas live in `core/schema`).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { fold, WAITLIST_VALUES } from "./mod.ts";
 * assert.deepStrictEqual(fold("Club Málaga"), "club malaga");
 * assert.deepStrictEqual(WAITLIST_VALUES.includes("open"), true);
 * ```
 * @module
 */
export * from "./fields.ts";
export * from "./fold.ts";
export * from "./json.ts";
export * from "./limits.ts";
export * from "./options.ts";
export * from "./problems.ts";
export * from "./session.ts";
export * from "./slug.ts";
export * from "./types.ts";
export * from "./version.ts";
export * from "./words.ts";
