/**
 * The history's tables in a snapshot file, written by the import in the
 * same build as the clubs (docs/data.md#snapshot-history):
 *
 * - `history_snapshots`: one row per import kept (newest has the largest id),
 *   with its date, source, counts and the bytes its changes take;
 * - `history_changes`: one row per club an import added, removed or
 *   changed: the club as recorded (a removed club as it was, others as the
 *   import left them), its search keys (the `clubs` table's, so a removed
 *   club is found by the same filters), the place its words name, and the
 *   changed fields' old and new values. Fee fields are stored as the
 *   database stores fees, and reduced for each reader (fees.ts).
 *
 * @module
 */
import { CLUB_KEY_COLUMNS } from "../store/mod.ts";
import type { SnapshotInfo } from "./types.ts";

/** Snapshots kept by default (`import --keep-snapshots`). */
export const DEFAULT_KEEP_SNAPSHOTS = 20;

/** The most snapshots `--keep-snapshots` may keep. */
export const MAX_KEEP_SNAPSHOTS = 1000;

/**
 * Bytes of recorded changes kept by default (`import --history-bytes`), as
 * counted by {@link rowBytes}: the oldest snapshots are dropped first, and a
 * newest snapshot larger than this keeps its first changes only.
 */
export const DEFAULT_HISTORY_BYTES = 8 * 1024 * 1024;

/** The most `--history-bytes` may be (the server holds the history's keys in memory). */
export const MAX_HISTORY_BYTES = 64 * 1024 * 1024;

/** Created by the import with the other tables. */
export const CREATE_HISTORY = `
CREATE TABLE IF NOT EXISTS history_snapshots (
  id INTEGER PRIMARY KEY,
  date TEXT NOT NULL, source TEXT NOT NULL, imported_at TEXT NOT NULL,
  added INTEGER NOT NULL, removed INTEGER NOT NULL, changed INTEGER NOT NULL,
  compared INTEGER NOT NULL, complete INTEGER NOT NULL, bytes INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS history_changes (
  snapshot INTEGER NOT NULL, kind TEXT NOT NULL, club TEXT NOT NULL,
  slug TEXT NOT NULL, name TEXT NOT NULL,
  city TEXT, state TEXT, country TEXT, type TEXT, place TEXT,
  name_fold TEXT NOT NULL, type_key TEXT, country_key TEXT, state_key TEXT,
  waitlist_key TEXT NOT NULL, city_key TEXT,
  fields TEXT NOT NULL, fees TEXT
);
`;

/** Built after the rows are in: a club's history is one index range. */
export const CREATE_HISTORY_INDEXES = `
CREATE INDEX IF NOT EXISTS history_changes_club ON history_changes(club, snapshot);
`;

/** The search keys a change row keeps, as the `clubs` table holds them. */
export const KEY_COLUMNS = CLUB_KEY_COLUMNS;

/** The columns of `history_changes`, in order. */
export const CHANGE_COLUMNS = [
  "snapshot",
  "kind",
  "club",
  "slug",
  "name",
  "city",
  "state",
  "country",
  "type",
  "place",
  ...KEY_COLUMNS,
  "fields",
  "fees",
] as const;

/** The columns of `history_snapshots` a {@link SnapshotRow} is read from. */
export const SNAPSHOT_COLUMNS =
  "id, date, source, imported_at, added, removed, changed, compared, complete, bytes";

/** A snapshot of the history as its row records it, with the bytes its changes take. */
export type SnapshotRow = SnapshotInfo & { bytes: number };

/**
 * A `history_snapshots` row read with {@link SNAPSHOT_COLUMNS}.
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { snapshotOfRow } from "./table.ts";
 * const s = snapshotOfRow({ id: 2, date: "2025-03-03", source: "x.csv", imported_at: "t",
 *   added: 1, removed: 0, changed: 3, compared: 1, complete: 1, bytes: 900 });
 * assert.deepStrictEqual([s.importedAt, s.compared, s.bytes], ["t", true, 900]);
 * ```
 */
export function snapshotOfRow(r: Record<string, unknown>): SnapshotRow {
  return {
    id: Number(r.id),
    date: String(r.date),
    source: String(r.source),
    importedAt: String(r.imported_at),
    added: Number(r.added),
    removed: Number(r.removed),
    changed: Number(r.changed),
    compared: r.compared === 1,
    complete: r.complete === 1,
    bytes: Number(r.bytes),
  };
}

/** One `history_changes` row. */
export type ChangeRow = {
  [K in typeof CHANGE_COLUMNS[number]]: K extends "snapshot" ? number : string | null;
};

const encoder = new TextEncoder();

/**
 * The bytes a change row counts for against the bound: the UTF-8 length of
 * its texts, plus 8 a column (SQLite's record header and integers).
 *
 * @example
 * ```ts
 * import assert from "node:assert/strict";
 * import { rowBytes } from "./table.ts";
 * assert.equal(rowBytes({ kind: "added", club: "c1" }), 7 + 16);
 * ```
 */
export function rowBytes(row: Record<string, unknown>): number {
  let n = 0;
  for (const v of Object.values(row)) {
    n += 8 + (typeof v === "string" ? encoder.encode(v).length : 0);
  }
  return n;
}
