/**
 * Reading the history of an opened snapshot: its snapshots, an index of
 * its change rows (what the filters read, kept per snapshot within a byte
 * budget), and a change row rendered for a caller's fee access.
 *
 * @module
 */
import type { FeeAccess } from "../club/mod.ts";
import { approxBytes, type ClubStore } from "../store/mod.ts";
import { feeChanges, type FeesBeforeAfter } from "./fees.ts";
import type { RecordedKeys } from "./filter.ts";
import type { ChangeKind, ClubChange, FieldChange, SnapshotInfo } from "./types.ts";
import { changeWords, type RecordedField } from "./words.ts";
import { SNAPSHOT_COLUMNS, snapshotOfRow } from "./table.ts";

/**
 * Budgets of the index of change rows and of the latest marks: a share of
 * the history this file records (`ClubStore.historyBytes`, which the store
 * adds to its memos' total, see core/store/memo.ts), since the index keeps
 * less of a row (its keys, not its fields) than the file does.
 */
const indexBytes = (store: ClubStore) => Math.max(64 * 1024, Math.ceil(store.historyBytes / 2));
const latestBytes = (store: ClubStore) => Math.max(16 * 1024, Math.ceil(store.historyBytes / 4));

/** The change rows' keys, newest snapshot first, then in name order. */
export interface ChangeIndex {
  /** `history_changes` rowids. */
  rowids: Int32Array;
  /** Position of each row's snapshot in {@link snapshots}' list. */
  snapshot: Int32Array;
  kind: ChangeKind[];
  club: string[];
  keys: RecordedKeys[];
  bytes: number;
}

function hasHistory(store: ClubStore): boolean {
  return store.statement(
    "SELECT count(*) AS n FROM sqlite_schema WHERE name IN ('history_snapshots', 'history_changes')",
  ).get()!.n === 2;
}

/**
 * The snapshots the history keeps, newest first (none in a file without
 * history).
 *
 * @example
 * ```ts ignore
 * snapshots(store)[0]; // { id: 3, date: "2025-03-03", source: "feed", added: 2, … }
 * ```
 */
export function snapshots(store: ClubStore): SnapshotInfo[] {
  return store.memo<"list", SnapshotInfo[]>("history.snapshots", 256 * 1024, {
    kind: "structure",
  }).use("list", () => {
    if (!hasHistory(store)) return [];
    return (store.statement(
      `SELECT ${SNAPSHOT_COLUMNS} FROM history_snapshots ORDER BY id DESC`,
    ).all() as Record<string, unknown>[]).map((r) => {
      // What a reader is told of a snapshot: its row but the bytes it counts against the bound.
      const { bytes: _, ...info } = snapshotOfRow(r);
      return info;
    });
  });
}

/** The index of every change row (see {@link ChangeIndex}), read once per snapshot. */
export function changeIndex(store: ClubStore): ChangeIndex {
  return store.memo<"index", ChangeIndex>("history.index", indexBytes(store), {
    kind: "structure",
    weigh: (index) => index.bytes,
  }).use("index", () => {
    const list = snapshots(store);
    const at = new Map(list.map((s, i) => [s.id, i]));
    const rows = list.length
      ? store.statement(
        `SELECT rowid AS r, snapshot, kind, club, name_fold, type_key, country_key, state_key,
           waitlist_key, city_key
         FROM history_changes ORDER BY snapshot DESC, name_fold, name, club`,
      ).all() as Record<string, string | number | null>[]
      : [];
    const index: ChangeIndex = {
      rowids: Int32Array.from(rows, (r) => Number(r.r)),
      snapshot: Int32Array.from(rows, (r) => at.get(Number(r.snapshot)) ?? -1),
      kind: rows.map((r) => r.kind as ChangeKind),
      club: rows.map((r) => String(r.club)),
      keys: rows.map((r) => ({
        name_fold: String(r.name_fold),
        type_key: r.type_key as string | null,
        country_key: r.country_key as string | null,
        state_key: r.state_key as string | null,
        waitlist_key: String(r.waitlist_key),
        city_key: r.city_key as string | null,
      })),
      bytes: 0,
    };
    index.bytes = approxBytes(index.rowids) + approxBytes(index.snapshot) +
      rows.length * 64 + approxBytes(index.club) + approxBytes(index.keys);
    return index;
  });
}

const ROW_SQL = `SELECT snapshot, kind, club, slug, name, city, state, country, type, place,
  fields, fees FROM history_changes`;

/** A stored change row as `access` may see it. */
export function renderChange(
  row: Record<string, string | number | null>,
  snapshot: SnapshotInfo,
  access: FeeAccess,
): ClubChange {
  const recorded = JSON.parse(String(row.fields)) as RecordedField[];
  const fees = row.fees === null ? null : JSON.parse(String(row.fees)) as FeesBeforeAfter;
  const fields: FieldChange[] = recorded.map(([field, old, now]) => ({ field, old, new: now }));
  if (fees) fields.push(...feeChanges(fees, access));
  const kind = row.kind as ChangeKind;
  return {
    snapshot,
    kind,
    club: {
      id: String(row.club),
      slug: String(row.slug),
      name: String(row.name),
      city: row.city as string | null,
      state: row.state as string | null,
      country: row.country as string | null,
      type: row.type as string | null,
    },
    fields,
    words: changeWords(kind, recorded, fees !== null, row.place as string | null),
  };
}

/** The changes of the given rowids (in the order given), as `access` may see them. */
export function changesOf(
  store: ClubStore,
  rowids: readonly number[],
  access: FeeAccess,
): ClubChange[] {
  if (!rowids.length) return [];
  const byId = new Map(snapshots(store).map((s) => [s.id, s]));
  const all = store.statement(
    `${ROW_SQL.replace("SELECT", "SELECT rowid AS r,")} WHERE rowid IN (${
      rowids.map(() => "?").join(",")
    })`,
  ).all(...rowids) as Record<string, string | number | null>[];
  const byRow = new Map(all.map((r) => [Number(r.r), r]));
  return rowids.map((id) => {
    const r = byRow.get(id)!;
    return renderChange(r, byId.get(Number(r.snapshot))!, access);
  });
}

/**
 * One club's changes in every kept snapshot, newest first (an index range:
 * a few rows at most per snapshot).
 */
export function clubHistory(store: ClubStore, clubId: string, access: FeeAccess): ClubChange[] {
  if (!hasHistory(store)) return [];
  const byId = new Map(snapshots(store).map((s) => [s.id, s]));
  const rows = store.statement(
    `${ROW_SQL} WHERE club = ? ORDER BY snapshot DESC`,
  ).all(clubId) as Record<string, string | number | null>[];
  return rows.map((r) => renderChange(r, byId.get(Number(r.snapshot))!, access));
}

/**
 * The clubs the latest snapshot added or changed (for marks on results),
 * read once per snapshot.
 */
export function latestChanges(store: ClubStore): ReadonlyMap<string, ChangeKind> {
  return store.memo<"latest", Map<string, ChangeKind>>("history.latest", latestBytes(store), {
    kind: "structure",
    weigh: (m) => 64 + m.size * 96,
  }).use("latest", () => {
    const latest = snapshots(store)[0];
    if (!latest) return new Map();
    const rows = store.statement(
      "SELECT club, kind FROM history_changes WHERE snapshot = ? AND kind != 'removed'",
    ).all(latest.id) as { club: string; kind: ChangeKind }[];
    return new Map(rows.map((r) => [r.club, r.kind]));
  });
}
