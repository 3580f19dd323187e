/**
 * Import-time place work: the stored keys of a listing's country and region
 * (ISO 3166 codes where the libraries know them), and the `places` table of
 * every spelling those places answer to.
 *
 * @example
 * ```ts ignore
 * import { listedCountryKey, listedStateKey } from "./build.ts";
 * listedCountryKey("USA"); // "US"
 * listedStateKey("Florida", "US"); // "US-FL"
 * ```
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import {
  countryAliases,
  countryName,
  resolveCountry,
  resolveSubdivision,
  subdivisionAliases,
  subdivisionName,
} from "./geo.ts";
import { isIsoKey, nameOnlyKey } from "./resolve.ts";

/** The stored country key of a listing's country. */
export function listedCountryKey(raw: string): string {
  return resolveCountry(raw) ?? nameOnlyKey(raw);
}

/** The stored region key of a listing's region, within its country. */
export function listedStateKey(raw: string, countryKey: string | null): string {
  const code = isIsoKey(countryKey) ? resolveSubdivision(raw, [countryKey]) : null;
  return code ?? nameOnlyKey(raw);
}

/**
 * Fills `places` with every alias of every ISO place that has clubs, and
 * `place_names` with its English name.
 */
export function buildPlaces(db: DatabaseSync): void {
  const put = db.prepare(
    "INSERT INTO places(kind, scope, alias, key, top, tier) VALUES (?, ?, ?, ?, ?, ?)",
  );
  const name = db.prepare("INSERT INTO place_names(key, name) VALUES (?, ?)");
  const distinct = (column: string) =>
    (db.prepare(`SELECT DISTINCT ${column} AS k FROM club_keys WHERE ${column} IS NOT NULL`)
      .all() as {
        k: string;
      }[]).map((r) => r.k).filter(isIsoKey);
  for (const code of distinct("country")) {
    name.run(code, countryName(code));
    for (const a of countryAliases(code)) put.run("country", "", a.alias, code, 1, a.tier);
  }
  for (const code of distinct("state")) {
    name.run(code, subdivisionName(code));
    for (const a of subdivisionAliases(code)) {
      put.run("state", code.slice(0, 2), a.alias, code, a.top ? 1 : 0, a.tier);
    }
  }
}
