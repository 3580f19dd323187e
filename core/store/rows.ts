/**
 * A club as `clubs` table values and back: the one conversion between a
 * {@link ClubRecord} and its SQLite row, used by the import (write) and the
 * store (read). Booleans are stored as 0/1 and amenities as JSON text.
 *
 * @example
 * ```ts ignore
 * import { recordToColumns, rowToRecord } from "./rows.ts";
 * rowToRecord(Object.fromEntries(CLUB_FIELDS.map((f, i) => [f, recordToColumns(club)[i]])));
 * ```
 * @module
 */
import type { ClubRecord } from "../schema/club.ts";
import { CLUB_FIELDS } from "../model/fields.ts";

/** A `clubs` row as SQLite returns it. */
export type Row = Record<string, string | number | null>;

/** Converts a `clubs` row back to a {@link ClubRecord}. */
export function rowToRecord(row: Row): ClubRecord {
  const out: Record<string, unknown> = {};
  for (const c of CLUB_FIELDS) out[c] = row[c] ?? null;
  out.verified = row.verified === null ? null : row.verified === 1;
  out.amenities = row.amenities === null ? null : JSON.parse(String(row.amenities));
  return out as ClubRecord;
}

/** A record's Club fields as SQLite values, in {@link CLUB_FIELDS} order. */
export function recordToColumns(club: ClubRecord): (string | number | null)[] {
  return CLUB_FIELDS.map((c) => {
    const v = club[c];
    if (c === "amenities") return v === null ? null : JSON.stringify(v);
    if (c === "verified") return v === null ? null : v ? 1 : 0;
    return v as string | number | null;
  });
}
