/**
 * The snapshot history (docs/data.md#snapshot-history): every import
 * records its snapshot and the clubs it added, removed and changed in the
 * database file, carried over from import to import within bounds; callers
 * read the changes a search's filters find, a club's history and the
 * latest snapshot's changes, with fee changes as their access allows.
 * Above the search (it reuses its parsing and filters), below the import
 * (which writes it).
 *
 * @example
 * ```ts ignore
 * import { listChanges, snapshots } from "./mod.ts";
 * snapshots(store)[0]?.date; // "2025-03-03"
 * const q = parseSearch({ type: "golf", state: "FL" });
 * if (q.ok) listChanges(store, q.value, { since: "2025-03-01", access: "locked", page: 1, limit: 20 });
 * ```
 * @module
 */
export type { ChangedClub, ChangeKind, ClubChange, FieldChange, SnapshotInfo } from "./types.ts";
export { changeIndex, clubHistory, latestChanges, snapshots } from "./read.ts";
export { type ChangeList, isDay, listChanges, type ListOptions, parseSince } from "./list.ts";
export { changeFilter, type RecordedKeys } from "./filter.ts";
export { changeListJson, type ChangeListMeta, snapshotJson } from "./json.ts";
export { feeChanges, type FeesBeforeAfter } from "./fees.ts";
export { changeWords } from "./words.ts";
export {
  type DiffRows,
  type HistoryOptions,
  HistoryRecorder,
  type HistorySummary,
  SOURCE_COLUMNS,
} from "./record.ts";
export {
  DEFAULT_HISTORY_BYTES,
  DEFAULT_KEEP_SNAPSHOTS,
  MAX_HISTORY_BYTES,
  MAX_KEEP_SNAPSHOTS,
} from "./table.ts";
