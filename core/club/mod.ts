/**
 * A club as each caller sees it: fee visibility (bands, exact figures, the
 * first-year cost) and the API's rendering of a stored record. Above
 * `core/schema` (its types are the schemas'), below every part that answers
 * callers.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { bandLabel } from "./mod.ts";
 * assert.deepStrictEqual(bandLabel(12_500, "USD"), "$10,000–$25,000");
 * ```
 * @module
 */
export * from "./fees.ts";
export * from "./render.ts";
export type { Club, ClubList, ClubRecord, FeeView, FeeViews, PublicClub } from "../schema/mod.ts";
