/**
 * The shapes of the snapshot history (docs/data.md#snapshot-history): one
 * {@link SnapshotInfo} per import kept, and one {@link ClubChange} per club
 * an import added, removed or changed, as a caller with a given fee access
 * may see it.
 *
 * @module
 */

/** One import kept in the history. */
export interface SnapshotInfo {
  /** Increases by one with every import into the same database file. */
  id: number;
  /** The snapshot's date, YYYY-MM-DD (`import --snapshot-date`, else the import's UTC day). */
  date: string;
  /** The import's `--source` (empty when none was given). */
  source: string;
  /** When the import ran (RFC 3339, UTC). */
  importedAt: string;
  added: number;
  removed: number;
  changed: number;
  /**
   * False for an import with no database to compare with (the first one, or
   * one replacing a file of another layout): its changes are unknown, not none.
   */
  compared: boolean;
  /**
   * False when the history's byte bound cut this snapshot's list of changes
   * short (the counts above stay the import's own).
   */
  complete: boolean;
}

/** What an import did to a club. */
export type ChangeKind = "added" | "removed" | "changed";

/**
 * One field that changed, its values as the caller may see them. Fee
 * fields are reduced by access: members get `fee_views.<fee>` (the views
 * of core/club's fee rules before and after) and `fee_tier`/`currency`;
 * everyone else gets one `fees` entry with null values.
 */
export interface FieldChange {
  field: string;
  old: unknown;
  new: unknown;
}

/** A club as the history recorded it (the removed club as it was). */
export interface ChangedClub {
  id: string;
  slug: string;
  name: string;
  city: string | null;
  state: string | null;
  country: string | null;
  type: string | null;
}

/** One club's change in one snapshot. */
export interface ClubChange {
  snapshot: SnapshotInfo;
  kind: ChangeKind;
  club: ChangedClub;
  /** Changed fields (empty for an added or removed club). */
  fields: FieldChange[];
  /** The change in plain words: "New in Florida", "Opened for applications", "Fees updated", … */
  words: string[];
}
