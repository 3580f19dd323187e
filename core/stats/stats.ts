/**
 * Aggregate counts over a snapshot: clubs per type, country, region, waitlist
 * status and listing status. The MCP list and stats tools read these. A
 * snapshot never changes, so each answer is computed once per snapshot and
 * kept in its memo.
 *
 * @example
 * ```ts ignore
 * import { countryCounts, typeCounts } from "./stats.ts";
 * typeCounts(store); // [{ key: "golf", count: 9 }, …]
 * countryCounts(store)[0]; // { key: "US", name: "United States", count: 20 }
 * ```
 * @module
 */
import { isIsoKey, placeName } from "../places/resolve.ts";
import type { ClubStore } from "../store/store.ts";

/** How many clubs share one stored value; `key` is null for clubs without one. */
export interface Count {
  key: string | null;
  count: number;
}

/** A place with its stored key (ISO code or `name:…`), English name and count. */
export interface PlaceCount {
  /** ISO 3166 code, `name:<folded>` for a place not in ISO 3166, or null for none. */
  key: string | null;
  /** English name for an ISO code, else the name as listed; null for none. */
  name: string | null;
  count: number;
}

/**
 * Bytes of counts kept per snapshot (see core/store/memo.ts): a few hundred
 * countries and regions, far below this.
 */
const STATS_BYTES = 1024 * 1024;

/** Computes `make()` once per snapshot and key. */
function once<T>(store: ClubStore, key: string, make: () => T): T {
  return store.memo<string, unknown>("stats", STATS_BYTES, { kind: "structure" })
    .use(key, make) as T;
}

/** Most clubs first, then by name (or key); null keys last. */
function byCount<T extends { key: string | null; name?: string | null; count: number }>(
  a: T,
  b: T,
): number {
  if ((a.key === null) !== (b.key === null)) return a.key === null ? 1 : -1;
  return b.count - a.count || (a.name ?? a.key ?? "").localeCompare(b.name ?? b.key ?? "");
}

function counts(store: ClubStore, sql: string): Count[] {
  return (store.statement(sql).all() as { key: string | null; n: number }[])
    .map((r) => ({ key: r.key, count: Number(r.n) })).sort(byCount);
}

/**
 * Names the places of grouped `club_keys` rows: ISO codes by their English
 * name (`place_names`), other keys by the name the first such listing (in
 * name order) gives. Only those few rows touch the wide `clubs` table.
 */
function places(
  store: ClubStore,
  column: "country" | "state",
  rows: { key: string | null; first: number; n: number }[],
): PlaceCount[] {
  const listed = store.statement(
    `SELECT c.${column} AS name FROM club_keys k JOIN clubs c ON c.rowid = k.club WHERE k.rank = ?`,
  );
  return rows.map((r) => ({
    key: r.key,
    name: isIsoKey(r.key)
      ? placeName(store, r.key) ?? r.key
      : r.key === null
      ? null
      : (listed.get(r.first) as { name: string | null }).name,
    count: Number(r.n),
  })).sort(byCount);
}

/** The number of clubs in the snapshot. */
export function totalClubs(store: ClubStore): number {
  return once(store, "total", () =>
    Number(
      (store.statement("SELECT count(*) AS n FROM club_keys").get() as { n: number }).n,
    ));
}

/** Clubs per stored type (normalised, e.g. `country_club`). */
export function typeCounts(store: ClubStore): Count[] {
  return once(
    store,
    "types",
    () => counts(store, "SELECT type AS key, count(*) AS n FROM club_keys GROUP BY type"),
  );
}

/** Clubs per stored waitlist status; a listing that says nothing counts as `unknown`. */
export function waitlistCounts(store: ClubStore): Count[] {
  return once(
    store,
    "waitlist",
    () => counts(store, "SELECT waitlist AS key, count(*) AS n FROM club_keys GROUP BY waitlist"),
  );
}

/** Clubs per listing status (`published`, `unclaimed`, `coming_soon`, …). */
export function statusCounts(store: ClubStore): Count[] {
  return once(
    store,
    "status",
    () => counts(store, "SELECT status AS key, count(*) AS n FROM clubs GROUP BY status"),
  );
}

/** Clubs per country; ISO countries carry their English name. */
export function countryCounts(store: ClubStore): PlaceCount[] {
  return once(store, "countries", () =>
    places(
      store,
      "country",
      store.statement(
        "SELECT country AS key, min(rank) AS first, count(*) AS n FROM club_keys GROUP BY country",
      ).all() as { key: string | null; first: number; n: number }[],
    ));
}

/**
 * Clubs per region (state, province, …) within one stored country key;
 * ISO regions carry their English name. Empty for a key with no clubs.
 */
export function regionCounts(store: ClubStore, countryKey: string): PlaceCount[] {
  // Only keys that hold clubs are cached, so callers cannot grow the cache.
  if (!countryCounts(store).some((c) => c.key === countryKey)) return [];
  return once(store, `regions:${countryKey}`, () =>
    places(
      store,
      "state",
      store.statement(
        `SELECT state AS key, min(rank) AS first, count(*) AS n
         FROM club_keys WHERE country = ? GROUP BY state`,
      ).all(countryKey) as { key: string | null; first: number; n: number }[],
    ));
}
