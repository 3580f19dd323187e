/**
 * The rates step of an import: the exchange rates given (`--rates`), else
 * those of the database replaced, stored in the new snapshot, with the
 * clubs' currencies they leave without a rate.
 * @module
 */
import { DatabaseSync } from "node:sqlite";
import { loadRates, type Rates, saveRates } from "../../rates/mod.ts";
import type { ImportOptions, RatesSummary } from "./types.ts";

/** The rates of the database at `path`, or null (none, no file, an older layout). */
function ratesOfFile(path: string): Rates | null {
  let old: DatabaseSync;
  try {
    old = new DatabaseSync(path, { readOnly: true });
  } catch {
    return null;
  }
  try {
    return loadRates(old);
  } finally {
    old.close();
  }
}

/**
 * Stores the rates given, else those of the database replaced, in the new
 * snapshot (in one transaction with their meta keys).
 */
export function storeRates(db: DatabaseSync, options: ImportOptions): RatesSummary | null {
  const carried = options.rates === undefined;
  const rates = options.rates ?? ratesOfFile(options.dbPath);
  db.exec("BEGIN");
  saveRates(db, rates);
  db.exec("COMMIT");
  if (rates === null) return null;
  const missing = db.prepare(
    `SELECT currency, count(*) AS clubs FROM clubs
     WHERE currency NOT IN (SELECT currency FROM rates) GROUP BY currency ORDER BY currency`,
  ).all() as { currency: string; clubs: number }[];
  return {
    date: rates.date,
    source: rates.source,
    currencies: rates.rates.size,
    carried,
    format: carried ? null : rates.format ?? null,
    missing: missing.map((m) => ({ currency: m.currency, clubs: Number(m.clubs) })),
  };
}
