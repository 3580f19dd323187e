/**
 * The rates in a snapshot: the `rates` table (units per 1 EUR by ISO 4217
 * code) and two `meta` keys, `rates_date` and `rates_source`, written by
 * the import in the same transaction as the clubs. A snapshot without rates
 * has an empty table (or, built before rates existed, none).
 *
 * @example
 * ```ts ignore
 * import { ratesOf } from "./table.ts";
 * ratesOf(store)?.rates.get("USD"); // 1.0298
 * ```
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import type { ClubStore } from "../store/mod.ts";
import type { Rates } from "./parse.ts";

/** The table, created by the import with the others. */
export const CREATE_RATES = `
CREATE TABLE IF NOT EXISTS rates (currency TEXT PRIMARY KEY, rate REAL NOT NULL) WITHOUT ROWID;
`;

/** Writes `rates` (or nothing: a snapshot without rates) into a new database's table and meta. */
export function saveRates(db: DatabaseSync, rates: Rates | null): void {
  db.exec(CREATE_RATES);
  if (rates === null) return;
  const insert = db.prepare("INSERT INTO rates(currency, rate) VALUES (?, ?)");
  for (const [code, rate] of [...rates.rates].sort(([a], [b]) => a < b ? -1 : 1)) {
    insert.run(code, rate);
  }
  const meta = db.prepare("INSERT INTO meta(key, value) VALUES (?, ?)");
  meta.run("rates_date", rates.date);
  meta.run("rates_source", rates.source);
}

/**
 * The rates stored in an opened database, or null when it has none (an
 * empty table, no table, no date).
 */
export function loadRates(db: DatabaseSync): Rates | null {
  try {
    const meta = Object.fromEntries(
      (db.prepare(
        "SELECT key, value FROM meta WHERE key IN ('rates_date', 'rates_source')",
      ).all() as { key: string; value: string }[]).map((r) => [r.key, r.value]),
    );
    if (meta.rates_date === undefined) return null;
    const rows = db.prepare("SELECT currency, rate FROM rates ORDER BY currency").all() as {
      currency: string;
      rate: number;
    }[];
    if (!rows.length) return null;
    return {
      date: meta.rates_date,
      source: meta.rates_source ?? "",
      rates: new Map(rows.map((r) => [r.currency, r.rate])),
    };
  } catch {
    return null; // a file of an older layout has no rates
  }
}

const bySnapshot = new WeakMap<ClubStore, Rates | null>();

/** A snapshot's rates, read once per opened snapshot; null when it has none. */
export function ratesOf(store: ClubStore): Rates | null {
  let r = bySnapshot.get(store);
  if (r === undefined) bySnapshot.set(store, r = loadRates(store.db));
  return r;
}
