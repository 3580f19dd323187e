/**
 * Place filters (`country`, `state`) resolved against a snapshot. Every
 * spelling of every country and region that has clubs is listed in the
 * `places` table at import (see places_build.ts), so a request needs one
 * indexed lookup, not the ISO 3166 libraries.
 *
 * @example
 * ```ts ignore
 * import { resolveCountryKey, resolveStateKey } from "./resolve.ts";
 * resolveCountryKey(store, "United Kingdom"); // "GB"
 * resolveStateKey(store, "fl", ["US", "CA"]); // "US-FL"
 * ```
 * @module
 */
import { foldKey, placeKey } from "../model/fold.ts";
import type { ClubStore } from "../store/store.ts";

/** The countries searched when `state` is sent without `country` (docs/api.md#the-search-endpoint). */
export const NORTH_AMERICA: readonly string[] = Object.freeze(["US", "CA"]);

/** The stored key of a place not in ISO 3166: its folded name. */
export function nameOnlyKey(raw: string): string {
  return `name:${foldKey(raw)}`;
}

/** Whether a stored place key is an ISO 3166 code (not `name:…`). */
export function isIsoKey(key: string | null): key is string {
  return key !== null && !key.startsWith("name:");
}

/**
 * The English name of an ISO 3166 key that has clubs (from `place_names`,
 * written at import), or null for any other key.
 *
 * @example
 * ```ts ignore
 * placeName(store, "US-FL"); // "Florida"
 * ```
 */
export function placeName(store: ClubStore, key: string): string | null {
  const row = store.statement("SELECT name FROM place_names WHERE key = ?").get(key) as
    | { name: string }
    | undefined;
  return row?.name ?? null;
}

/** Resolved filter values are kept per snapshot, within this many bytes. */
const RESOLVED_BYTES = 512 * 1024;

function cached(store: ClubStore, key: string, make: () => string): string {
  return store.memo<string, string>("places.resolved", RESOLVED_BYTES).use(key, make);
}

/** The stored country key a `country` filter value stands for. */
export function resolveCountryKey(store: ClubStore, raw: string): string {
  return cached(store, `c\u0000${raw}`, () => {
    const row = store.statement(
      "SELECT key FROM places WHERE kind = 'country' AND alias = ? ORDER BY tier LIMIT 1",
    ).get(placeKey(raw)) as { key: string } | undefined;
    return row?.key ?? nameOnlyKey(raw);
  });
}

/**
 * The stored region key a `state` filter value stands for, among the given
 * countries: top-level regions first, then the countries' order, then exact
 * names before loose forms.
 */
export function resolveStateKey(
  store: ClubStore,
  raw: string,
  countries: readonly string[],
): string {
  const within = countries.join(",");
  return cached(store, `s\u0000${within}\u0000${raw}`, () => {
    const row = countries.length
      ? store.statement(
        `SELECT key FROM places WHERE kind = 'state' AND alias = ? AND instr(',' || ? || ',', ',' || scope || ',') > 0
         ORDER BY top DESC, instr(?, scope), tier LIMIT 1`,
      ).get(placeKey(raw), within, within) as { key: string } | undefined
      : undefined;
    return row?.key ?? nameOnlyKey(raw);
  });
}
