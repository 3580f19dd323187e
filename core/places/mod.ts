/**
 * Places: ISO 3166 countries and regions as people type them, the `places`
 * table built at import, and the resolution of `country`/`state` filters
 * against a snapshot.
 *
 * @example
 * ```ts ignore
 * import { countryName, resolveCountryKey } from "./mod.ts";
 * resolveCountryKey(store, "United Kingdom"); // "GB"
 * countryName("GB"); // "United Kingdom"
 * ```
 * @module
 */
export * from "./build.ts";
export * from "./geo.ts";
export * from "./resolve.ts";
