/**
 * Places as a snapshot knows them: the resolution of `country`/`state`
 * filters against the `places` table, and the English names of ISO codes
 * from `place_names`. No ISO 3166 library is loaded through this door: the
 * import-time parts (geo.ts, the ISO 3166 tables, about 6 MB of heap; and
 * build.ts, which fills both tables) are imported by the import itself
 * (core/import), so a server never loads them.
 *
 * @example
 * ```ts ignore
 * import { placeName, resolveCountryKey } from "./mod.ts";
 * resolveCountryKey(store, "United Kingdom"); // "GB"
 * placeName(store, "GB"); // "United Kingdom"
 * ```
 * @module
 */
export * from "./resolve.ts";
