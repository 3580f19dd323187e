/**
 * Aggregate counts over a snapshot (clubs per type, country, region,
 * waitlist and listing status), computed once per snapshot.
 *
 * @example
 * ```ts ignore
 * import { typeCounts } from "./mod.ts";
 * typeCounts(store)[0]; // { key: "golf", count: 9 }
 * ```
 * @module
 */
export * from "./stats.ts";
