/**
 * Places as a snapshot knows them: the resolution of `country`/`state`
 * filters against the `places` table, and the English names of ISO codes
 * from `place_names`. No ISO 3166 library is loaded through this door: the
 * import-time parts (geo.ts, the ISO 3166 tables, about 6 MB of heap; and
 * build.ts, which fills both tables) are imported by the import itself
 * (core/import), so a server never loads them; `loadGeo()` loads geo.ts on
 * demand, for the one caller that names a country the snapshot lacks.
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

/**
 * The ISO 3166 tables (geo.ts), loaded only when called: for the rare
 * caller that names a country the snapshot does not know (MCP
 * `list_locations` with a country that has no clubs). A server that never
 * does that never loads them.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { loadGeo } from "./mod.ts";
 * const { countryName, resolveCountry } = await loadGeo();
 * assert.equal(countryName(resolveCountry("Bhutan")!), "Bhutan");
 * ```
 */
export function loadGeo(): Promise<typeof import("./geo.ts")> {
  return import("./geo.ts");
}
