/**
 * The import's side of the history: the new snapshot's changes written into
 * the file being built, and the snapshots of the database it replaces
 * carried over, newest first, within the bounds (a number of snapshots and
 * a number of bytes; the oldest go first). The old file is opened
 * read-only, never attached, like the diff's and the rates' reads.
 *
 * @example
 * ```ts ignore
 * import { HistoryRecorder } from "./record.ts";
 * const history = new HistoryRecorder(db, "data/clubs.db", { source: "feed" });
 * const diff = diffDatabases(db, "data/clubs.db", undefined, history.add);
 * history.finish(diff); // { snapshot: { id: 8, … }, kept: 8, dropped: 0, bytes: 41230, … }
 * ```
 * @module
 */
import { DatabaseSync, type StatementSync } from "node:sqlite";
import { CLUB_FIELDS, FEE_FIELDS } from "../model/mod.ts";
import { type Row, rowToRecord } from "../store/mod.ts";
import {
  CHANGE_COLUMNS,
  type ChangeRow,
  CREATE_HISTORY,
  CREATE_HISTORY_INDEXES,
  DEFAULT_HISTORY_BYTES,
  DEFAULT_KEEP_SNAPSHOTS,
  KEY_COLUMNS,
  rowBytes,
  SNAPSHOT_COLUMNS,
  snapshotOfRow,
  type SnapshotRow,
} from "./table.ts";

export { KEY_COLUMNS } from "./table.ts";
import type { ChangeKind, SnapshotInfo } from "./types.ts";

export const SOURCE_COLUMNS: readonly string[] = [...CLUB_FIELDS, ...KEY_COLUMNS];

/** One club the diff found added, removed or changed, with its rows before and after. */
export interface DiffRows {
  change: ChangeKind;
  id: string;
  before: Row | null;
  after: Row | null;
}

/** The history's settings of an import. */
export interface HistoryOptions {
  /** The import's `--source`. */
  source?: string;
  /** Snapshots kept, this one included (default {@link DEFAULT_KEEP_SNAPSHOTS}). */
  keepSnapshots?: number;
  /** Bytes of changes kept (default {@link DEFAULT_HISTORY_BYTES}). */
  historyBytes?: number;
  /** The snapshot's date, YYYY-MM-DD (default: the import's UTC day). */
  snapshotDate?: string;
}

/** What an import recorded, for its summary and `--report json`. */
export interface HistorySummary {
  /** The snapshot recorded (or, in a dry run, that would be). */
  snapshot: SnapshotInfo;
  /** Changes listed for it (fewer than its counts when it is not complete). */
  recorded: number;
  /** Snapshots in the history now, this one included. */
  kept: number;
  /** Snapshots of the replaced database's history dropped to keep within the bounds. */
  dropped: number;
  /** Bytes of changes the history holds (as the bound counts them). */
  bytes: number;
  /** The bounds. */
  keepSnapshots: number;
  historyBytes: number;
}

type OldSnapshot = SnapshotRow;

/** The JSON of a value as the record holds it (lists parsed, booleans true/false). */
function valuesOf(row: Row): Record<string, unknown> {
  return rowToRecord(row) as unknown as Record<string, unknown>;
}

const IS_FEE: ReadonlySet<string> = new Set(FEE_FIELDS);

/** Records one import's snapshot; see the module's description. */
export class HistoryRecorder {
  readonly #db: DatabaseSync;
  readonly #old: DatabaseSync | null;
  readonly #oldSnapshots: OldSnapshot[];
  readonly #insert: StatementSync;
  readonly #placeNew: StatementSync;
  readonly #placeOld: StatementSync | null;
  readonly #keep: number;
  readonly #maxBytes: number;
  readonly #info: OldSnapshot;
  #recorded = 0;

  constructor(db: DatabaseSync, oldPath: string, options: HistoryOptions = {}) {
    this.#db = db;
    this.#keep = options.keepSnapshots ?? DEFAULT_KEEP_SNAPSHOTS;
    this.#maxBytes = options.historyBytes ?? DEFAULT_HISTORY_BYTES;
    this.#old = openOld(oldPath);
    this.#oldSnapshots = this.#old ? oldSnapshots(this.#old) : [];
    this.#placeOld = this.#old ? placeStatement(this.#old) : null;
    const importedAt = new Date().toISOString();
    this.#info = {
      id: (this.#oldSnapshots[0]?.id ?? 0) + 1,
      date: options.snapshotDate ?? importedAt.slice(0, 10),
      source: options.source ?? "",
      importedAt,
      added: 0,
      removed: 0,
      changed: 0,
      compared: false,
      complete: true,
      bytes: 0,
    };
    db.exec(CREATE_HISTORY);
    db.exec("BEGIN");
    this.#insert = db.prepare(
      `INSERT INTO history_changes(${CHANGE_COLUMNS.join(", ")}) VALUES (${
        CHANGE_COLUMNS.map(() => "?").join(", ")
      })`,
    );
    this.#placeNew = placeStatement(db);
  }

  /** Records one change the diff found (pass it as the diff's row listener). */
  add = (change: DiffRows): void => {
    const shown = change.after ?? change.before!;
    const from = change.after ? this.#placeNew : this.#placeOld;
    const place = from === null
      ? null
      : placeOf(from, shown.state_key as string | null, shown.country_key as string | null);
    const fields: [string, unknown, unknown][] = [];
    let fees: string | null = null;
    if (change.before && change.after) {
      const a = valuesOf(change.before);
      const b = valuesOf(change.after);
      let feeChanged = false;
      for (const f of CLUB_FIELDS) {
        if (JSON.stringify(a[f]) === JSON.stringify(b[f])) continue;
        if (IS_FEE.has(f)) feeChanged = true;
        else fields.push([f, a[f], b[f]]);
      }
      if (feeChanged) {
        const pick = (r: Record<string, unknown>) =>
          Object.fromEntries(FEE_FIELDS.map((f) => [f, r[f]]));
        fees = JSON.stringify({ old: pick(a), new: pick(b) });
      }
    }
    const row: ChangeRow = {
      snapshot: this.#info.id,
      kind: change.change,
      club: change.id,
      slug: String(shown.slug),
      name: String(shown.name),
      city: shown.city as string | null,
      state: shown.state as string | null,
      country: shown.country as string | null,
      type: shown.type as string | null,
      place,
      name_fold: String(shown.name_fold),
      type_key: shown.type_key as string | null,
      country_key: shown.country_key as string | null,
      state_key: shown.state_key as string | null,
      waitlist_key: String(shown.waitlist_key),
      city_key: shown.city_key as string | null,
      fields: JSON.stringify(fields),
      fees,
    };
    const bytes = rowBytes(row);
    if (!this.#info.complete || this.#info.bytes + bytes > this.#maxBytes) {
      this.#info.complete = false;
      return;
    }
    this.#info.bytes += bytes;
    this.#recorded++;
    this.#insert.run(...CHANGE_COLUMNS.map((c) => row[c]));
  };

  /**
   * Writes the snapshot with the diff's counts (none when there was nothing
   * to compare with), carries the old snapshots over within the bounds and
   * commits.
   */
  finish(
    diff: { previous: true; counts: { added: number; removed: number; changed: number } } | {
      previous: false;
    },
  ): HistorySummary {
    const info = this.#info;
    try {
      if (diff.previous) {
        Object.assign(info, {
          added: diff.counts.added,
          removed: diff.counts.removed,
          changed: diff.counts.changed,
          compared: true,
        });
      } else {
        // A comparison that failed part-way lists nothing.
        this.#db.prepare("DELETE FROM history_changes WHERE snapshot = ?").run(info.id);
        Object.assign(info, { compared: false, complete: true, bytes: 0 });
        this.#recorded = 0;
      }
      const insertSnapshot = this.#db.prepare(
        `INSERT INTO history_snapshots(${SNAPSHOT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      const put = (s: OldSnapshot) =>
        insertSnapshot.run(
          s.id,
          s.date,
          s.source,
          s.importedAt,
          s.added,
          s.removed,
          s.changed,
          s.compared ? 1 : 0,
          s.complete ? 1 : 0,
          s.bytes,
        );
      put(info);
      let kept = 1;
      let bytes = info.bytes;
      const carried = this.#oldSnapshots.length;
      if (this.#old) {
        const read = this.#old.prepare(
          `SELECT ${
            CHANGE_COLUMNS.join(", ")
          } FROM history_changes WHERE snapshot = ? ORDER BY rowid`,
        );
        for (const s of this.#oldSnapshots) {
          if (kept >= this.#keep || bytes + s.bytes > this.#maxBytes) break;
          put(s);
          for (const r of read.iterate(s.id) as Iterable<ChangeRow>) {
            this.#insert.run(...CHANGE_COLUMNS.map((c) => r[c]));
          }
          kept++;
          bytes += s.bytes;
        }
      }
      this.#db.exec(CREATE_HISTORY_INDEXES);
      this.#db.exec("COMMIT");
      const { bytes: _, ...snapshot } = info;
      return {
        snapshot,
        recorded: this.#recorded,
        kept,
        dropped: carried - (kept - 1),
        bytes,
        keepSnapshots: this.#keep,
        historyBytes: this.#maxBytes,
      };
    } finally {
      this.close();
    }
  }

  /** Lets go of the replaced database (also when the import fails). */
  close(): void {
    if (this.#old?.isOpen) this.#old.close();
  }
}

function openOld(path: string): DatabaseSync | null {
  try {
    if (!Deno.statSync(path).isFile) return null;
    const db = new DatabaseSync(path, { readOnly: true });
    try {
      db.prepare("SELECT 1 FROM history_changes LIMIT 1").get();
      db.prepare("SELECT 1 FROM place_names LIMIT 1").get();
      return db;
    } catch {
      db.close();
      return null; // a file of an older layout: no history to carry
    }
  } catch {
    return null;
  }
}

function oldSnapshots(db: DatabaseSync): OldSnapshot[] {
  return (db.prepare(`SELECT ${SNAPSHOT_COLUMNS} FROM history_snapshots ORDER BY id DESC`)
    .all() as Record<string, unknown>[]).map(snapshotOfRow);
}

function placeStatement(db: DatabaseSync): StatementSync {
  return db.prepare("SELECT name FROM place_names WHERE key = ?");
}

/** The English name of the club's region, else its country (null for a name-only place). */
function placeOf(
  names: StatementSync,
  state: string | null,
  country: string | null,
): string | null {
  for (const key of [state, country]) {
    if (key === null) continue;
    const r = names.get(key) as { name: string } | undefined;
    if (r) return r.name;
  }
  return null;
}
