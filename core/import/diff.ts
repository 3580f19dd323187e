/**
 * What an import changes: the clubs added, removed and changed compared with
 * the database it replaces, matched by id. The old file is attached
 * read-only to the new one and compared in SQL, column by column, so the
 * cost is a few indexed passes whatever the size.
 *
 * @example
 * ```ts ignore
 * import { diffDatabases } from "./diff.ts";
 * const d = diffDatabases(newDb, "data/clubs.db", (e) => console.log(e.change, e.name));
 * d.counts; // { added: 3, removed: 1, changed: 12, unchanged: 39984 }
 * ```
 * @module
 */
import type { DatabaseSync } from "node:sqlite";
import { CLUB_FIELDS } from "../model/fields.ts";

/** How many clubs an import adds, removes, changes and leaves as they were. */
export interface DiffCounts {
  added: number;
  removed: number;
  changed: number;
  unchanged: number;
}

/** One club that an import adds, removes or changes (with the fields that differ). */
export interface DiffEntry {
  change: "added" | "removed" | "changed";
  id: string;
  name: string;
  fields?: string[];
}

/** The comparison with the database replaced: counts, or why there are none. */
export type DiffResult =
  | { previous: true; counts: DiffCounts }
  | { previous: false; reason: string };

/** A path as an SQLite URI opened read-only. */
function readOnlyUri(path: string): string {
  const escaped = path.replace(/[%?#]/g, (c) => `%${c.charCodeAt(0).toString(16)}`);
  return `file:${escaped}?mode=ro`;
}

const differs = CLUB_FIELDS.map((f) => `n.${f} IS NOT o.${f}`).join(" OR ");
const changedFields = CLUB_FIELDS.map((f) =>
  `CASE WHEN n.${f} IS NOT o.${f} THEN ' ${f}' ELSE '' END`
)
  .join(" || ");

/**
 * Compares the clubs of `db` (the new snapshot) with those of the database
 * at `oldPath`. With `list`, every added, removed and changed club is
 * passed to it (added first, then removed, then changed, each by name).
 *
 * @example
 * ```ts ignore
 * import { diffDatabases } from "./diff.ts";
 * diffDatabases(db, "/nonexistent.db"); // { previous: false, reason: "there is no database at /nonexistent.db" }
 * ```
 */
export function diffDatabases(
  db: DatabaseSync,
  oldPath: string,
  list?: (entry: DiffEntry) => void,
): DiffResult {
  try {
    if (!Deno.statSync(oldPath).isFile) {
      return { previous: false, reason: `${oldPath} is not a file` };
    }
  } catch {
    return { previous: false, reason: `there is no database at ${oldPath} yet` };
  }
  try {
    db.prepare("ATTACH DATABASE ? AS old").run(readOnlyUri(oldPath));
  } catch (e) {
    return { previous: false, reason: `${oldPath} cannot be read (${(e as Error).message})` };
  }
  try {
    const one = (sql: string) => Number((db.prepare(sql).get() as { n: number }).n);
    const added = one(
      "SELECT count(*) AS n FROM main.clubs n WHERE NOT EXISTS (SELECT 1 FROM old.clubs o WHERE o.id = n.id)",
    );
    const removed = one(
      "SELECT count(*) AS n FROM old.clubs o WHERE NOT EXISTS (SELECT 1 FROM main.clubs n WHERE n.id = o.id)",
    );
    const changed = one(
      `SELECT count(*) AS n FROM main.clubs n JOIN old.clubs o ON o.id = n.id WHERE ${differs}`,
    );
    const total = one("SELECT count(*) AS n FROM main.clubs");
    if (list) {
      const rows = [
        "SELECT 'added' AS change, n.id, n.name, NULL AS fields FROM main.clubs n WHERE NOT EXISTS (SELECT 1 FROM old.clubs o WHERE o.id = n.id) ORDER BY n.name_fold, n.id",
        "SELECT 'removed' AS change, o.id, o.name, NULL AS fields FROM old.clubs o WHERE NOT EXISTS (SELECT 1 FROM main.clubs n WHERE n.id = o.id) ORDER BY o.name, o.id",
        `SELECT 'changed' AS change, n.id, n.name, ${changedFields} AS fields FROM main.clubs n JOIN old.clubs o ON o.id = n.id WHERE ${differs} ORDER BY n.name_fold, n.id`,
      ];
      for (const sql of rows) {
        for (
          const r of db.prepare(sql).iterate() as Iterable<DiffEntry & { fields: string | null }>
        ) {
          const entry: DiffEntry = { change: r.change, id: r.id, name: r.name };
          if (r.fields !== null) entry.fields = r.fields.trim().split(" ");
          list(entry);
        }
      }
    }
    return {
      previous: true,
      counts: { added, removed, changed, unchanged: total - added - changed },
    };
  } catch (e) {
    // An old file of another layout or no directory at all: say so, import anyway.
    return {
      previous: false,
      reason: `${oldPath} cannot be compared (${(e as Error).message})`,
    };
  } finally {
    db.exec("DETACH DATABASE old");
  }
}
